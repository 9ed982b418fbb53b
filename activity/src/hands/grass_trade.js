// Grass trade offers (G20) in the Activity's page (grass.js draws the hand around them):
// the form the player whose turn it is builds an offer with, and an offer shown to its
// two parties with their answers. The engine does not list offers among the legal
// moves (there are too many), so the form builds one and `button` sends it like any
// move; the server judges it as it judges a click in the chat. The words are the
// chat's (bot/exts/grass/trade.py, ui.py), in `said.trade`
// (bot/core/activity_words.py). `el` and `filled` are the replay page's
// (render/web/draw.js).
//
// The form reads the player's own view only: their hand, the stashes (public) and the
// cards they may ask for (the state's `menus.ask`). It cannot know the partner's hand:
// the cards asked for are chosen by name, and the partner's answer tells.

const ANSWERS = ["accept", "decline", "withdraw"];

// The offer being built, kept across redraws; `key` says which table it was built on,
// and a table where it means something else (the turn passed, a hand or a stash
// changed, the offer went out) drops it.
let draft = null;
let focusing = null; // the control tapped last, focused again once redrawn

export function isAnswer(action) {
  return ANSWERS.some((flag) => action[flag] === true);
}

// Whether the player may offer a trade now (the chat's "Offer a trade…" button's test).
export function mayOffer(view) {
  const table = view.public;
  return table.phase === "turn" && table.to_move === view.name && table.trading
    && view.hand.length === 7 && view.offers_left > 0 && table.seats.length > 1;
}

// The form, when the player opened it and it still stands, else null (and the draft
// dropped when the table moved on under it).
export function tradeForm({ state, words, said, button, redraw }) {
  const view = state.you.hand;
  if (draft && (draft.key !== keyOf(state) || !mayOffer(view))) draft = null;
  if (!draft) return null;
  return formOf(view, state.you.menus?.ask ?? [], words, said, button, redraw);
}

// "Offer a trade…", when the player may offer: it opens the form.
export function tradeOpener({ state, said, redraw }) {
  const view = state.you.hand;
  if (!mayOffer(view) || !said.trade) return null;
  const others = view.public.seats.filter((seat) => seat.name !== view.name);
  const opener = el("button", { type: "button", class: "trade-open", "data-trade": "open" }, said.trade.open);
  opener.addEventListener("click", () => {
    draft = {
      key: keyOf(state),
      partner: others.length === 1 ? others[0].name : null,
      give: [], take: [], giveStash: [], takeStash: [],
    };
    focusing = "title";
    redraw();
  });
  return opener;
}

// The offer the player is a party to, in words, with their answers (the legal ones),
// or null when there is none.
export function offerBox({ state, words, said, legal, button }) {
  const view = state.you.hand;
  const offer = view.offer;
  const t = said.trade;
  if (!offer || view.public.phase !== "offer" || !t) return null;
  const answers = legal.filter(isAnswer).map((action) => {
    const flag = ANSWERS.find((name) => action[name] === true);
    const made = button(said[flag] || flag, action);
    made.classList.add(`trade-${flag}`);
    return made;
  });
  const lines = [];
  if (offer.to === view.name) {
    lines.push(el("p", { class: "trade-lead" }, filled(t.offered, { player: offer.by })));
    lines.push(el("ul", { class: "trade-lines" },
      el("li", { "data-side": "get" }, filled(t.you_get, { cards: cardList([...offer.give, ...offer.give_stash], words, t) })),
      el("li", { "data-side": "give" }, filled(t.you_give, { cards: cardList([...offer.take, ...offer.take_stash], words, t) }))));
  } else {
    lines.push(el("p", { class: "trade-lead" }, filled(t.waits, { player: offer.to })));
    const [gives, asks] = listing(offer, words, t);
    lines.push(el("ul", { class: "trade-lines" },
      el("li", { "data-side": "give" }, filled(t.gives, { cards: gives })),
      el("li", { "data-side": "take" }, filled(t.asks, { cards: asks }))));
  }
  return el("div", { class: "trade-offer", role: "group", "data-offer": offer.to === view.name ? "to-you" : "yours" },
    ...lines, answers.length ? el("div", { class: "activity-moves" }, answers) : null);
}

// -- the form ------------------------------------------------------------------------

function keyOf(state) {
  const view = state.you.hand;
  const table = view.public;
  return JSON.stringify([state.game.id, table.hand, table.phase, table.to_move, view.hand,
    table.seats.map((seat) => [seat.name, seat.stash])]);
}

