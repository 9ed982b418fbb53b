"use strict";
// The Gracias table (C1, C3, C5) and the last round's scores (C6, C8), drawn from the
// public view as render/gracias/table.py and scores.py draw their pictures: the trios'
// face-up cards (a face-down card only ever as a back), every reserve as counts by
// colour, how many hidden cards each player holds (never which), the totals, whose
// turn it is. Every colour also shows its shape (C1), for players who do not tell
// colours apart; the words come from render/gracias/web.py.

// The colours in the views' order (a reserve's counts), with their shape's symbol as the
// bot's words write it ("♥ red").
const GRACIAS_COLOURS = ["red", "orange", "yellow", "green", "blue", "purple"];
const GRACIAS_SYMBOLS = { red: "♥", orange: "▲", yellow: "★", green: "♣", blue: "◆", purple: "●" };

// A colour as words: its symbol and its name.
function graciasColourWords(colour, words) {
  return `${GRACIAS_SYMBOLS[colour]} ${words[colour]}`;
}

// A message whose form depends on `count` (web.py gives its forms for 0, 1, and more).
function graciasCounted(words, key, count) {
  const form = count === 0 ? "0" : count === 1 ? "1" : "n";
  return filled(words[`${key}.${form}`], { count });
}

// The colour's shape (C1) centred at (cx, cy), about 2r across, as cards.py draws it.
function graciasShape(colour, cx, cy, r) {
  const polygon = (points) => svg("polygon", { points: points.map((p) => p.join(",")).join(" ") });
  const circle = (x, y, radius) => svg("circle", { cx: x, cy: y, r: radius });
  if (colour === "red") {
    const k = r * 0.52;
    const top = cy - r * 0.75 + k;
    return [
      circle(cx - k, top, k),
      circle(cx + k, top, k),
      polygon([[cx - r, cy - r * 0.15], [cx + r, cy - r * 0.15], [cx, cy + r * 0.95]]),
    ];
  }
  if (colour === "orange") {
    return [polygon([[cx, cy - r], [cx + r * 1.05, cy + r * 0.8], [cx - r * 1.05, cy + r * 0.8]])];
  }
  if (colour === "yellow") {
    const points = [];
    for (let i = 0; i < 10; i++) {
      const angle = ((-90 + i * 36) * Math.PI) / 180;
      const reach = i % 2 === 0 ? r : r * 0.45;
      points.push([cx + Math.cos(angle) * reach, cy + Math.sin(angle) * reach * 1.02 + r * 0.08]);
    }
    return [polygon(points)];
  }
  if (colour === "green") {
    const k = r * 0.42;
    return [
      circle(cx, cy - 0.5 * r, k),
      circle(cx - 0.5 * r, cy + 0.12 * r, k),
      circle(cx + 0.5 * r, cy + 0.12 * r, k),
      polygon([[cx, cy], [cx - r * 0.35, cy + r], [cx + r * 0.35, cy + r]]),
    ];
  }
  if (colour === "blue") {
    return [polygon([[cx, cy - r], [cx + r * 0.78, cy], [cx, cy + r], [cx - r * 0.78, cy]])];
  }
  return [circle(cx, cy, r * 0.85)];
}

// A colour's shape alone, sized by CSS (a chip's, a score cell's).
function graciasShapeIcon(colour) {
  return svg("svg", { class: "gr-shape", viewBox: "-1 -1 2 2", "aria-hidden": "true" },
    svg("g", {}, graciasShape(colour, 0, 0, 0.92)));
}

