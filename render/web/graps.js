"use strict";
// Graps's table, as its picture draws it (render/graps/board.py): each player's disc,
// name, side and land row, supply and lost pawns over the board, the die with the
// mover's roll between them; the 15 x 15 board in SVG, row 15 on top so that dark
// (row 1) plays up the board, both land rows tinted, blanks as round counters and
// grapes as bunches (they read apart without colour), the last placement ringed in
// gold, the pawns it pruned or cut off crossed out. Once the game is over, how it
// ended. The words are render/graps/web.py's.

(function () {
  const SIZE = 15;
  const COLUMNS = "ABCDEFGHIJKLMNO";
  // The board's user units: a 360 px phone shows about one unit a pixel, so the
  // letters and numbers naming the cells (12 units, graps.css) read 12 px there and
  // grow on a desktop.
  const CELL = 20;
  const BAND = 16; // the letters' and numbers' bands around the board
  const BOARD = CELL * SIZE;
  const OUTER = BOARD + 2 * BAND;

  const COLOURS = {
    wood: "#e9d8b0",
    woodLine: "#b79a66",
    darkLand: "#c2af9a",
    lightLand: "#f6efdf",
    last: "#f0ce74",
    legal: "#2e9e4f",
    leaf: "#4f8a2b",
  };
  // A side's pawns: fill, edge and the counter's inner ring (fill and edge mixed).
  const PAWNS = {
    dark: { fill: "#3a1f4d", edge: "#1c0d27", ring: "#2c173c" },
    light: { fill: "#fbf5e3", edge: "#6b5530", ring: "#baad92" },
  };
  // The board's characters (games/graps/views.py Piece): side and grape or blank.
  const PIECES = {
    x: { side: "dark", grape: false },
    X: { side: "dark", grape: true },
    o: { side: "light", grape: false },
    O: { side: "light", grape: true },
  };

  // A counted message's form (render/graps/web.py gives those of 0, 1 and more).
  function counted(words, key, count) {
    const form = count === 0 ? "0" : count === 1 ? "1" : "n";
    return filled(words[`${key}_${form}`], { count });
  }

  // A length in user units, short in the page.
  function units(length) {
    return Math.round(length * 100) / 100;
  }

  // A pawn as its picture draws it, centred on (0, 0) in a cell `size` units wide.
  function pawn(side, grape, size) {
    const colours = PAWNS[side];
    if (!grape) {
      const r = size * 0.36;
      return [
        svg("circle", { r: units(r), fill: colours.fill, stroke: colours.edge, "stroke-width": units(r * 0.14) }),
        svg("circle", { r: units(r * 0.62), fill: "none", stroke: colours.ring, "stroke-width": units(r * 0.07) }),
      ];
    }
    // Six berries in rows of 3-2-1 under a stem and a leaf.
    const r = size * 0.44;
    const berry = r * 0.32;
    const rows = [[-0.5, [-0.62, 0, 0.62]], [0.02, [-0.31, 0.31]], [0.52, [0]]];
    const berries = rows.flatMap(([dy, xs]) => xs.map((dx) => svg("circle", {
      cx: units(dx * r), cy: units(dy * r + r * 0.12), r: units(berry),
      fill: colours.fill, stroke: colours.edge, "stroke-width": units(berry * 0.32),
    })));
    const top = -r * 0.95;
    const leaf = [[0, top + r * 0.15], [r * 0.55, top - r * 0.02], [r * 0.25, top + r * 0.3]];
    return [
      ...berries,
      svg("line", { x1: 0, y1: units(-r * 0.6), x2: 0, y2: units(top), stroke: COLOURS.leaf, "stroke-width": units(r * 0.1) }),
      svg("polygon", { points: leaf.map((point) => point.map(units).join(",")).join(" "), fill: COLOURS.leaf }),
    ];
  }

  // The top left corner of a named cell ("H8") on the board.
  function corner(cell) {
    const column = COLUMNS.indexOf(cell[0]);
    const row = Number(cell.slice(1));
    return [BAND + column * CELL, BAND + (SIZE - row) * CELL];
  }

  // A column's letter or a row's number, centred on (x, y).
  function label(x, y, text) {
    return svg("text", { x, y, class: "label", "text-anchor": "middle", "dominant-baseline": "central" }, text);
  }

  // The board: wood, land rows, grid, labels, then the pawns and the last move's marks.
  function board(view, words, legal) {
    const ground = [
      svg("rect", { x: BAND, y: BAND, width: BOARD, height: BOARD, fill: COLOURS.wood }),
      svg("rect", { x: BAND, y: BAND, width: BOARD, height: CELL, fill: COLOURS.lightLand }),
      svg("rect", { x: BAND, y: BAND + BOARD - CELL, width: BOARD, height: CELL, fill: COLOURS.darkLand }),
    ];
    if (view.last_cell) {
      const [x, y] = corner(view.last_cell);
      ground.push(svg("rect", { x, y, width: CELL, height: CELL, fill: COLOURS.last }));
    }
    const lines = [];
    for (let i = 0; i <= SIZE; i++) {
      const at = BAND + i * CELL;
      lines.push(`M${at} ${BAND}V${BAND + BOARD}M${BAND} ${at}H${BAND + BOARD}`);
    }
    const grid = svg("path", { d: lines.join(""), stroke: COLOURS.woodLine, "stroke-width": 0.5, fill: "none" });
    const frame = svg("rect", {
      x: BAND, y: BAND, width: BOARD, height: BOARD, fill: "none", stroke: PAWNS.dark.edge, "stroke-width": 1,
    });
    const labels = [];
    for (let i = 0; i < SIZE; i++) {
      const middle = BAND + i * CELL + CELL / 2;
      labels.push(label(middle, BAND / 2, COLUMNS[i]), label(middle, OUTER - BAND / 2, COLUMNS[i]));
      const row = String(SIZE - i);
      labels.push(label(BAND / 2, middle, row), label(OUTER - BAND / 2, middle, row));
    }
    const pawns = [];
    view.board.forEach((cells, r) => cells.forEach((value, c) => {
      const piece = PIECES[value];
      if (!piece) return;
      const cell = COLUMNS[c] + (r + 1);
      const [x, y] = corner(cell);
      const name = `${cell}: ${words["face_" + (piece.grape ? "grape" : "blank")]}, ${words["side_" + piece.side]}`;
      pawns.push(svg("g", {
        transform: `translate(${x + CELL / 2} ${y + CELL / 2})`,
        "data-cell": cell, "data-side": piece.side, role: "img", "aria-label": name,
      }, svg("title", {}, name), pawn(piece.side, piece.grape, CELL)));
    }));
    const marks = [];
    if (view.last_cell) {
      const [x, y] = corner(view.last_cell);
      const name = filled(words.last_placement, { cell: view.last_cell });
      marks.push(svg("rect", {
        x, y, width: CELL, height: CELL, fill: "none", "stroke-width": 1.6,
        class: "last", "data-last": view.last_cell,
      }, svg("title", {}, name)));
    }
    // The pawns the last placement removed (P5): their cells crossed out in red.
    for (const cell of [...view.last_pruned, ...view.last_cut_off]) {
      const [x, y] = corner(cell);
      const pad = CELL * 0.24;
      const d = `M${x + pad} ${y + pad}L${x + CELL - pad} ${y + CELL - pad}M${x + pad} ${y + CELL - pad}L${x + CELL - pad} ${y + pad}`;
      marks.push(svg("path", { d, class: "removed", "stroke-width": 1.6, "stroke-linecap": "round", "data-removed": cell }));
    }
    for (const cell of legal) {
      const [x, y] = corner(cell);
      marks.push(svg("circle", {
        cx: x + CELL / 2, cy: y + CELL / 2, r: CELL * 0.18, fill: COLOURS.legal, stroke: "#fff", "stroke-width": 0.8,
        "data-legal": cell, "aria-label": cell,
      }));
    }
    return svg("svg", { class: "board", viewBox: `0 0 ${OUTER} ${OUTER}`, role: "group" },
      ground, grid, frame, labels, pawns, marks);
  }

  // A small picture of one pawn, `size` px wide (the players' discs, the die's pawn).
  function pawnPicture(side, grape, size) {
    return svg("svg", { class: "pawn", viewBox: `${-size / 2} ${-size / 2} ${size} ${size}`, "aria-hidden": "true" },
      pawn(side, grape, size));
  }

  // A player's corner of the header: disc and name (gold for the mover or a winner),
  // side and land row, supply and lost pawns (the lost only once there are some).
  function seat(view, words, index) {
    const name = view.players[index];
    const side = index === 0 ? "dark" : "light";
    const moving = name === view.to_move;
    const winner = view.winners.includes(name);
    const figures = [counted(words, "supply", view.supply[index])];
    if (view.removed[index]) figures.push(counted(words, "lost", view.removed[index]));
    return el("div", {
      class: `seat seat-${side}`, "data-seat": name, "data-side": side,
      "data-turn": moving ? "" : null, "data-winner": winner ? "" : null,
      role: "group", "aria-label": `${name} (${words["side_" + side]})`,
    },
      el("div", { class: "who" }, pawnPicture(side, false, 22), el("span", { class: "name", title: name }, name)),
      el("div", { class: "land" }, words["land_" + side]),
      // Each figure kept whole: a narrow header wraps between them.
      el("div", { class: "figures" }, figures.flatMap((figure, i) => [i ? " · " : null, el("span", {}, figure)])));
  }

  // The die in the header's middle: the mover's roll as the pawn it places, in their
  // colour, with the roll in words under it; the set-up grape before the first roll.
  function die(view, words) {
    let grape, said;
    if (view.roll) {
      grape = view.roll === "grape";
      said = words[grape ? "rolled_grape" : "rolled_blank"];
    } else if (view.phase === "setup") {
      grape = true;
      said = words.setup_grape;
    } else {
      return el("div", { class: "die-place" });
    }
    const side = view.to_move === view.players[1] ? "light" : "dark";
    return el("div", { class: "die-place" },
      el("div", { class: "die" }, pawnPicture(side, grape, 34)),
      el("div", { class: "roll" }, said));
  }

  // How the game ended, as the bot's status line says it.
  function ending(view, words) {
    let line;
    if (view.reason) {
      // The reason opens the sentence: capitalised unless it opens with a name.
      const how = view.players.some((name) => view.reason.startsWith(name))
        ? view.reason : view.reason.charAt(0).toUpperCase() + view.reason.slice(1);
      line = filled(words.game_over_how, { how });
    } else if (view.winners.length === 1) {
      line = filled(words.game_over_wins, { player: view.winners[0] });
    } else {
      line = words.game_over_draw;
    }
    return el("p", { class: "ending" }, line);
  }

  // `options.legalFor`: a player's name; their legal cells are dotted when it is their
  // move (the picture of the mover's own board), never on the table.
  TABLES.graps = function (view, words, options = {}) {
    const legal = options.legalFor && options.legalFor === view.to_move ? view.legal || [] : [];
    return el("div", { class: "table table-graps", "data-phase": view.phase },
      el("div", { class: "header" }, seat(view, words, 0), die(view, words), seat(view, words, 1)),
      view.phase === "over" ? ending(view, words) : null,
      el("div", { class: "panel" }, board(view, words, legal)));
  };
})();