function freeStash(view, name) {
  const seat = view.public.seats.find((found) => found.name === name);
  return seat ? seat.stash.filter((peddle) => !peddle.covered).map((peddle) => peddle.card) : [];
}

// The offer in notation, as the draft stands.
function offerOf(view) {
  const partner = draft.partner;
  const mine = freeStash(view, view.name);
  const theirs = freeStash(view, partner);
  const offer = {
    to: partner,
    give: draft.give.map((index) => view.hand[index]),
    take: [...draft.take],
    give_stash: draft.giveStash.map((index) => mine[index]),
    take_stash: draft.takeStash.map((index) => theirs[index]),
  };
  for (const name of ["give", "take", "give_stash", "take_stash"]) {
    if (!offer[name].length) delete offer[name];
  }
  return offer;
}

// Why the offer cannot be sent yet, in the chat's words (trade.py's `problem`), or null.
function problem(view, offer, t) {
  const table = view.public;
  if (table.phase === "offer") return t.pending;
  if (table.phase !== "turn" || table.to_move !== view.name) return t.not_mover;
  if (view.hand.length !== 7) return t.not_seven;
  if (!table.trading) return t.no_trading;
  if (view.offers_left <= 0) return t.no_offers;
  if (!table.seats.some((seat) => seat.name === offer.to) || offer.to === view.name) return t.gone;
  const give = offer.give || [], take = offer.take || [];
  const giveStash = offer.give_stash || [], takeStash = offer.take_stash || [];
  if (table.options.secret_trades && (giveStash.length || takeStash.length)) return t.secret_stash;
  if (!give.length && !giveStash.length) return t.choose_give;
  if (!take.length && !takeStash.length) return t.choose_take;
  if (give.length !== take.length) {
    return filled(t.one_for_one, {
      given: counted(t, "cards", give.length),
      asked: counted(t, "cards", take.length),
      player: offer.to,
    });
  }
  return null;
}

function formOf(view, askable, words, said, button, redraw) {
  const t = said.trade;
  const table = view.public;
  const secret = Boolean(table.options && table.options.secret_trades);
  const partner = draft.partner;
  const title = partner
    ? el("h3", { class: "trade-title", tabindex: "-1", "data-key": "title" }, ...marked(filled(t.with, { player: partner })))
    : el("h3", { class: "trade-title", tabindex: "-1", "data-key": "title" }, t.whom);
  const others = table.seats.filter((seat) => seat.name !== view.name);
  const partners = el("div", { class: "trade-partners", role: "group", "aria-label": t.whom },
    others.map((seat) => toggle(seat.name, seat.name === partner, `partner:${seat.name}`, { "data-partner": seat.name }, () => {
      if (draft.partner !== seat.name) {
        draft.partner = seat.name;
        draft.takeStash = [];
      }
    }, redraw)));
  const parts = [title, others.length > 1 ? partners : null];
  const cancel = el("button", { type: "button", class: "trade-cancel", "data-trade": "cancel" }, t.cancel);
  cancel.addEventListener("click", () => {
    draft = null;
    redraw();
  });
  if (!partner) {
    parts.push(el("div", { class: "activity-moves" }, cancel));
    return finished(el("section", { class: "trade-form", "aria-label": t.open }, parts));
  }
  parts.push(part(t.give_hand, view.hand.map((card, index) =>
    toggle(cardLabel(card, words), draft.give.includes(index), `give:${index}`, { "data-give": card },
      () => flip(draft.give, index), redraw))));
  const mine = secret ? [] : freeStash(view, view.name);
  if (mine.length) {
    parts.push(part(t.give_stash, mine.map((card, index) =>
      toggle(cardLabel(card, words), draft.giveStash.includes(index), `give_stash:${index}`, { "data-give-stash": card },
        () => flip(draft.giveStash, index), redraw))));
  }
  // Cards are asked for by name, the partner's hand being theirs alone: those the chat's
  // menu offers, every card with a copy the player cannot see.
  parts.push(part(filled(t.take_hand, { player: partner }), askable.map((card) =>
    toggle(cardLabel(card, words), draft.take.includes(card), `take:${card}`, { "data-ask": card },
      () => flip(draft.take, card), redraw)), "trade-asks"));
  const theirs = secret ? [] : freeStash(view, partner);
  if (theirs.length) {
    parts.push(part(filled(t.take_stash, { player: partner }), theirs.map((card, index) =>
      toggle(cardLabel(card, words), draft.takeStash.includes(index), `take_stash:${index}`, { "data-take-stash": card },
        () => flip(draft.takeStash, index), redraw))));
  }
  const offer = offerOf(view);
  const wrong = problem(view, offer, t);
  const [gives, asks] = listing(offer, words, t);
  const summary = [
    el("p", { "data-side": "give" }, filled(t.gives, { cards: gives })),
    el("p", { "data-side": "take" }, filled(t.asks, { cards: asks })),
  ];
  if (secret) summary.push(el("p", { class: "trade-aside" }, t.secret));
  if (offer.take) summary.push(el("p", { class: "trade-aside" }, filled(t.if_held, { player: partner })));
  const send = button(t.send, { offer });
  send.classList.add("trade-send");
  send.disabled = Boolean(wrong);
  // The offer in words under the lists; why it cannot be sent yet, and the buttons, kept
  // in sight at the foot of the screen while the lists scroll.
  parts.push(el("div", { class: "trade-summary" }, summary));
  parts.push(el("div", { class: "trade-footer" },
    el("p", { class: "trade-why" + (wrong ? " wrong" : " ready"), "data-why": wrong ? "wrong" : "ready", role: "status" },
      ...marked(wrong || t.ready)),
    el("div", { class: "activity-moves" }, send, cancel)));
  return finished(el("section", { class: "trade-form", "aria-label": t.open }, parts));
}

