// Grass's hand in the Activity's page (app.js): the cards of the player's hand as the
// table draws a card, each with its moves under it. `el` and `filled` are the replay
// page's (render/web/draw.js), `TABLES` its drawers.

import { isAnswer, offerBox, tradeForm, tradeOpener } from "./grass_trade.js";

// The hand's cards with their moves, and the moves no card carries (left to app.js);
// trade offers (grass_trade.js): the form while the player builds one (in place of the
// cards), "Offer a trade…" under the cards when they may, and an offer they are a party
// to over them, with its answers.
export function grassHand(drawing) {
  const { state, words, said, legal, button } = drawing;
  const you = state.you;
  if (!you.hand || !Array.isArray(you.hand.hand)) return null;
  const form = tradeForm(drawing);
  if (form) return { shown: [form], rest: [] };
  const offer = offerBox(drawing);
  const shown = [cardsOf(state, you.hand.hand, legal, words, said, button)];
  const opener = tradeOpener(drawing);
  if (offer) shown.unshift(offer);
  if (opener) shown.push(el("div", { class: "activity-moves" }, opener));
  return {
    shown,
    rest: legal.filter((action) => !cardOf(action) && !(offer && isAnswer(action))),
  };
}

function cardOf(action) {
  return action.play || action.discard || action.pass || null;
}

// The hand's cards as the table draws a card, one per kind held ("x2" for two), each
// with its moves under it: play (on whom, with which cover), discard, pass.
function cardsOf(state, cards, legal, words, said, button) {
  const counts = new Map();
  for (const card of cards) counts.set(card, (counts.get(card) || 0) + 1);
  const drawnCard = state.you.hand.drawn;
  const shown = [...counts.entries()].map(([card, count]) => {
    const moves = legal.filter((action) => cardOf(action) === card);
    const buttons = moves.map((action) => button(cardMoveWords(action, words, said), action));
    const face = cardFace(state, card, words);
    const name = words[`card.${card}`] || card;
    // A group named by its card: a screen reader says "Panama, Discard".
    return el("div", {
      class: "activity-card" + (moves.length ? "" : " idle"),
      role: "group",
      "aria-label": count > 1 ? `${name} ×${count}` : name,
      "data-card": card,
      "data-new": card === drawnCard ? "true" : null,
    },
      el("div", { class: "activity-face", "aria-hidden": "true" }, face,
        count > 1 ? el("span", { class: "activity-count" }, "×" + count) : null),
      el("span", { class: "activity-name", "aria-hidden": "true" }, name),
      buttons.length ? el("div", { class: "activity-card-moves" }, buttons) : null);
  });
  return el("div", { class: "table table-grass activity-cards" }, shown);
}

// A card's face, drawn by the table's own drawer: the view with that card on top of
// the discard pile, and only the pile's card kept.
function cardFace(state, card, words) {
  const view = Object.assign({}, state.table, { seats: [], discard_pile: [card], draw_pile: 0 });
  try {
    const table = TABLES.grass(view, words);
    const face = table.querySelector(".grass-decks .grass-deck:last-child .grass-card");
    if (face) return face;
  } catch (failure) {
    console.error(failure);
  }
  return el("span", {}, words[`card.${card}`] || card);
}

function cardMoveWords(action, words, said) {
  if ("pass" in action) return said.pass;
  if ("discard" in action) return said.discard;
  if (action.target) return filled(said.play_on, { player: action.target });
  if (action.cover) return `${said.play}: ${action.cover.map((card) => words[`card.${card}`] || card).join(" + ")}`;
  return said.play;
}
