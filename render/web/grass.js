// Grass's table (TABLES.grass) and the last scored hand (SCORES.grass), drawn as
// render/grass/table.py and scores.py draw their pictures, from the public view alone.
// The table is the picture's 640 px layout scaled to the page's width: every length on
// it is a number of units (--u in grass.css, 1/640 of the table's width), so the seats'
// cards lie where the picture lays them and six seats fit a phone screen as the picture
// does; the words around the cards are page text of their own size.
(function () {
  "use strict";

  // G1: each card's kind (its colours and emblem, render/grass/cards.py) and the values
  // a table sorts piles by: peddles and Protect cards (G12).
  const KINDS = {};
  for (const [kind, ids] of Object.entries({
    market_open: ["market_open"],
    peddle: ["home_grown", "mexico", "colombia", "jamaica", "panama", "dr_feelgood"],
    heat_on: ["bust", "detained", "felony", "search_and_seizure"],
    heat_off: ["immunity", "a_breeze_to_fly", "hearsay_evidence", "charges_dropped"],
    pay_fine: ["pay_fine"],
    nirvana: ["stonehigh", "euphoria"],
    protect: ["lust_conquers_all", "grab_a_snack", "catch_a_buzz"],
    paranoia: ["sold_out", "double_crossed", "utterly_wiped_out"],
    skim: ["steal_your_neighbors_pot", "banker"],
    market_close: ["market_close"],
  })) {
    for (const id of ids) KINDS[id] = kind;
  }
  const VALUES = {
    home_grown: 5000, mexico: 5000, colombia: 25000, jamaica: 25000, panama: 50000,
    dr_feelgood: 100000, lust_conquers_all: 50000, grab_a_snack: 25000, catch_a_buzz: 25000,
  };

  // The picture's measures (render/grass/table.py), in units.
  const CARD_W = 80, CARD_H = 106, SHORT_W = 76, SHORT_H = 60, SHORT_VALUE_H = 38;
  const LEFT = 5, RIGHT = 305, AREA_H = 2 * SHORT_H + 12, SHORT_ROW_GAP = 12;
  const CARD_STEP = 84, CARD_STEP_MIN = 76, SHORT_STEP = 80, SHORT_STEP_MIN = 74;
  const HASSLE_GAP = 10, FAN = 48, FAN_STEP = 24, FAN_STEP_MIN = 12, WHOLE_CARDS_MOST = 2;

  // -- words --------------------------------------------------------------------------

  // An amount as the reader's language writes it: words.money is its pattern, words.group
  // the mark between thousands; a loss has its minus sign in front (render/grass/web.py).
  function money(amount, words) {
    const digits = String(Math.abs(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, words.group);
    return (amount < 0 ? "-" : "") + filled(words.money, { amount: digits });
  }

  // A message that depends on a number: its form for 0, 1 or more.
  function counted(words, key, count) {
    const form = count === 0 ? "0" : count === 1 ? "1" : "n";
    return filled(words[`${key}.${form}`], { count });
  }

  // Text widths, to fit a card's words as the picture does (the font of table.css).
  const FONT = '"DejaVu Sans", "Noto Sans", "Segoe UI", Roboto, Helvetica, Arial, sans-serif';
  const ruler = document.createElement("canvas").getContext("2d");
  function textWidth(words, size) {
    ruler.font = `bold ${size}px ${FONT}`;
    return ruler.measureText(words).width;
  }

  const CENTRED = { "text-anchor": "middle", "dominant-baseline": "central" };

  // Bold words centred on (x, y), as large as fits `room` from `most` down to `least`,
  // and squeezed below that, never cut: a cut figure would be a wrong one.
  function fitted(words, x, y, room, most, least, attributes) {
    let size = most;
    while (size > least && textWidth(words, size) > room) size -= 1;
    const squeeze = textWidth(words, size) > room ? { textLength: room, lengthAdjust: "spacingAndGlyphs" } : {};
    return svg("text", { x, y, "font-size": size, ...CENTRED, ...squeeze, ...attributes }, words);
  }

  // -- card faces (render/grass/cards.py, emblems.py) ----------------------------------

  // A point `radius` from (cx, cy) at `angle` degrees (0 right, -90 up).
  function polar(cx, cy, angle, radius) {
    const a = (angle * Math.PI) / 180;
    return [cx + Math.cos(a) * radius, cy + Math.sin(a) * radius];
  }

  function shape(corners) {
    return svg("polygon", { points: corners.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ") });
  }

  function stroke(from, to, width) {
    return svg("line", { x1: from[0], y1: from[1], x2: to[0], y2: to[1], "stroke-width": width });
  }

  // The category's emblem in the middle of a face (render/grass/emblems.py), a tint
  // between its colour and ink (grass.css).
  function emblem(card, cx, cy, r) {
    const kind = KINDS[card];
    const parts = [];
    if (kind === "peddle") {
      // Leaflets fanning up from a stem.
      const y = cy + r * 0.25, R = r * 1.1;
      for (const [angle, length] of [[-90, 1], [-60, 0.8], [-120, 0.8], [-25, 0.62], [-155, 0.62]]) {
        const [mx, my] = polar(cx, y, angle, R * length * 0.5);
        const side = (turn) => polar(mx, my, angle + turn, R * 0.13);
        parts.push(shape([[cx, y], side(90), polar(cx, y, angle, R * length), side(-90)]));
      }
      parts.push(stroke([cx, y], [cx, y + R * 0.45], Math.max(2, R * 0.07)));
    } else if (kind === "protect") {
      const w = r * 0.85;
      parts.push(shape([[cx - w, cy - r * 0.8], [cx, cy - r], [cx + w, cy - r * 0.8], [cx + w, cy], [cx, cy + r], [cx - w, cy]]));
    } else if (kind === "heat_on" || kind === "heat_off") {
      parts.push(shape(Array.from({ length: 12 }, (_, i) => polar(cx, cy, -90 + i * 30, i % 2 ? r * 0.55 : r))));
    } else if (kind === "pay_fine") {
      parts.push(svg("circle", { cx, cy, r: r * 0.8 }),
        svg("text", { x: cx, y: cy, "font-size": Math.round(r * 1.1), class: "inside", ...CENTRED }, "$"));
    } else if (kind === "nirvana") {
      for (let angle = 0; angle < 360; angle += 30) {
        parts.push(stroke(polar(cx, cy, angle, r * 0.6), polar(cx, cy, angle, r), Math.max(2, r * 0.1)));
      }
      parts.push(svg("circle", { cx, cy, r: r * 0.45 }));
    } else if (kind === "paranoia") {
      parts.push(svg("ellipse", { cx, cy, rx: r, ry: r * 0.5 }),
        svg("circle", { cx, cy, r: r * 0.38, class: "inside" }),
        svg("circle", { cx, cy, r: r * 0.16 }));
    } else if (card === "banker") {
      const R = r * 0.9;
      parts.push(shape([[cx - R, cy - R * 0.4], [cx, cy - R], [cx + R, cy - R * 0.4]]));
      for (let i = 0; i < 4; i++) {
        parts.push(svg("rect", { x: cx - R * 0.85 + i * R * 0.5, y: cy - R * 0.3, width: R * 0.2, height: R * 0.9 }));
      }
      parts.push(svg("rect", { x: cx - R, y: cy + R * 0.7, width: 2 * R, height: R * 0.2 }));
    } else if (kind === "skim") {
      // A money bag.
      const R = r * 0.9;
      parts.push(svg("ellipse", { cx, cy: cy + R * 0.275, rx: R * 0.8, ry: R * 0.725 }),
        shape([[cx - R * 0.35, cy - R * 0.35], [cx + R * 0.35, cy - R * 0.35], [cx, cy - R * 0.1]]),
        shape([[cx - R * 0.45, cy - R], [cx + R * 0.45, cy - R], [cx, cy - R * 0.3]]));
    } else {
      // A market stall: an awning over a counter, boarded up for Market Close.
      const top = cy - r * 0.8, post = cy + r * 0.55 - top - r * 0.5;
      for (let i = 0; i < 5; i++) {
        const x0 = cx - r + i * r * 0.4;
        parts.push(svg("path", { d: `M${x0} ${top + r * 0.25}a${r * 0.2} ${r * 0.25} 0 0 0 ${r * 0.4} 0z` }));
        if (i % 2 === 0) parts.push(svg("rect", { x: x0, y: top, width: r * 0.4, height: r * 0.25 }));
      }
      parts.push(svg("rect", { x: cx - r, y: cy + r * 0.55, width: 2 * r, height: r * 0.25 }),
        svg("rect", { x: cx - r * 0.9, y: top + r * 0.5, width: r * 0.12, height: post }),
        svg("rect", { x: cx + r * 0.78, y: top + r * 0.5, width: r * 0.12, height: post }));
      if (kind === "market_close") {
        const width = Math.max(2, r * 0.14);
        parts.push(stroke([cx - r * 0.6, cy - r * 0.2], [cx + r * 0.6, cy + r * 0.45], width),
          stroke([cx - r * 0.6, cy + r * 0.45], [cx + r * 0.6, cy - r * 0.2], width));
      }
    }
    return svg("g", { class: "emblem" }, parts);
  }

  // A card's rim and coloured inside, `w` by `h` units; the inside is `inset` in.
  function blank(classes, w, h, inset, attributes) {
    return svg("svg", { class: `grass-card ${classes}`, viewBox: `0 0 ${w} ${h}`, role: "img", ...attributes },
      svg("rect", { class: "rim", x: 0.5, y: 0.5, width: w - 1, height: h - 1, rx: 6 }),
      svg("rect", { class: "inside", x: inset, y: inset, width: w - 2 * inset, height: h - 2 * inset, rx: 3 }));
  }

  function named(card, words) {
    return { "data-card": card, "aria-label": words[`card.${card}`] };
  }

  // The small table face: a peddle's or a Protect's value, another card's short name,
  // a Paranoia's penalty on a light plate; Heat Off's bar starts under the name.
  function face(card, words, attributes) {
    const kind = KINDS[card];
    const valued = card in VALUES;
    const image = blank(`kind-${kind}`, CARD_W, CARD_H, 4, { ...named(card, words), ...attributes });
    if (kind === "heat_off" || kind === "pay_fine") {
      // From corner to corner, the part above the name left out.
      image.append(svg("line", { class: "bar", x1: 27.6, y1: 36, x2: 73, y2: 99, "stroke-width": 11 }),
        svg("rect", { class: "inside", x: 4, y: 4, width: 72, height: 32 }));
    }
    let middle = CARD_H * 0.62;
    if (kind === "paranoia") {
      image.append(svg("rect", { class: "plate", x: 4, y: 75, width: 72, height: 27 }),
        fitted(words[`penalty.${card}`], 41, 89, 76, 22, 22, { class: "penalty" }));
      middle = CARD_H * 0.53;
    }
    image.append(emblem(card, CARD_W / 2, middle, valued ? 24 : 20),
      fitted(words[`face.${card}`], CARD_W / 2, 23, 68, 26, valued ? 22 : 16, { class: "ink" }));
    return image;
  }

  // A stash or Protect card cut short: its face's top, where its value is, over a band
  // left plain for the covered-peddle mark.
  function shortFace(card, words, attributes) {
    const image = blank(`short kind-${KINDS[card]}`, SHORT_W, SHORT_H, 3, { ...named(card, words), ...attributes });
    image.append(fitted(words[`face.${card}`], 38, 23, 68, 26, 22, { class: "ink" }));
    return image;
  }

  // The back: deep green, a lattice and the game's name.
  function back() {
    const lattice = [];
    for (let k = -CARD_H; k < CARD_W + CARD_H; k += 11) {
      lattice.push(stroke([k, 4], [k + CARD_H, 4 + CARD_H], 1), stroke([k + CARD_H, 4], [k, 4 + CARD_H], 1));
    }
    const image = blank("back", CARD_W, CARD_H, 4, { "aria-hidden": "true" });
    // A nested svg clips the lattice to the inside.
    image.append(svg("svg", { class: "lattice", x: 4, y: 4, width: 72, height: 98, viewBox: "4 4 72 98" }, lattice),
      fitted("GRASS", CARD_W / 2, CARD_H / 2, 66, 30, 10, { class: "gold" }));
    return image;
  }

  function coveredWords(pile, words) {
    return pile.covered === pile.count ? words.all_covered : filled(words.covered, { count: pile.covered });
  }

  // G12: the purple band across a pile's foot, with a shield and how many of its peddles
  // are covered; when room is short, the words alone while they fit (a little squeezed:
  // the browser's font may be wider than the picture's), else the shield and the count.
  function coveredMark(pile, band, words) {
    const [x0, y0, x1, y1] = band;
    const cy = (y0 + y1) / 2, room = x1 - (x0 + 18) - 2;
    let label = coveredWords(pile, words);
    const mark = svg("g", { class: "covered" }, svg("rect", { x: x0, y: y0, width: x1 - x0, height: y1 - y0, rx: 6 }));
    if (textWidth(label, 16) > room) {
      if (textWidth(label, 16) <= 1.2 * (x1 - x0 - 4) || pile.covered === pile.count) {
        mark.append(fitted(label, (x0 + x1) / 2, cy, x1 - x0 - 4, 16, 16, {}));
        return mark;
      }
      label = String(pile.covered);
    }
    const cx = x0 + 10;
    mark.append(shape([[cx - 6, cy - 8], [cx, cy - 10], [cx + 6, cy - 8], [cx + 6, cy], [cx, cy + 8], [cx - 6, cy]]),
      svg("text", { x: x0 + 18, y: cy, "font-size": 16, "dominant-baseline": "central" }, label));
    return mark;
  }

  // -- a seat's cards (render/grass/table.py's layout) ---------------------------------

  // Cards of one value as one pile, the type it holds most of on top, highest value first.
  function piles(cards) {
    const groups = new Map();
    for (const one of cards) {
      const value = VALUES[one.card] || 0;
      if (!groups.has(value)) groups.set(value, []);
      groups.get(value).push(one);
    }
    const found = [...groups.values()].map((group) => {
      const counts = {};
      for (const one of group) counts[one.card] = (counts[one.card] || 0) + 1;
      const most = Math.max(...Object.values(counts));
      const shown = group.find((one) => counts[one.card] === most).card;
      return { card: shown, counts, count: group.length, covered: group.filter((one) => one.covered).length };
    });
    return found.sort((a, b) => (VALUES[b.card] || 0) - (VALUES[a.card] || 0));
  }

  // x of `count` things `width` wide from `left`, closer than `step` when they do not
  // fit before `right`.
  function spread(count, left, right, step, width) {
    if (count > 1) step = Math.min(step, Math.floor((right - left - width) / (count - 1)));
    return Array.from({ length: count }, (_, i) => left + i * step);
  }

  // Where the hassle pile's cards and the piles lie, in units from the cards' top left:
  // up to two piles as whole cards beside the hassle pile, more as short cards in two
  // rows; the Heat On cards fan right over the Market Open while the piles leave room,
  // else down.
  function layout(hassleCount, pileCount) {
    const short = pileCount > WHOLE_CARDS_MOST;
    const columns = Math.ceil(pileCount / (short ? 2 : 1));
    const [width, step, least] = short ? [SHORT_W, SHORT_STEP, SHORT_STEP_MIN] : [CARD_W, CARD_STEP, CARD_STEP_MIN];
    const block = columns ? width + (columns - 1) * step : 0;
    const count = Math.max(1, hassleCount);
    const room = RIGHT - LEFT - CARD_W - (columns ? HASSLE_GAP + block : 0);
    let hassle, start;
    if (count === 1 || room >= FAN_STEP_MIN * (count - 1)) {
      const fan = Math.min(FAN, FAN_STEP * (count - 1), room);
      hassle = spread(count, LEFT, LEFT + CARD_W + fan, FAN_STEP, CARD_W).map((x) => [x, 0]);
      start = hassle[count - 1][0] + CARD_W + HASSLE_GAP;
    } else {
      const drop = Math.min(FAN_STEP, Math.floor((AREA_H - CARD_H) / (count - 1)));
      hassle = Array.from({ length: count }, (_, i) => [LEFT, i * drop]);
      start = LEFT + CARD_W + HASSLE_GAP;
    }
    if (columns > 1 && Math.floor((RIGHT - start - width) / (columns - 1)) < least) {
      start = RIGHT - width - (columns - 1) * least; // over the hassle pile's rim only
    }
    const xs = spread(columns, start, RIGHT, step, width);
    const row = SHORT_H + SHORT_ROW_GAP;
    const spots = Array.from({ length: pileCount }, (_, i) => [xs[i % columns], Math.floor(i / columns) * row]);
    return { hassle, spots, short };
  }

  // Something laid on the cards' area at (x, y) units.
  function placed(x, y, ...children) {
    return el("div", { class: "grass-at", style: `--x:${x};--y:${y}` }, ...children);
  }

  // A pile: its top card, said in words with what it holds ("Colombia x2, Jamaica,
  // 1 SAFE"), the cards under it peeking out above (drawn, but neither counted nor
  // read), and how many it holds.
  function pileElement(pile, words, short) {
    const times = (n) => (n > 1 ? ` ${filled(words.pile_count, { count: n })}` : "");
    const held = Object.entries(pile.counts).map(([card, n]) => words[`card.${card}`] + times(n));
    if (pile.covered) held.push(coveredWords(pile, words));
    const draw = short ? shortFace : face;
    const top = draw(pile.card, words, { "aria-label": held.join(", ") });
    if (pile.covered) {
      const band = short ? [3, SHORT_VALUE_H, SHORT_W - 4, SHORT_H - 4] : [3, CARD_H - 30, CARD_W - 4, CARD_H - 4];
      top.append(coveredMark(pile, band, words));
    }
    if (pile.count === 1) return [top];
    const under = draw(pile.card, words, { "data-card": null, "aria-label": null, "aria-hidden": "true" });
    return [placed(4, -6, under), top, el("span", { class: "grass-count", "aria-hidden": "true" }, times(pile.count).trim())];
  }

  function seatCards(seat, words) {
    const hassle = (seat.market_open ? ["market_open"] : []).concat(seat.heat);
    const stash = piles(seat.stash);
    const protect = piles(seat.protection.map((card) => ({ card, covered: false })));
    const where = layout(hassle.length, stash.length + protect.length);
    const area = el("div", { class: "grass-cards" });
    if (hassle.length) {
      hassle.forEach((card, i) => area.append(placed(...where.hassle[i], face(card, words))));
    } else {
      const lines = words.no_market.split("\n").map((line) => el("span", {}, line));
      area.append(placed(LEFT, 0, el("div", { class: "grass-outline" }, lines)));
    }
    [...stash, ...protect].forEach((pile, i) => {
      const pileBox = el("div", { class: "grass-pile" }, pileElement(pile, words, where.short));
      area.append(placed(...where.spots[i], pileBox));
    });
    if (!stash.length && !protect.length) {
      const x = (hassle.length ? where.hassle[hassle.length - 1][0] : LEFT) + CARD_W + 16;
      area.append(placed(x, 0, el("span", { class: "grass-empty" }, words.empty_stash)));
    }
    return area;
  }

  // -- the table ------------------------------------------------------------------------

  function status(view, words) {
    if (view.phase === "over") {
      if (view.winners.length === 1) return filled(words.won, { player: view.winners[0] });
      return filled(words.shared_win, { players: view.winners.join(", ") });
    }
    if (view.phase === "pass") return filled(words.pass_waiting, { players: view.awaiting.join(", ") });
    if (view.phase === "offer" && view.offer) return filled(words.offers, { player: view.offer.by, other: view.offer.to });
    return filled(view.extra_turn ? words.extra_turn : words.to_play, { player: view.to_move });
  }

  // A header pile: its top card or an empty outline, captioned in words.
  function deck(card, caption, words) {
    const top = card || el("div", { class: "grass-outline" }, el("span", {}, words.empty_pile));
    return el("figure", { class: "grass-deck" }, el("div", { class: "grass-deck-card" }, top), el("figcaption", {}, caption));
  }

  function header(view, words) {
    const trades = view.options.secret_trades ? words.secret_trades : words.trades_open;
    const options = [view.trading ? trades : words.no_trading].concat(view.options.learning ? [words.learning] : []);
    const left = view.draw_pile;
    const count = filled(words.draw_pile_count, { count: left });
    const drawPile = left && el("div", { class: "grass-back", role: "img", "aria-label": count },
      back(), el("span", { class: "grass-deck-count", "aria-hidden": "true" }, String(left)));
    const discard = view.discard_pile.length ? face(view.discard_pile[view.discard_pile.length - 1], words) : null;
    const game = filled(words.hand, { hand: view.hand, target: money(view.options.target, words) });
    return el("header", { class: "grass-head" },
      el("div", { class: "grass-about" },
        el("div", { class: "grass-title" }, el("b", {}, "GRASS"), el("span", {}, game)),
        el("div", { class: "grass-options" }, options.join("  ·  ")),
        el("div", { class: view.phase === "over" ? "grass-status over" : "grass-status" }, status(view, words))),
      el("div", { class: "grass-decks" }, deck(drawPile, words.draw_pile, words), deck(discard, words.discard_pile, words)));
  }

  // A seat's tile: the name, its running total and a Paranoia pass's badge (G13), the
  // cards, then the stash's value, the cards in hand and the lost turns owed (G3).
  function seatTile(view, seat, words) {
    const moving = seat.name === view.to_move && view.phase !== "over";
    const winner = view.winners.includes(seat.name);
    const stash = seat.stash.reduce((sum, one) => sum + (VALUES[one.card] || 0), 0);
    const facts = [
      stash ? filled(words.stash, { amount: money(stash, words) }) : null,
      counted(words, "in_hand", seat.hand_size),
      seat.skip ? counted(words, "skips", seat.skip) : null,
    ].filter(Boolean);
    const badge = seat.to_pass ? words.passing : seat.passed ? words.passed : null;
    const total = money(seat.total, words);
    const about = [seat.name, total, words[`market.${seat.market}`], badge, ...facts].filter(Boolean).join(", ");
    const classes = ["grass-seat", moving && "moving", winner && "winner"].filter(Boolean).join(" ");
    const marks = { "data-seat": seat.name, "data-turn": moving && "true", role: "group", "aria-label": about };
    return el("section", { class: classes, ...marks },
      el("div", { class: "grass-name-line" },
        el("span", { class: "grass-name" }, seat.name),
        el("span", { class: seat.total < 0 ? "grass-total negative" : "grass-total" }, total),
        badge && el("span", { class: seat.to_pass ? "grass-badge awaited" : "grass-badge" }, badge)),
      seatCards(seat, words),
      el("div", { class: "grass-facts" }, facts.flatMap((fact, i) => [i ? " · " : null, el("span", {}, fact)])));
  }

  TABLES.grass = function (view, words) {
    return el("div", { class: "table table-grass" },
      header(view, words),
      el("div", { class: "grass-seats" }, view.seats.map((seat) => seatTile(view, seat, words))));
  };

  // -- the last scored hand (render/grass/scores.py) ----------------------------------

  // What made a hand's score: "table $55,000 · banker -$5,000", the zeros left out.
  function madeOf(row, words) {
    const amounts = [row.table, row.banker, -row.hand_peddle, -row.paranoia, row.bonus];
    const signed = (amount) => (amount > 0 ? "+" : "") + money(amount, words);
    const said = amounts.map((amount, i) => `${words[`part.${i}`]} ${i === 0 ? money(amount, words) : signed(amount)}`);
    return said.filter((_, i) => i === 0 || amounts[i]).join(" · ");
  }

  // The last scored hand: each player's score and running total, what made the score
  // under them; the hand's best ringed green, the game's winners gold with a star.
  SCORES.grass = function (view, words) {
    if (!view.scores.length) return null;
    const last = view.scores[view.scores.length - 1];
    const top = Math.max(...last.rows.map((row) => row.score));
    const best = last.rows.filter((row) => row.score === top).map((row) => row.name);
    const winners = view.phase === "over" ? view.winners : [];
    const figure = (amount, ringed) => {
      const classes = [amount < 0 && "negative", ringed && "best"].filter(Boolean).join(" ");
      return el("td", { class: classes || null }, money(amount, words));
    };
    const rows = last.rows.flatMap((row, i) => {
      const won = winners.includes(row.name);
      const shade = won ? "won" : i % 2 ? "stripe" : "";
      const star = won && el("span", { class: "star", role: "img", "aria-label": words.winner }, "★");
      return [
        el("tr", { class: shade || null },
          el("th", { scope: "row" }, star, row.name), figure(row.score, best.includes(row.name)), figure(row.total, false)),
        el("tr", { class: `${shade} made`.trim() }, el("td", { colspan: 3 }, madeOf(row, words))),
      ];
    });
    const heads = el("tr", {}, el("td", {}), el("th", { scope: "col" }, words.score), el("th", { scope: "col" }, words.total));
    return el("div", { class: "scores scores-grass" },
      el("h3", {}, filled(words.scored_hand, { hand: last.hand }), " ",
        el("span", { class: "badge" }, words.best_hand), " ", best.join(", ")),
      el("table", {}, el("thead", {}, heads), el("tbody", {}, rows)));
  };
})();
