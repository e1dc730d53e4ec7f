// What the room page's modules share: the room the address names, what the server sent last (S,
// window.bodoge too), the nodes kept from one drawing to the next, and the little that several
// modules reassign (`now`).
import { el, pagePath, toast as toastAt } from "../ui.js";
import * as em from "../em.js";
import * as rm from "../rm.js";

export const TABLES = { "extreme-mission": em, "ruler-of-mana": rm };
// A toast stands above the bar at the window's foot (over it, it covered the bar's buttons for as
// long as it stood): the move bar, or on a phone a replay's steps (drawn there while the replay's
// bar scrolls away, style.css; elsewhere in that bar, out of the way).
export const toast = (message) => toastAt(message, footBar());
function footBar() {
  const nav = document.querySelector(".replay-nav");
  return nav && getComputedStyle(nav).position === "fixed" ? nav : kept.moves;
}
export const room = roomOfAddress();
export const S = {
  noRoom: room === null, // the address names no room that could exist, or the server has none
  summary: null, // the last room frame
  frame: null, // the last state frame
  faces: null,
  games: null,
  bots: [],
  building: null, // {what, chosen, addable, complete, needs, known} while a compound move is being built
  asking: null, // the first step whose choices we wait for
  instead: null, // {tried, chosen}: the items to ask for if the ones `tried` cannot make the move
  busy: false, // an act was sent and no frame has answered yet
  hint: [],
  why: new Map(), // step -> the server's reason it cannot be taken now (null: it can), this position's
  whyAsked: null, // the step whose reason was asked for last: said when it comes
  note: null, // {kind: "why" | "hint", text, seq}: the move bar's one line of words, for this position
  autoTarget: null, // {what, item}: the one target a move could have, added for the person
  logSeen: 0, // the log's lines shown at the last drawing (the ones after it are new)
  eventsSeen: 0, // the log's entries the table had drawn (the ones after it are animated)
  replay: null, // {record, step, seat, view}
  // asked only when one can answer (bodoge.server.quiet), unless the person unticked it
  quiet: localStorage.getItem("bodoge.quiet") !== "0",
  chatLimits: null, // the server's chat limits (GET /api/games)
  confirmLeave: false, // the question "leave your seat?" is on show
  menuOpen: false, // the narrow header's menu is shown
  leaving: false, // a leave was sent: the seat's socket, closed by the server, is not reopened
  choosing: null, // {link, kept}: a link's seat and the one kept, both the person's: which to keep
  summaryAt: 0, // when the last room frame came (its seats' `away` counts from then)
  awayAfter: null, // seconds someone must be away before a bot may play their seat (GET /api/games)
  offline: false, // the connection is lost, for longer than a reconnect takes: the banner is on show
};

// The room code of `/r/<code>`, or null for an address no room can have (a mistyped or cut link:
// bad %-escapes, more parts, a code no server makes): that page says so without asking the server.
function roomOfAddress() {
  const parts = pagePath().split("/").filter(Boolean);
  if (parts.length !== 2 || parts[0] !== "r") return null;
  let code;
  try {
    code = decodeURIComponent(parts[1]);
  } catch {
    return null;
  }
  return /^[A-Za-z0-9_-]{1,64}$/.test(code) ? code : null;
}

// The table's frame is kept from one drawing to the next, and only what is inside it drawn anew:
// a live region taken out of the page and put back is a new one to a screen reader, which then
// reads out none of its changes; and a focused node that stays keeps the focus.
export const kept = {
  main: el("main"),
  board: el("div", { class: "board" }),
  status: el("div", { role: "status", tabindex: "-1" }), // also where the focus rests between decisions
  moves: el("div", { class: "moves", id: "moves" }),
  bar: el("div"), // the move being built (buildingBar)
  needs: el("div", { role: "status", "aria-live": "polite" }), // the move's progress line in the bar
  // the move bar's one line of words (why a press did nothing, the hint's move): a live region
  // kept in the page and changed in place, so that a screen reader reads each change out
  note: el("p", { class: "note", role: "status" }),
  side: el("aside", { class: "side" }),
  logTitle: el("h2"),
  log: el("ol"),
  logShown: [], // the lines in the log's list
};
kept.logBox = el("section", { class: "log-box" }, kept.logTitle, kept.log);

// What several modules reassign, as fields: an imported binding cannot be assigned to.
export const now = {
  intent: null, // {ready, target}: where the focus goes once the answer to an action is drawn (focus.js)
  awayDrawn: "", // what the away lines said when the page was drawn last (seats.js awayKey)
};
