// Gracias's hand in the Activity's page (app.js): the player's hidden cards drawn as the
// table draws a card (render/web/gracias.js: graciasCard, graciasColourWords), the card
// just taken marked, and a turn in the chat's two steps (bot/exts/gracias/ui.py): take
// a trio (a tap on it in the table, or its button here), see its face-down card, then
// "Give ◆ blue to bob" (the other face-up card kept). The words are the chat's
// (`said.gracias`, bot/core/activity_words.py) and the drawer's (`words`).

// The state version whose keep/give choice was last brought into sight.
let revealed = null;

// The hand, and the moves it did not draw (left to app.js).
export function graciasHand({ state, words, said, legal, button }) {
  const you = state.you;
  const hand = you.hand;
  const table = state.table;
  const g = said.gracias;
  if (!hand || !Array.isArray(hand.hidden) || !table || !g) return null;
  const shown = [];
  // The bare takes are not listed (docs/notation.md): the trios the one-step choices
  // name are the ones the player may take, and taking first shows the face-down card.
  const takes = [...new Set(legal.filter(isChoice).map((action) => action.trio))];
  const takeButtons = new Map();
  if (takes.length) {
    shown.push(para(g.your_turn));
    for (const number of takes) {
      const trio = table.trios.find((found) => found.number === number);
      const made = button(filled(g.take, { trio: trioWords(trio, number, words, g) }), { trio: number });
      made.classList.add("activity-gr-take");
      takeButtons.set(number, made);
    }
    shown.push(el("div", { class: "activity-gr-takes" }, [...takeButtons.values()]));
  }
  markTrios(takeButtons);
  const splits = legal.filter(isSplit);
  if (splits.length && table.choosing !== null) {
    const choice = splitChoice(table, hand, splits, words, g, button);
    shown.push(...choice);
    // The choice brought into sight once (the trio was tapped in the table above it).
    if (revealed !== state.game.version) {
      revealed = state.game.version;
      const gives = choice[choice.length - 1];
      requestAnimationFrame(() => gives.scrollIntoView({ block: "nearest" }));
    }
  }
  shown.push(hiddenCards(hand, words, g));
  return {
    shown,
    rest: legal.filter((action) => !isChoice(action) && !isSplit(action)),
  };
}

function isChoice(action) {
  return "trio" in action && "keep" in action;
}

function isSplit(action) {
  return "keep" in action && !("trio" in action);
}

// "trio 2: ♥ red + ◆ blue + a face-down card", as the chat's take button says it.
function trioWords(trio, number, words, g) {
  if (!trio) return filled(g.trio, { number, cards: "?" });
  const up = trio.face_up.map((colour) => graciasColourWords(colour, words));
  let cards = up.length ? up.join(" + ") : words.split;
  if (trio.has_face_down) cards = filled(words.face_down, { cards });
  return filled(g.trio, { number, cards });
}

// The trios the player may take, tappable in the table above (their buttons here are
// the same moves, for screen readers and keyboards). Drawn again with the hand, so a
// trio no longer offered loses its tap.
function markTrios(takeButtons) {
  for (const trio of document.querySelectorAll("#board .table-gracias .gr-trio[data-trio]")) {
    const take = takeButtons.get(Number(trio.dataset.trio));
    trio.classList.toggle("activity-takeable", Boolean(take));
    trio.onclick = take ? () => take.click() : null;
    if (take) trio.setAttribute("title", take.textContent);
    else trio.removeAttribute("title");
  }
}

// The second step: what the face-down card was, then a group per card that may be
// given, drawn, with a button per opponent ("Give ◆ blue to bob").
function splitChoice(table, hand, splits, words, g, button) {
  const trio = table.trios.find((found) => found.number === table.choosing);
  const faceUp = trio ? trio.face_up : [];
  const made = [];
  if (hand.just_taken) {
    made.push(para(filled(g.took, {
      number: table.choosing, colour: graciasColourWords(hand.just_taken, words),
    })));
  }
  made.push(para(filled(g.split, {
    cards: faceUp.map((colour) => graciasColourWords(colour, words)).join(", "),
  })));
  const given = new Map();
  for (const action of splits) {
    const colour = other(faceUp, action.keep);
    if (!given.has(colour)) given.set(colour, []);
    given.get(colour).push(action);
  }
  made.push(el("div", { class: "activity-gr-gives" }, [...given.entries()].map(([colour, actions]) =>
    el("div", { class: "activity-gr-give table-gracias", "data-give": colour },
      el("div", { class: "activity-gr-card", "aria-hidden": "true" }, graciasCard(colour, words)),
      el("div", { class: "activity-gr-give-moves" }, actions.map((action) => button(
        filled(g.give, { colour: graciasColourWords(colour, words), player: action.give_to }),
        action)))))));
  return made;
}

// The face-up card given when `keep` is kept: the other one (either, when both match).
function other(faceUp, keep) {
  if (faceUp.length !== 2) return keep;
  return faceUp[0] === keep ? faceUp[1] : faceUp[0];
}

// The player's hidden cards in the order taken, in words (as the chat's hand message)
// and drawn; the one just taken last, marked NEW as the picture marks it.
function hiddenCards(hand, words, g) {
  const cards = hand.hidden;
  const listed = cards.length
    ? cards.map((colour) => graciasColourWords(colour, words)).join(", ")
    : g.none;
  const drawnCards = cards.map((colour, index) => {
    const isNew = hand.just_taken !== null && index === cards.length - 1;
    return el("div", { class: "activity-gr-card", "data-hidden": colour, "data-new": isNew ? "true" : null },
      graciasCard(colour, words),
      isNew ? el("span", { class: "activity-gr-new" }, g.new) : null);
  });
  return el("div", { class: "activity-gr-hidden" },
    el("p", {}, filled(g.hidden, { cards: listed })),
    drawnCards.length
      ? el("div", { class: "activity-gr-cards table-gracias", "aria-hidden": "true" }, drawnCards)
      : null);
}

// A paragraph with the chat's **bold** parts in bold.
function para(words) {
  return el("p", { class: "activity-gr-say" },
    String(words).split("**").map((part, i) => (i % 2 ? el("strong", {}, part) : part)));
}