// A card, 64 x 90 like the picture's: a face (`colour`) with its shape large in the middle
// and again in the top-left corner, which stays in sight where cards overlap; or, with
// no colour, the back, striped with a "?". `label`: a back's words.
function graciasCard(colour, words, label = "?") {
  const face = [];
  if (colour) {
    face.push(svg("g", { class: "gr-middle" }, graciasShape(colour, 32, 54, 16.6)));
    face.push(svg("g", { class: "gr-corner" }, graciasShape(colour, 17.2, 17.2, 10.2)));
  } else {
    // Stripes at 45 degrees, cut to the face (x 4..60, y 4..86).
    for (let k = -80; k < 60; k += 10) {
      const x0 = Math.max(4, k), x1 = Math.min(60, k + 82);
      if (x0 < x1) face.push(svg("line", { x1: x0, y1: x0 - k + 4, x2: x1, y2: x1 - k + 4 }));
    }
    face.push(svg("text", { x: 32, y: 54, "text-anchor": "middle" }, "?"));
  }
  if (colour) label = graciasColourWords(colour, words);
  return svg("svg", {
    class: colour ? `gr-card gr-${colour}` : "gr-card gr-back",
    viewBox: "0 0 64 90",
    role: "img",
    "aria-label": label,
    "data-card": colour || null,
  },
  svg("title", {}, label),
  svg("rect", { class: "gr-rim", x: 0.5, y: 0.5, width: 63, height: 89, rx: 7 }),
  svg("rect", { class: "gr-face", x: 4, y: 4, width: 56, height: 82, rx: 3 }),
  face);
}

function graciasStatus(view, words) {
  if (view.phase === "over") {
    if (view.winners.length === 1) return filled(words.won, { player: view.winners[0] });
    return filled(words.shared, { players: view.winners.join(", ") });
  }
  if (view.choosing !== null) {
    return filled(words.keeps, { player: view.to_move, trio: view.choosing });
  }
  // Italian says "ad" before a name beginning with an a ("Tocca ad ann").
  const template = /^[\W_]*[aAàÀáÁâÂ]/.test(view.to_move) ? words.take_a : words.take;
  return filled(template, { player: view.to_move });
}

// A trio (C5): its number, its two face-up cards and the face-down card as a back; once
// split, the empty place with its taker. The trio being split is outlined.
function graciasTrio(view, trio, words) {
  const choosing = view.choosing === trio.number;
  const cards = trio.face_up.map((colour) => graciasCard(colour, words));
  if (trio.has_face_down) cards.push(graciasCard(null, words));
  let shown = trio.face_up.length
    ? trio.face_up.map((colour) => graciasColourWords(colour, words)).join(" + ")
    : words.split;
  if (trio.has_face_down) shown = filled(words.face_down, { cards: shown });
  let label = filled(words.trio_cards, { number: trio.number, cards: shown });
  if (trio.taken_by !== null) label = filled(words.taken, { trio: label, player: trio.taken_by });
  const place = cards.length
    ? el("div", { class: "gr-fan" }, cards)
    : el("div", { class: "gr-taken" },
      el("span", {}, words.taken_by), el("b", {}, trio.taken_by || ""));
  return el("div", {
    class: choosing ? "gr-trio gr-choosing" : "gr-trio",
    "data-trio": trio.number,
    role: "group",
    "aria-label": label,
  },
  el("div", { class: "gr-trio-number", "aria-hidden": "true" },
    filled(words.trio, { number: trio.number })),
  place);
}

// The seat's badges: the openers (C3), or that the player left.
function graciasBadges(view, seat, words) {
  const badge = (label, kind) => el("span", { class: `gr-badge ${kind}`, title: label }, label);
  if (!seat.in_game) return [badge(words.left, "gr-soft")];
  const badges = [];
  if (seat.name === view.big_opener) badges.push(badge(words.big_opener, "gr-gold"));
  if (seat.name === view.small_opener && view.phase !== "over") {
    badges.push(badge(badges.length ? words.small : words.small_opener, "gr-light"));
  }
  return badges;
}

