// Each kind's drawing of the player's hand in the Activity's page (app.js). A drawer
// takes { state, words, said, legal, button, redraw } and gives { shown: the elements,
// rest: the legal moves it did not draw } (each gets a plain button), or null to leave
// every move to plain buttons.
import { grassHand } from "./grass.js";

export const HANDS = {
  grass: grassHand,
};
