"use strict";
// The tables drawn in HTML and SVG, one drawer per game kind: TABLES[kind](view, words)
// returns the table as an element, from the game's public view as render/web's
// `plain` gives it and the words its kind's web module gives (render/<kind>/web.py),
// already in the reader's language; SCORES[kind](view, words), for a kind that scores
// hands or rounds, the last one scored (null before any). A drawer reads only the
// view: what it shows is what the channel showed.
const TABLES = {};
const SCORES = {};

// An HTML element: `attributes` are set as attributes ("class", "style", "data-*",
// "aria-label"...); children are elements, strings (as text) or null (skipped).
function el(tag, attributes, ...children) {
  return made(document.createElement(tag), attributes, children);
}

// An SVG element, as `el`.
function svg(tag, attributes, ...children) {
  return made(document.createElementNS("http://www.w3.org/2000/svg", tag), attributes, children);
}

function made(node, attributes, children) {
  for (const [name, value] of Object.entries(attributes || {})) {
    if (value !== null && value !== undefined && value !== false) node.setAttribute(name, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" || typeof child === "number" ? String(child) : child);
  }
  return node;
}

// A drawer's element in a <div class=`name`>, as a list: empty when the kind has no such
// drawer or it draws nothing. A drawer that fails leaves the rest of the page working
// (the replay page's steps, the Activity's live table).
function drawnIn(drawer, view, words, name) {
  if (typeof drawer !== "function") return [];
  try {
    const made = drawer(view, words);
    return made ? [el("div", { class: name }, made)] : [];
  } catch (failure) {
    console.error(failure);
    return [];
  }
}

// `template` with its {fields} filled in: the words come translated, with their fields
// named as in the Python messages.
function filled(template, fields) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in fields ? String(fields[name]) : whole));
}