// A seat: the badges on its top edge; the name, the rounds' scores and the total; the
// reserve as six colour chips (C5), faded where empty; the hidden cards' count (C5).
function graciasSeat(view, seat, words) {
  const moving = seat.name === view.to_move;
  const winner = view.winners.includes(seat.name);
  const chips = seat.reserve.counts.map((count, index) => {
    const colour = GRACIAS_COLOURS[index];
    const label = `${count} ${graciasColourWords(colour, words)}`;
    return el("span", {
      class: count ? `gr-chip gr-${colour}` : `gr-chip gr-${colour} gr-none`,
      "data-colour": colour,
      title: label,
    }, graciasShapeIcon(colour), el("b", {}, String(count)));
  });
  // The seat in words, as the table message writes it: "ann · total 5 (round 1: 5) ·
  // reserve 2 ♥ red, 1 ◆ blue · 2 hidden".
  const held = seat.reserve.counts
    .map((count, index) => (count ? `${count} ${graciasColourWords(GRACIAS_COLOURS[index], words)}` : null))
    .filter(Boolean);
  const reserve = filled(words.reserve, { cards: held.length ? held.join(", ") : words.empty });
  const hidden = graciasCounted(words, "hidden", seat.hidden_count);
  const rounds = seat.round_scores.map((score, index) =>
    filled(words.round_score, { round: index + 1, score }));
  const total = filled(words.total, { points: seat.total });
  const totalWords = rounds.length ? `${total} (${rounds.join(", ")})` : total;
  const badges = graciasBadges(view, seat, words);
  const label = [seat.name, ...badges.map((badge) => badge.textContent), totalWords, reserve, hidden];
  const classes = ["gr-seat"];
  if (moving) classes.push("gr-moving");
  if (winner) classes.push("gr-winner");
  if (!seat.in_game) classes.push("gr-gone");
  return el("div", {
    class: classes.join(" "),
    "data-seat": seat.name,
    "data-turn": moving ? "" : null,
    role: "group",
    "aria-label": label.join(" · "),
  },
  el("div", { class: "gr-badges" }, badges),
  el("div", { class: "gr-line" },
    el("span", { class: "gr-name" }, seat.name),
    // The rounds' scores beside the total they add up to (from the second round).
    rounds.length > 1
      ? el("span", { class: "gr-rounds", title: rounds.join(", ") }, seat.round_scores.join(" + "))
      : null,
    el("span", { class: "gr-total", title: total }, String(seat.total))),
  el("div", { class: "gr-reserve", title: reserve }, chips,
    el("span", { class: "gr-hidden", title: hidden },
      graciasCard(null, words, hidden), el("b", {}, String(seat.hidden_count)))));
}

TABLES.gracias = function (view, words) {
  const trios = view.trios.length
    ? el("div", {
      class: "gr-trios",
      style: `--trios-a-row: ${view.trios.length === 4 ? 4 : 3}`,
    }, view.trios.map((trio) => graciasTrio(view, trio, words)))
    : el("div", { class: "gr-trios gr-no-trios" }, words.no_trios);
  return el("div", { class: "table table-gracias" },
    el("div", { class: "gr-body" },
      el("div", { class: "gr-head" },
        el("div", { class: "gr-title" },
          el("b", {}, "GRACIAS"),
          el("span", {}, filled(words.when, { round: view.round, turn: view.turn }))),
        el("div", { class: view.phase === "over" ? "gr-status gr-over" : "gr-status" },
          graciasStatus(view, words))),
      trios,
      el("div", { class: "gr-seats" }, view.seats.map((seat) => graciasSeat(view, seat, words)))));
};

// How a colour scored (C6), as scores.py says it: "pack + 2", "3 out", "pack, 1 out",
// "2 kept"; and whether cards were discarded for holding the most.
function graciasHow(score, words) {
  if (score.cards === 0) return [null, false];
  if (score.discarded) {
    return [graciasCounted(words, score.packet ? "pack_out" : "out", score.discarded), true];
  }
  if (score.packet) {
    return [score.face_up ? filled(words.pack_plus, { count: score.face_up }) : words.pack, false];
  }
  return [graciasCounted(words, "kept", score.face_up), false];
}

// A section's heading: its title, then a badge ("best round", "winner") and its names.
function graciasHeading(title, badge, badgeClass, names) {
  return el("div", { class: "gr-heading" },
    el("span", { class: "gr-heading-title" }, title),
    names.length ? el("span", { class: `gr-pill ${badgeClass}` }, badge) : null,
    names.length ? el("b", {}, names.join(", ")) : null);
}