// A part of the form: its heading and its toggles.
function part(heading, toggles, extra) {
  return el("fieldset", { class: "trade-part" + (extra ? " " + extra : "") },
    el("legend", {}, heading),
    el("div", { class: "trade-chips" }, toggles));
}

// A button that is on or off; a tap changes the draft and draws the form again.
function toggle(words, on, key, attributes, change, redraw) {
  const made = el("button", {
    type: "button", class: "trade-chip", "aria-pressed": on ? "true" : "false", "data-key": key, ...attributes,
  }, words);
  made.addEventListener("click", () => {
    change();
    focusing = key;
    redraw();
  });
  return made;
}

// The control tapped last keeps the focus once the form is drawn again (it is in the
// page by the time a microtask runs: app.js puts the hand in at once).
function finished(form) {
  const key = focusing;
  focusing = null;
  if (key) {
    queueMicrotask(() => {
      const found = form.querySelector(`[data-key="${CSS.escape(key)}"]`);
      if (found && found.isConnected) found.focus({ preventScroll: key !== "title" });
      if (found && key === "title") found.scrollIntoView({ block: "start" });
    });
  }
  return form;
}

function flip(list, item) {
  const at = list.indexOf(item);
  if (at >= 0) list.splice(at, 1);
  else list.push(item);
}

// -- words ---------------------------------------------------------------------------

// A card as the chat names it: a peddle with its value ("Panama ($50,000)", the
// drawer's words' "label.<id>", render/grass/web.py).
function cardLabel(card, words) {
  return words[`label.${card}`] || words[`card.${card}`] || card;
}

// The chat's list of cards: "Panama ($50,000), Bust", or "nothing".
function cardList(cards, words, t) {
  return cards.length ? cards.map((card) => cardLabel(card, words)).join(", ") : t.nothing;
}

// What each side of an offer gives, in the proposer's words (trade.py's `_listing`).
function listing(offer, words, t) {
  const side = (parts) => (parts.length ? parts.join(", ") : t.nothing_yet);
  const label = (card) => cardLabel(card, words);
  const player = offer.to;
  const gives = [
    ...(offer.give || []).map((card) => filled(t.from_hand, { card: label(card) })),
    ...(offer.give_stash || []).map((card) => filled(t.from_stash, { card: label(card) })),
  ];
  const asks = [
    ...(offer.take || []).map((card) => filled(t.from_their_hand, { card: label(card), player })),
    ...(offer.take_stash || []).map((card) => filled(t.from_their_stash, { card: label(card), player })),
  ];
  return [side(gives), side(asks)];
}

function counted(t, key, count) {
  const form = count === 0 ? "0" : count === 1 ? "1" : "n";
  return filled(t[`${key}.${form}`], { count });
}

// Words with the chat's **bold** parts in bold.
function marked(words) {
  return String(words).split("**").map((piece, i) => (i % 2 ? el("strong", {}, piece) : piece));
}
