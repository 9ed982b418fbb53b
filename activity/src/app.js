// The Discord Activity's page (docs/activity.md): Discord's Embedded App SDK says who the
// player is, the bot's Activity server sends the channel's table as it stands after
// every change, and the page draws it with the replay page's drawers (TABLES[kind] and
// SCORES[kind] of render/web, loaded before this script), with the player's own hand
// and a button for each of their legal moves. Nothing here decides what is legal: the
// server's `legal` list is the moves, and every move goes back through the bot's checks.
import { DiscordSDK } from "@discord/embedded-app-sdk";
import { HANDS } from "./hands/index.js";

const body = document.body;
const parts = {
  board: document.getElementById("board"),
  note: document.getElementById("note"),
  waiting: document.getElementById("waiting"),
  hand: document.getElementById("hand"),
  scores: document.getElementById("scores"),
};
// Through Discord's proxy the page may be served under /.proxy/: its requests follow.
const BASE = location.pathname.startsWith("/.proxy/") ? "/.proxy" : "";
const LANGUAGES = ["en", "fr", "it", "de"];
// Before the server's welcome the page has no words of the player's language.
const FALLBACK = { reconnecting: "The connection was lost; reconnecting…" };
const PING_MS = 25_000;
const RETRY_MOST_MS = 10_000;

let accessToken = null;
let instanceId = null;
let language = null;
let welcome = null; // the server's welcome: the user, the drawer's words, the page's labels
let state = null; // the last state
let socket = null;
let retries = 0;
let over = false; // a fatal error: no reconnecting
let asking = null; // a play the player is asked to confirm (a card the chat asks about)
let refusedAt = null; // the version a refusal was made at: its reason stays until a later one

function labels() {
  return (welcome && welcome.labels) || FALLBACK;
}

// -- Discord: who the player is ------------------------------------------------------

async function main() {
  body.dataset.state = "connecting";
  const config = await answered(await fetch(BASE + "/api/config"));
  const sdk = new DiscordSDK(config.client_id);
  await sdk.ready();
  instanceId = sdk.instanceId;
  const { code } = await sdk.commands.authorize({
    client_id: config.client_id,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify"],
  });
  const exchanged = await answered(await fetch(BASE + "/api/token", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code }),
  }));
  accessToken = exchanged.access_token;
  await sdk.commands.authenticate({ access_token: accessToken });
  language = await spoken(sdk);
  connect();
}

// A response's JSON, or its error words thrown.
async function answered(response) {
  const found = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(found.error || `${response.status} ${response.statusText}`);
  return found;
}

// The player's language: Discord's setting, else the browser's; one of ours, else null
// (the server's default).
async function spoken(sdk) {
  const asked = [];
  try {
    asked.push((await sdk.commands.userSettingsGetLocale()).locale);
  } catch (refused) {
    // An older client, or a scope not granted: the browser's languages say it.
  }
  asked.push(...(navigator.languages || [navigator.language]));
  for (const locale of asked) {
    const found = String(locale || "").slice(0, 2).toLowerCase();
    if (LANGUAGES.includes(found)) return found;
  }
  return null;
}

// -- the live table ------------------------------------------------------------------

function connect() {
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  const opened = new WebSocket(scheme + location.host + BASE + "/api/ws");
  socket = opened;
  let pinging = null;
  opened.onopen = () => {
    opened.send(JSON.stringify({
      op: "hello", access_token: accessToken, instance_id: instanceId, language,
    }));
    pinging = setInterval(() => opened.send(JSON.stringify({ op: "ping" })), PING_MS);
  };
  opened.onmessage = (event) => heard(JSON.parse(event.data));
  opened.onclose = () => {
    clearInterval(pinging);
    if (socket !== opened || over) return;
    // Dropped: again after a while, the table kept in sight as it was.
    body.dataset.state = "reconnecting";
    say(labels().reconnecting, "quiet");
    const wait = Math.min(RETRY_MOST_MS, 500 * 2 ** retries);
    retries += 1;
    setTimeout(connect, wait);
  };
}

function heard(message) {
  if (message.op === "welcome") {
    // The first of this connection, or the channel's next game (its kind's words).
    welcome = message;
    asking = null;
    refusedAt = null; // a refusal about the game before: the next game counts from 0
    retries = 0;
    document.documentElement.lang = message.language;
    say("");
  } else if (message.op === "state") {
    state = message;
    body.dataset.state = "live";
    body.dataset.version = String(message.game.version);
    // A refusal stays in sight through the state that explains it, which may arrive
    // just after it: only a later version clears it.
    if (refusedAt === null || message.game.version > refusedAt) {
      refusedAt = null;
      say("");
    }
    draw();
  } else if (message.op === "refused") {
    refusedAt = message.version ?? state?.game.version ?? null;
    say(message.reason, "alert");
    enable(true);
  } else if (message.op === "error") {
    if (message.fatal) {
      over = true;
      body.dataset.state = "failed";
    }
    say(message.reason, "alert");
  }
}

function send(action) {
  if (!socket || socket.readyState !== WebSocket.OPEN) return;
  asking = null;
  refusedAt = null;
  enable(false); // one move per tap: the next state or a refusal brings the buttons back
  say("");
  socket.send(JSON.stringify({ op: "move", version: state.game.version, action }));
}

function enable(on) {
  for (const button of parts.hand.querySelectorAll("button")) button.disabled = !on;
}