// A player's block of the round: the name and the round's score (ringed when the best),
// then a cell per colour: its shape, its points and how it scored (C6).
function graciasRoundRow(row, best, words) {
  const cells = row.colours.map((score) => {
    const [how, out] = graciasHow(score, words);
    return el("div", {
      class: score.cards ? `gr-cell gr-${score.colour}` : `gr-cell gr-${score.colour} gr-none`,
      title: graciasColourWords(score.colour, words),
    },
    el("span", { class: "gr-cell-head" }, graciasShapeIcon(score.colour)),
    el("b", { class: "gr-points" }, score.cards ? String(score.points) : "-"),
    how ? el("span", { class: out ? "gr-how gr-out" : "gr-how" }, how) : null);
  });
  return el("div", { class: "gr-score-row" },
    el("div", { class: "gr-score-line" },
      el("b", { class: "gr-name" }, row.player),
      el("span", { class: "gr-muted" }, words.column_round),
      el("b", { class: row.score === best ? "gr-score gr-best" : "gr-score" }, String(row.score))),
    el("div", { class: "gr-cells" }, cells));
}

// Every round's score and the totals (C8): the `marked` players starred, the winners'
// totals ringed (a result, not a lead).
function graciasTotals(view, marked, won, words) {
  // A round's heading: "round 1", or the bare number where the words would crowd the
  // names (scores.py does the same), under the sheet's "All rounds".
  const rounds = [1, 2, 3].map((round) => el("th", {},
    el("span", { class: "gr-wide" }, filled(words.column_round_n, { round })),
    el("span", { class: "gr-narrow" }, String(round))));
  const rows = view.seats.map((seat) => {
    const star = marked.includes(seat.name);
    const scores = [0, 1, 2].map((index) =>
      el("td", {}, index < seat.round_scores.length ? String(seat.round_scores[index]) : ""));
    return el("tr", { class: star ? "gr-marked" : null },
      el("th", { scope: "row" },
        star ? el("span", { class: "gr-star", "aria-hidden": "true" }, "★") : null, seat.name),
      scores,
      el("td", { class: star && won ? "gr-total gr-ringed" : "gr-total" }, String(seat.total)));
  });
  return el("table", { class: "gr-totals" },
    el("thead", {}, el("tr", {},
      el("th", {}, words.column_player), rounds, el("th", {}, words.column_total))),
    el("tbody", {}, rows));
}

// The last scored round, a block per player, then every round and the totals, the
// winners (or, during the game, the leaders) named and starred; null before a round
// was scored.
SCORES.gracias = function (view, words) {
  const scoring = view.last_round;
  if (!scoring) return null;
  const winners = view.phase === "over" ? view.winners : [];
  let sub;
  if (winners.length === 1) sub = filled(words.winner_line, { player: winners[0] });
  else if (winners.length) sub = filled(words.winners_line, { players: winners.join(", ") });
  else sub = filled(words.after_round, { round: scoring.round });
  const best = Math.max(...scoring.rows.map((row) => row.score));
  const bestNames = scoring.rows.filter((row) => row.score === best).map((row) => row.player);
  const topTotal = Math.max(0, ...view.seats.map((seat) => seat.total));
  const marked = winners.length
    ? winners
    : view.seats.filter((seat) => topTotal && seat.total === topTotal).map((seat) => seat.name);
  return el("div", { class: "scores scores-gracias" },
    el("div", { class: "gr-sheet-head" }, el("b", {}, words.scores), el("span", {}, sub)),
    el("div", { class: "gr-sheet-body" },
      graciasHeading(filled(words.round_title, { round: scoring.round }),
        words.best_round, "gr-pill-best", bestNames),
      el("div", { class: "gr-score-rows" }, scoring.rows.map((row) => graciasRoundRow(row, best, words))),
      graciasHeading(words.all_rounds, winners.length ? words.winner : words.leading,
        winners.length ? "gr-pill-winner" : "gr-pill-leading", marked),
      graciasTotals(view, marked, winners.length > 0, words)));
};
