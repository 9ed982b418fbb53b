"use strict";
// The replay page (render/page.py): a finished game stepped through, the table of each
// step drawn by its kind's drawer (TABLES[kind], draw.js) with the step's words under
// it, and every move listed in words. Everything comes from the page's own data
// (#replay-data); nothing is fetched. The URL's #step-N names the step shown, so a
// link can open the game at a move.
(function () {
  const data = JSON.parse(document.getElementById("replay-data").textContent);
  const { steps, parts, labels, words } = data;
  const views = wholeViews(steps);
  const drawTable = TABLES[data.kind];
  const drawScores = SCORES[data.kind]; // a kind without score sheets has none
  const partOf = steps.map((_, index) =>
    parts.findIndex(([first, last]) => first <= index && index <= last));
  const named = labels.part !== null && parts.length > 1; // parts worth naming
  let current = -1;

  // Each step holds only the view's fields that changed since the step before.
  function wholeViews(steps) {
    let view = {};
    return steps.map((step) => (view = Object.assign({}, view, step.changed)));
  }

  function partName(index) {
    return filled(labels.part, { number: index + 1 });
  }

  // -- the page's parts --------------------------------------------------------------

  const counter = el("span", { class: "replay-counter" });
  const partShown = el("span", { class: "replay-part" });
  const board = el("section", { class: "replay-board", "aria-label": labels.table });
  const said = el("div", { class: "replay-said", "aria-live": "polite" });
  // The buttons' marks, drawn: a font's ⏮ may come out as a coloured emoji.
  const MARKS = {
    first: "M5 5h2.5v14H5zM19 5v14L8.5 12z",
    back: "M17 5v14L6 12z",
    next: "M7 5v14l11-7z",
    last: "M16.5 5H19v14h-2.5zM5 5v14l10.5-7z",
  };
  function control(name, to) {
    const mark = svg("svg", { viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false" },
      svg("path", { d: MARKS[name], fill: "currentColor" }));
    const made = el("button", { type: "button", class: "replay-" + name }, mark,
      el("span", { class: "replay-word" }, labels[name]));
    made.addEventListener("click", () => jump(to));
    return made;
  }
  const controls = {
    first: control("first", () => 0),
    back: control("back", () => current - 1),
    next: control("next", () => current + 1),
    last: control("last", () => steps.length - 1),
  };
  const partButtons = named
    ? parts.map(([first], index) => {
        const chosen = el("button", { type: "button", class: "replay-part-button" }, partName(index));
        chosen.addEventListener("click", () => show(first));
        return chosen;
      })
    : [];
  const list = el("div", { class: "replay-list" });
  const items = steps.map((step, index) => moveItem(step, index));

  function moveItem(step, index) {
    const chosen = el("button", { type: "button", class: "replay-move", "data-step": index },
      saying(step));
    chosen.addEventListener("click", () => show(index));
    return el("li", { value: index + 1 }, chosen);
  }

  // What a step says: its lines, else quiet words (the deal; a move without words).
  function saying(step) {
    if (step.lines.length) {
      return step.lines.map((line) => el("span", { class: "replay-line" }, line));
    }
    const quiet = step.moment === "start" ? labels.start : step.quiet || "—";
    return [el("span", { class: "replay-quiet" }, quiet)];
  }

  for (const [index, [first, last]] of parts.entries()) {
    const group = el("ol", { start: first + 1 }, items.slice(first, last + 1));
    list.append(named ? el("section", {}, el("h3", {}, partName(index)), group) : group);
  }

  function jump(to) {
    const index = to();
    if (index >= 0 && index < steps.length) show(index);
  }

  document.getElementById("replay").append(
    el("header", { class: "replay-head" },
      el("h1", {}, data.title),
      el("p", { class: "replay-players" }, data.players),
      el("p", { class: "replay-where" }, counter, named ? partShown : null)),
    el("div", { class: "replay-stage" },
      board,
      el("div", { class: "replay-dock" },
        said,
        el("div", { class: "replay-controls" }, Object.values(controls))),
      named ? el("div", { class: "replay-parts" }, partButtons) : null),
    el("section", { class: "replay-moves", "aria-labelledby": "replay-moves-title" },
      el("h2", { id: "replay-moves-title" }, labels.moves),
      list));

  // -- showing a step ------------------------------------------------------------------

  function show(index) {
    if (index === current) return;
    const step = steps[index];
    const view = views[index];
    const last = index === steps.length - 1;
    counter.textContent = filled(labels.step, { number: index + 1, count: steps.length });
    partShown.textContent = named ? partName(partOf[index]) : "";
    // The scores of the hand or round the move closed, and the game's at its end.
    const scores = step.closed || last ? drawnIn(drawScores, view, words, "replay-scores") : [];
    board.replaceChildren(...drawnIn(drawTable, view, words, "replay-table"), ...scores);
    said.replaceChildren(...saying(step));
    controls.first.disabled = controls.back.disabled = index === 0;
    controls.next.disabled = controls.last.disabled = last;
    partButtons.forEach((chosen, part) => marked(chosen, part === partOf[index] ? "true" : null));
    if (current >= 0) marked(items[current].firstChild, null);
    marked(items[index].firstChild, "step");
    current = index;
    inView(items[index]);
    try {
      history.replaceState(null, "", "#step-" + (index + 1));
    } catch (refused) {
      // A frame that may not change its address still replays.
    }
  }

  function marked(node, current) {
    if (current) node.setAttribute("aria-current", current);
    else node.removeAttribute("aria-current");
  }

  // The current move scrolled into the middle of the list, the list alone: scrolling
  // the page would take the table away from a phone's screen.
  function inView(item) {
    const box = list.getBoundingClientRect();
    const shown = item.getBoundingClientRect();
    if (shown.top < box.top || shown.bottom > box.bottom) {
      list.scrollTop += shown.top - box.top - (list.clientHeight - shown.height) / 2;
    }
  }

  // -- keys and the address ----------------------------------------------------------

  const keys = {
    ArrowLeft: () => current - 1,
    ArrowRight: () => current + 1,
    Home: () => 0,
    End: () => steps.length - 1,
    PageUp: () => parts[Math.max(partOf[current] - 1, 0)][0],
    PageDown: () => (partOf[current] + 1 < parts.length ? parts[partOf[current] + 1][0] : current),
  };
  document.addEventListener("keydown", (event) => {
    const to = keys[event.key];
    if (!to || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.target.closest && event.target.closest("input, select, textarea")) return;
    event.preventDefault();
    jump(to);
  });

  function asked() {
    const found = /^#step-(\d+)$/.exec(location.hash);
    const number = found ? Number(found[1]) : 1;
    return Math.min(Math.max(number, 1), steps.length) - 1;
  }
  window.addEventListener("hashchange", () => show(asked()));
  show(asked());
})();
