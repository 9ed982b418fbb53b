// Each kind's drawing of the player's hand in the Activity's page (app.js). A drawer
// takes { state, words, said, legal, button, redraw } and gives { shown: the elements,
// rest: the legal moves it did not draw, and optionally heading: the words over
// them, null for none } (each move left gets a plain button), or null to leave
// every move to plain buttons.
import { grassHand } from "./grass.js";
import { graciasHand } from "./gracias.js";
import { grapsHand } from "./graps.js";

export const HANDS = {
  grass: grassHand,
  gracias: graciasHand,
  graps: grapsHand,
};