function say(words, how) {
  parts.note.textContent = words || "";
  parts.note.className = "activity-note" + (how ? " " + how : "");
  parts.note.setAttribute("role", how === "alert" ? "alert" : "status");
}

// -- drawing -------------------------------------------------------------------------

function draw() {
  const { kind } = state.game;
  const words = welcome ? welcome.words : {};
  parts.board.replaceChildren(...drawnIn(TABLES[kind], state.table, words, "activity-table"),
    ...recentList());
  parts.scores.replaceChildren(...drawnIn(SCORES[kind], state.table, words, "activity-score"));
  // Whose turn it is: the drawer says it in its own words when it has them (Grass's
  // "ann to play"), else the seats the game awaits are named here.
  const awaited = state.table && state.table.awaiting;
  const told = parts.board.querySelector("[class$='-status'], [class*='-status ']");
  parts.waiting.textContent = !told && Array.isArray(awaited) && awaited.length
    && state.game.status !== "over"
    ? filled(labels().waiting, { players: awaited.join(", ") })
    : "";
  drawHand(kind, words);
}

// The last actions under the table, as the channel's table message lists them.
function recentList() {
  const lines = Array.isArray(state.recent) ? state.recent : [];
  if (!lines.length) return [];
  return [el("ul", { class: "activity-recent" }, lines.map((line) => el("li", {}, line)))];
}

function drawHand(kind, words) {
  const you = state.you;
  const said = labels();
  if (!you.seat) {
    parts.hand.hidden = false;
    parts.hand.replaceChildren(el("p", { class: "activity-watching" }, said.watching));
    return;
  }
  const legal = (you.legal || []).map(withoutBy).filter((action) => !("leave" in action));
  if (asking && !legal.some((action) => sameMove(action, asking))) asking = null;
  if (asking) {
    parts.hand.hidden = false;
    parts.hand.replaceChildren(question(asking, words, said));
    return;
  }
  // A kind's own drawing of the hand (its cards, each with its moves), when it has one;
  // the moves it leaves out get a button each. A kind without a hand (Graps) gives its
  // own heading, or none.
  const drawer = HANDS[kind];
  const drawnHand = drawer ? drawer({ state, words, said, legal, button, redraw }) : null;
  const heading = drawnHand && drawnHand.heading !== undefined ? drawnHand.heading : said.hand;
  const made = heading ? [el("h2", {}, heading)] : [];
  if (drawnHand) made.push(...drawnHand.shown);
  const rest = drawnHand ? drawnHand.rest : legal;
  if (rest.length) {
    made.push(el("div", { class: "activity-moves" },
      rest.map((action) => button(moveWords(action, words, said), action))));
  }
  parts.hand.hidden = false;
  parts.hand.replaceChildren(...made);
}

// The hand drawn again as the last state has it (a hand's own choices changed).
function redraw() {
  drawHand(state.game.kind, welcome ? welcome.words : {});
}

function withoutBy(action) {
  const copy = Object.assign({}, action);
  delete copy.by;
  return copy;
}

function sameMove(one, other) {
  return JSON.stringify(one) === JSON.stringify(other);
}

// -- the chat's confirmations: a card that cannot be taken back is asked about first -

function asked(action) {
  const confirmed = labels().confirmed || {};
  return "play" in action && !action.target && !action.cover && confirmed[action.play];
}

// The chat's question ("Play **Market Close**?" and what it does), its confirm and Back.
function question(action, words, said) {
  const name = words[`card.${action.play}`] || action.play;
  const sure = button(filled(said.confirm, { card: name }), action);
  sure.classList.add("activity-danger");
  const back = el("button", { type: "button", class: "activity-back" }, said.back);
  back.addEventListener("click", () => {
    asking = null;
    drawHand(state.game.kind, words);
  });
  return el("div", { class: "activity-question", role: "group" },
    el("p", {}, ...marked(filled(said.confirm_question, { card: name })), " ",
      said.confirmed[action.play]),
    el("div", { class: "activity-moves" }, sure, back));
}

// Words with the chat's **bold** parts in bold.
function marked(words) {
  return String(words).split("**").map((part, i) => (i % 2 ? el("strong", {}, part) : part));
}

// -- any other move: its notation in words -------------------------------------------

function moveWords(action, words, said) {
  for (const flag of ["accept", "decline", "withdraw"]) {
    if (action[flag] === true && said[flag]) return said[flag];
  }
  return Object.entries(action).map(([key, value]) => {
    if (value === true) return key;
    const shown = (item) => (typeof item === "string" && words[`card.${item}`]) || String(item);
    const text = Array.isArray(value) ? value.map(shown).join(" + ")
      : typeof value === "object" && value !== null ? JSON.stringify(value) : shown(value);
    return `${key} ${text}`;
  }).join(" · ");
}

function button(words, action) {
  const made = el("button", { type: "button", "data-move": JSON.stringify(action) }, words);
  made.addEventListener("click", () => {
    if (asking === null && asked(action)) {
      asking = action;
      drawHand(state.game.kind, welcome ? welcome.words : {});
    } else {
      send(action);
    }
  });
  return made;
}

main().catch((failure) => {
  over = true;
  body.dataset.state = "failed";
  const reason = failure && (failure.message || (failure.code !== undefined && JSON.stringify(failure)));
  say(String(reason || failure), "alert");
  console.error(failure);
});
