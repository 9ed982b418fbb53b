// Graps's hand in the Activity's page (app.js): the mover's legal cells dotted on the
// board the table drew (render/web/graps.js), each tappable; a tap picks the cell and
// asks "Place your grape on H8" first, since a board cell is small under a finger.
// Under it, what the roll allows in the chat's words (bot/exts/graps/ui.py) and a
// button per legal cell with what it would do, as the chat's cell menus list them
// (picker.py), the row nearest the opponent's land first: one tap each, for screen
// readers, keyboards and anyone who would rather not aim at the board.

const SIZE = 15;
const COLUMNS = "ABCDEFGHIJKLMNO";
const THEIRS = { dark: "light", light: "dark" };
const PAWNS = { dark: ["x", "X"], light: ["o", "O"] };

// The cell tapped on the board, waiting for its confirmation, in the state it was
// tapped in.
let picked = null;

export function grapsHand({ state, words, said, legal, button, redraw }) {
  const you = state.you;
  const hand = you.hand;
  const table = state.table;
  const g = said.graps;
  if (!hand || !table || !g || !Array.isArray(table.board)) return null;
  const places = legal.filter((action) => "place" in action);
  const version = state.game.version;
  if (picked && (picked.version !== version || !places.some((action) => action.place === picked.cell))) {
    picked = null;
  }
  const side = hand.side;
  const cells = forwardFirst(places.map((action) => action.place), side);
  const byCell = new Map(places.map((action) => [action.place, action]));
  const face = words[table.roll === "blank" ? "face_blank" : "face_grape"];
  const pick = (cell) => {
    picked = { version, cell, tapped: true };
    redraw();
  };
  markBoard(cells, picked && picked.cell, pick);
  const shown = [];
  if (!cells.length) {
    if (table.phase !== "over" && table.to_move && table.to_move !== you.seat) {
      shown.push(el("p", { class: "activity-gp-say" }, filled(said.waiting, { players: table.to_move })));
    }
    // No hand in Graps: no heading while the player waits.
    return { heading: null, shown, rest: legal.filter((action) => !("place" in action)) };
  }
  shown.push(para(moveWords(table, side, cells.length, g)));
  if (picked) {
    const sure = button(filled(g.place_on, { face, cell: picked.cell }), byCell.get(picked.cell));
    sure.classList.add("activity-gp-sure");
    const back = el("button", { type: "button", class: "activity-back" }, said.back);
    back.addEventListener("click", () => {
      picked = null;
      redraw();
    });
    const asked = el("div", { class: "activity-gp-picked", role: "group" },
      el("p", {}, cellNote(table, you.seat, side, picked.cell, g)),
      el("div", { class: "activity-moves" }, sure, back));
    shown.push(asked);
    // Just tapped on the board: the question brought into sight (a short screen may
    // have the hand under the board), once.
    if (picked.tapped) {
      picked.tapped = false;
      requestAnimationFrame(() => asked.scrollIntoView({ block: "nearest" }));
    }
  }
  shown.push(el("p", { class: "activity-gp-pick" }, filled(g.pick, { face })));
  shown.push(el("div", { class: "activity-gp-cells" }, cells.map((cell) => {
    const made = button([el("b", {}, cell), el("span", {}, cellNote(table, you.seat, side, cell, g))],
      byCell.get(cell));
    made.dataset.cell = cell;
    made.setAttribute("aria-label", `${cell}: ${cellNote(table, you.seat, side, cell, g)}`);
    return made;
  })));
  return { heading: g.your_turn, shown, rest: legal.filter((action) => !("place" in action)) };
}

// What the roll allows, as the chat's hand message says it (ui.py's your_move_text).
function moveWords(table, side, count, g) {
  const form = count === 0 ? "0" : count === 1 ? "1" : "n";
  if (table.phase === "setup") return filled(g.setup, { row: side === "dark" ? 1 : SIZE });
  const theirs = THEIRS[side];
  if (table.roll === "grape") return `${filled(g.grape[form], { count })} ${g.prunes[theirs]}`;
  return filled(g.blank[theirs][form], { count });
}

// What placing on `cell` would do, as the chat's cell menus say it (picker.py's
// cell_note): reach the opponent's land and win, prune their pawns, or a plain pawn.
function cellNote(table, name, side, cell, g) {
  const row = Number(cell.slice(1));
  if (row === (side === "dark" ? SIZE : 1)) {
    const other = table.players.find((player) => player !== name) || "";
    return filled(g.wins, { player: other });
  }
  if (table.roll === "blank") return filled(g.blank_row, { row });
  const theirs = THEIRS[side];
  const pruned = around(cell).filter(([c, r]) => PAWNS[theirs].includes(table.board[r - 1][c])).length;
  if (pruned) return filled(g.pruned[theirs][pruned === 1 ? "1" : "n"], { count: pruned });
  return filled(g.grape_row, { row });
}

// The eight cells around `cell` on the board, as [column index, row].
function around(cell) {
  const column = COLUMNS.indexOf(cell[0]);
  const row = Number(cell.slice(1));
  const found = [];
  for (let dc = -1; dc <= 1; dc++) {
    for (let dr = -1; dr <= 1; dr++) {
      const c = column + dc, r = row + dr;
      if ((dc || dr) && c >= 0 && c < SIZE && r >= 1 && r <= SIZE) found.push([c, r]);
    }
  }
  return found;
}

// Cells row by row, the row nearest the opponent's land first, then A to O (picker.py).
function forwardFirst(cells, side) {
  const ahead = (cell) => (side === "dark" ? Number(cell.slice(1)) : -Number(cell.slice(1)));
  return [...cells].sort((a, b) => ahead(b) - ahead(a) || COLUMNS.indexOf(a[0]) - COLUMNS.indexOf(b[0]));
}

// The legal cells on the table's board: dotted as the mover's picture dots them, each
// a tappable square (the picked one ringed). Drawn again with the hand, over the
// marks of the last drawing.
function markBoard(cells, pickedCell, pick) {
  const board = document.querySelector("#board .table-graps svg.board");
  if (!board) return;
  for (const old of board.querySelectorAll(".activity-legal")) old.remove();
  if (!cells.length) return;
  // The board's geometry, read from its wood (the first square): its corner and width.
  const wood = board.querySelector("rect");
  const left = Number(wood.getAttribute("x"));
  const top = Number(wood.getAttribute("y"));
  const cellSize = Number(wood.getAttribute("width")) / SIZE;
  const marks = svg("g", { class: "activity-legal" });
  for (const cell of cells) {
    const x = left + COLUMNS.indexOf(cell[0]) * cellSize;
    const y = top + (SIZE - Number(cell.slice(1))) * cellSize;
    const mark = svg("g", {
      class: cell === pickedCell ? "activity-legal-cell picked" : "activity-legal-cell",
      "data-legal-cell": cell,
      "aria-hidden": "true",
    },
    svg("rect", { x, y, width: cellSize, height: cellSize }),
    svg("circle", { cx: x + cellSize / 2, cy: y + cellSize / 2, r: cellSize * 0.18 }));
    mark.addEventListener("click", () => pick(cell));
    marks.append(mark);
  }
  board.append(marks);
}

// A paragraph with the chat's **bold** parts in bold.
function para(words) {
  return el("p", { class: "activity-gp-say" },
    String(words).split("**").map((part, i) => (i % 2 ? el("strong", {}, part) : part)));
}
