// The room: seats before the start, then the table, drawn from the server's state frames alone.
// Moves are offered only from `legal`; a compound move is built with `choices` frames (nothing is
// applied until it is confirmed) and sent whole with the last seq seen, so a double click cannot
// play twice. While the connection is lost a banner says so and the moves are shown but not
// offered: nothing is kept to send later (its seq would be stale by then).
import { address, api, botName, copyText, el, lang, langSwitch, lessMotion, loadMessages, pagePath, ruleLinks, savedName, saveName, seatNo, seatWord, socketAddress, t, toast as toastAt } from "./ui.js";
import { Chat } from "./chat.js";
import * as em from "./em.js";
import * as flight from "./flight.js";
import * as rm from "./rm.js";

const TABLES = { "extreme-mission": em, "ruler-of-mana": rm };
// A toast stands above the move bar (over it, it covered the bar's buttons for as long as it stood).
const toast = (message) => toastAt(message, kept.moves);
const room = roomOfAddress();
const S = {
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
let socket = null;
let retry = 0;
let retryTimer = null;
let offlineTimer = null;
const GRACE = 1500; // ms a lost connection has to come back before the page says it is lost

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
const chat = new Chat(send, toast);

// --------------------------------------------------------------------------- the seat link
// The browser keeps one seat of a room (its token in localStorage), and a link never costs it that
// seat: a link's token (#token=…, taken out of the address at once) where another is kept is asked
// about first (GET /api/rooms/{room}/you), and kept only if it holds a seat; where both do, the
// person chooses (S.choosing). A kept token is forgotten only when the server says it is no seat
// of the room, which exists (4401, or `you` null), and then only that token.
function takeTokenFromAddress() {
  const match = location.hash.match(/token=([^&]+)/);
  if (!match) return null;
  history.replaceState(null, "", location.pathname + location.search);
  return match[1];
}

const keepSeat = (seat, token) => localStorage.setItem(`bodoge.seat.${room}`, JSON.stringify({ seat, token }));

// The seat a token holds, by the server's word: {you}; "unknown" (no seat of this room); "refused"
// (no such room: its socket says so); null: no answer.
async function whoseToken(token) {
  try {
    const got = await api("GET", `/api/rooms/${encodeURIComponent(room)}/you?lang=${lang}`, undefined, token);
    return got.you === null ? "unknown" : got;
  } catch (err) {
    return err instanceof TypeError ? null : "refused";
  }
}

// A link's token: kept at once where none other is; else kept, kept not, or asked about, as above.
// Whether the token kept changed.
async function takeLink(token) {
  const kept = mySeat();
  if (!token || kept?.token === token) return false;
  if (!kept?.token) {
    keepSeat(null, token); // nothing to lose: the socket tries it (4401: forgotten, and said)
    return true;
  }
  const [link, mine] = await Promise.all([whoseToken(token), whoseToken(kept.token)]);
  if (link === "refused" || mine === "refused") return false;
  if (link === null || mine === null) {
    toast(t("web.room.link_unchecked"));
    return false;
  }
  if (link === "unknown") {
    if (mine === "unknown") localStorage.removeItem(`bodoge.seat.${room}`);
    toast(t(mine === "unknown" ? "web.room.bad_token" : "web.room.link_refused"));
    return mine === "unknown";
  }
  if (mine === "unknown" || mine.you === link.you) {
    keepSeat(link.you, token);
    return true;
  }
  S.choosing = { link: { seat: link.you, token }, kept: { seat: mine.you, token: kept.token } };
  return false;
}

// Which seat to keep, when the link's and the kept one are both the person's.
function seatChoiceBar() {
  const c = S.choosing;
  if (!c || !S.summary) return null;
  const named = (s) => ({ n: seatNo(s.seat), name: sitterName(s.seat) });
  return el("div", { class: "seat-choice", role: "alertdialog", "aria-labelledby": "seat-choice-question" },
    el("p", { id: "seat-choice-question" }, t("web.room.which_seat",
      { link: seatNo(c.link.seat), link_name: sitterName(c.link.seat), kept: seatNo(c.kept.seat), kept_name: sitterName(c.kept.seat) })),
    el("div", { class: "buttons" },
      el("button", { type: "button", class: "primary", id: "keep-seat", onclick: () => chooseSeat(c.kept) }, t("web.room.keep_seat", named(c.kept))),
      el("button", { type: "button", id: "take-link-seat", onclick: () => chooseSeat(c.link) }, t("web.room.take_link_seat", named(c.link)))));
}

function chooseSeat(chosen) {
  S.choosing = null;
  const changed = chosen.token !== mySeat()?.token;
  keepSeat(chosen.seat, chosen.token);
  if (changed) seatChanged();
  else draw();
}

// Another token kept: the page comes in again as its seat, the last seat's frame (its hand) dropped.
function seatChanged() {
  Object.assign(S, { frame: null, building: null, asking: null, busy: false, hint: [], confirmLeave: false });
  reconnect();
  draw();
}

function mySeat() {
  try {
    return JSON.parse(localStorage.getItem(`bodoge.seat.${room}`));
  } catch {
    return null;
  }
}

// The seat this page holds, by the server's word (the room frame's `you`), with its token kept.
function seated() {
  const you = S.summary?.you;
  return Boolean(mySeat()?.token) && you !== undefined && you !== null;
}

// The creator's page may seat bots and start (the server checks the token).
function isCreator() {
  return seated() && S.summary.you === S.summary.creator;
}

// A closed room (its last person left, or nobody touched it for a week): read-only, its games kept
// to replay (the room frame's `games`) for a while.
const closedRoom = () => S.summary?.status === "closed";

const gameTitle = (name) => S.games?.find((g) => g.game === name)?.title[lang] || name;

// --------------------------------------------------------------------------- the connection
function connect() {
  const seat = mySeat();
  // the server's refusals come in the page's language
  const used = seat?.token;
  const query = `?lang=${lang}${used ? `&token=${encodeURIComponent(used)}` : ""}`;
  const ws = new WebSocket(socketAddress(`/ws/rooms/${encodeURIComponent(room)}${query}`));
  socket = ws;
  ws.onopen = () => {
    retry = 0;
    S.asking = null; // a question sent on a socket before is answered on none
    S.instead = null;
    back();
    chat.reset(); // the server sends the recent lines again
    if (S.quiet && used) send({ type: "quiet", on: true }); // a spectator is asked nothing (and refused)
  };
  // Only the current socket's frames: each connection's logs follow on from its own frames.
  ws.onmessage = (message) => { if (ws === socket) receive(JSON.parse(message.data)); };
  ws.onclose = (closed) => {
    if (closed.code === 4404) { // no such room: nothing to come back to
      S.noRoom = true;
      draw();
      return;
    }
    if (closed.code === 4410) return; // a closed room: its room frame came, and nothing will after it
    if (S.leaving) return; // leaveSeat connects again, without the seat's token
    if (closed.code === 4401) { // that token is no seat of this room: forgotten, unless another is kept by now
      if (mySeat()?.token === used) localStorage.removeItem(`bodoge.seat.${room}`);
      toast(t("web.room.bad_token"));
    }
    lost();
    retry = Math.min(retry + 1, 5);
    retryTimer = setTimeout(connect, 300 * retry);
  };
}

// A lost connection is said only once it has stayed lost for GRACE (a usual reconnect is back
// sooner, and shows nothing); it is said until a socket opens again, whose frames then draw the
// page afresh.
function lost() {
  if (S.offline || offlineTimer !== null) return;
  offlineTimer = setTimeout(() => {
    offlineTimer = null;
    S.offline = true;
    S.busy = false; // a move sent just before is answered (or not) by the next connection's frames
    draw();
  }, GRACE);
}

function back() {
  clearTimeout(offlineTimer);
  offlineTimer = null;
  if (!S.offline) return;
  S.offline = false;
  draw();
}

// The banner: one node, kept outside the drawn page (so that a screen reader hears it once), at
// the top of the window however far the page is scrolled.
const offlineBanner = el("div", { class: "offline-banner", role: "status", hidden: true });
document.body.prepend(offlineBanner);

function showOffline() {
  offlineBanner.hidden = !S.offline;
  offlineBanner.textContent = S.offline ? t("web.room.offline") : "";
}

const notConnected = () => toast(t("web.room.not_connected"));
// What a request's failure says: the server's words, or, with no answer at all while the room's
// socket is down too, that there is no connection (not the browser's "Failed to fetch").
const refused = (err) => (err instanceof TypeError && socket?.readyState !== WebSocket.OPEN
  ? t("web.room.not_connected") : err.message);

function reconnect() {
  clearTimeout(retryTimer); // a retry already waiting would open a second socket
  if (socket) {
    socket.onclose = null;
    socket.close();
  }
  connect();
}

// A frame to the server, or, with no connection, nothing but a toast saying so: false.
function send(frame) {
  if (socket?.readyState !== WebSocket.OPEN) {
    notConnected();
    return false;
  }
  socket.send(JSON.stringify(frame));
  return true;
}

async function receive(frame) {
  if (frame.type === "chat") {
    chat.add(frame);
  } else if (frame.type === "room") {
    if (S.summary && frame.game_no !== S.summary.game_no) forgetReplay(); // a rematch began
    if (frame.status === "closed") S.frame = null; // the game it showed plays no more: its replay may
    awayNews(S.summary, frame);
    S.summary = frame;
    S.summaryAt = Date.now();
    updateChat();
    if (!S.faces || !S.games) await loadFaces();
    if (frame.status !== "open" && !S.frame) {
      // a started game sends its state next
    }
    draw();
  } else if (frame.type === "state") {
    if (!joinLog(frame)) return;
    const fresh = !S.frame || frame.seq !== S.frame.seq;
    S.frame = frame;
    if (!S.summary) S.summary = { game: frame.view.game, players: frame.view.players, seats: [] };
    if (!S.faces || !S.games) await loadFaces();
    S.busy = false;
    if (fresh) {
      S.building = null;
      S.asking = null;
      S.instead = null;
      S.hint = [];
      S.why = new Map();
      S.whyAsked = null;
      S.note = null;
      S.autoTarget = null;
      intent = null; // what an action's answer was to focus is moot in a new position
    }
    if (frame.seat !== null && frame.seat !== undefined) {
      const saved = mySeat();
      if (saved && saved.seat !== frame.seat) {
        localStorage.setItem(`bodoge.seat.${room}`, JSON.stringify({ ...saved, seat: frame.seat }));
      }
    }
    draw(); // the table at once: it does not wait for the log's words
    describeLog().then(logCame); // the log's new lines as soon as they are in words
  } else if (frame.type === "choices") {
    if (S.asking === null || frame.what !== S.asking) return;
    if (!frame.chosen.length && frame.complete && !frame.addable.length) {
      S.asking = null;
      act(frame.what);
      return;
    }
    const instead = S.instead;
    if (instead && instead.tried === JSON.stringify(frame.chosen)) {
      S.instead = null;
      if (!frame.complete && !frame.addable.length) { // a dead end: the other items instead
        send({ type: "choices", what: frame.what, chosen: instead.chosen });
        return;
      }
    }
    const only = onlyTarget(frame);
    if (only) { // the one opponent of a two-player game, added for the person (the bar says so)
      S.autoTarget = { what: frame.what, item: only };
      send({ type: "choices", what: frame.what, chosen: [...frame.chosen, only] });
      return;
    }
    // needs: the server's words for what the move cannot be made without (wilds), or null;
    // known: what could be added to each set of items asked about while building this move
    const known = S.building?.what === frame.what ? S.building.known : new Map();
    known.set(JSON.stringify(frame.chosen), frame.addable);
    S.building = { what: frame.what, chosen: frame.chosen, addable: frame.addable, complete: frame.complete, needs: frame.needs || null, known };
    draw();
    nextItemInView();
  } else if (frame.type === "why") {
    S.why.set(frame.action, frame.reason);
    if (frame.action !== S.whyAsked) return;
    S.whyAsked = null;
    say("why", whyWords(frame.reason));
  } else if (frame.type === "error") {
    // before any room or state frame, the error is the connection's (no room, a bad token): the
    // socket's close code that follows says it in the page's own words
    if (!S.summary && !S.frame) return;
    S.busy = false;
    if (S.asking !== null && !S.building) {
      // this server builds no choices for that step: take the step as it is
      const step = S.asking;
      S.asking = null;
      act(step);
      return;
    }
    toast(frame.message);
    draw();
  }
}

// A state frame carries the log from entry `log_from` on; the entries before it are the ones this
// connection was already sent. Made whole again here, before anything awaits, so that every frame
// of the page has its whole log. A gap (it cannot happen on one connection) asks for a new one.
function joinLog(frame) {
  const from = frame.log_from || 0;
  const kept = S.frame?.view.log || [];
  if (from > kept.length) {
    reconnect();
    return false;
  }
  frame.view.log = from ? kept.slice(0, from).concat(frame.view.log) : frame.view.log;
  return true;
}

// The cards' faces and the games' words, where not had yet (`again`: in the page's language, now
// another). The ones had stay on show until the new ones come: without faces the page would be
// drawn as the waiting room for a moment. With no answer (the connection lost) the next frame
// asks again; an answer in a language switched away from meanwhile is not taken.
async function loadFaces(again = false) {
  const game = S.summary?.game || S.frame?.view.game;
  if (!game) return;
  const asked = lang;
  try {
    if (again || !S.faces) {
      const faces = await api("GET", `/api/faces/${game}?lang=${asked}&room=${encodeURIComponent(room)}`);
      if (lang === asked) S.faces = faces;
    }
    if (again || !S.games) {
      const got = await api("GET", `/api/games?lang=${asked}`);
      if (lang === asked) ({ games: S.games, bots: S.bots, chat: S.chatLimits, away_seconds: S.awayAfter } = got);
    }
  } catch (err) {
    if (!(err instanceof TypeError)) throw err;
  }
  updateChat();
}

// Only a seated person writes; a spectator reads.
function updateChat() {
  const you = S.summary?.you;
  chat.update({ canWrite: you !== null && you !== undefined, nameOf: sitterName, limits: S.chatLimits, room, you });
}

// The log in words. Each event's line is kept by the language, the seats' names and the event
// itself (an event reads the same wherever it stands), and the panel shows the log of the view on
// show (a replay's, else the last frame's) line by line: so it never shows an entry twice, out of
// order or in another language, whatever order frames and answers come in. Asking is chained, so
// the same events are not asked for twice at once. Just after a language switch (or a change of
// the seats' names) nothing is in the new words yet: the lines shown last stay, all in the old
// words, until the new ones come (on a busy server the log went blank for a moment).
const logLines = new Map();
let logAsking = Promise.resolve();
let logShown = { events: [], lines: [] }; // the lines logWords gave last, and the events they say

const logView = () => S.replay?.view || S.frame?.view;
const lineKey = (event, names) => `${lang}\u0001${JSON.stringify(names ?? null)}\u0001${JSON.stringify(event)}`;

// The lines of the view's log put into words so far: its first entries, up to one not yet said;
// or, where the lines given last said more of them, those.
function logWords() {
  const names = seatNames();
  const log = logView()?.log || [];
  let lines = [];
  for (const event of log) {
    const line = logLines.get(lineKey(event, names));
    if (line === undefined) break;
    lines.push(line);
  }
  if (lines.length < log.length) {
    const { events } = logShown;
    let same = 0;
    while (same < events.length && same < log.length && (events[same] === log[same] || JSON.stringify(events[same]) === JSON.stringify(log[same]))) same += 1;
    if (same > lines.length) lines = logShown.lines.slice(0, same);
  }
  logShown = { events: log.slice(0, lines.length), lines };
  return lines;
}

function describeLog() {
  logAsking = logAsking.then(describeMissing).catch(() => {});
  return logAsking;
}

async function describeMissing() {
  const view = logView();
  if (!view) return;
  const names = seatNames();
  const wanted = new Map();
  for (const event of view.log || []) {
    const key = lineKey(event, names);
    if (!logLines.has(key)) wanted.set(key, event);
  }
  if (!wanted.size) return;
  const events = [...wanted.values()];
  let lines;
  try {
    // with the room: its cards are worded by its own card set, a card file's where it has one
    ({ events: lines } = await api("POST", "/api/words", { game: view.game, room, lang, events, names }));
  } catch (err) {
    // no answer (the connection lost): asked again with the next frame, nothing kept meanwhile;
    // a refusal: the events as they are
    if (err instanceof TypeError) return;
    lines = events.map((e) => e.event);
  }
  [...wanted.keys()].forEach((key, k) => logLines.set(key, lines[k]));
}

// --------------------------------------------------------------------------- moves
// Each of these changes the page only once its frame is sent (a frame is never kept for later).
function act(action) {
  if (S.busy || !S.frame) return;
  if (!send({ type: "act", action, seq: S.frame.seq })) return;
  S.busy = true;
  S.building = null;
  hush();
  intent = { ready: () => true, target: fallback }; // the status line holds the focus till the next decision
  draw();
}

// A press that did something: the reason a press before it did nothing is old news.
function hush() {
  if (S.note?.kind === "why") S.note = null;
}

// From the keyboard, a move begun puts the focus on what it takes next: the hint's next item
// (Confirm, the hint's move begun, where it has none), else the first card of the hand (or
// anything) that can go in, else Confirm, else the move bar.
function begin(step) {
  if (S.busy) return;
  if (!send({ type: "choices", what: step, chosen: [] })) return;
  S.asking = step;
  S.autoTarget = null;
  hush();
  if (keyboard) {
    const hinted = S.hint.includes(step);
    intent = { ready: () => S.building?.what === step,
      target: () => hintedItem() || (hinted && S.building.complete && confirmButton())
        || kept.board.querySelector(".hand [data-step]") || kept.board.querySelector("[data-step]:not(.confirm)") || confirmButton() };
  }
}

// The first item the hint still suggests (the hint is followed one press at a time); a chosen
// card is hinted where pressing it again is (a 2-orb card to pay 1 mana).
const hintedItem = () => kept.board.querySelector(".hinted[data-step]");
const confirmButton = () => kept.board.querySelector(".confirm[data-step]");

// An item pressed from the keyboard: once the answer is drawn, the focus goes on to the hint's
// next item (the item was the hint's), or to Confirm once the hint's items are all in or nothing
// more can go in; else it stays on the item.
function onward(item, chosen) {
  if (!keyboard || item === null) return;
  const hinted = S.hint.includes(item);
  intent = { ready: () => JSON.stringify(S.building?.chosen) === JSON.stringify(chosen),
    target: () => (hinted && hintedItem())
      || ((hinted || !S.building.addable.length) && S.building.complete ? confirmButton() : null) };
}

function toggle(item, add) {
  const b = S.building;
  const chosen = [...b.chosen];
  if (add) chosen.push(item);
  else chosen.splice(chosen.lastIndexOf(item), 1);
  if (!send({ type: "choices", what: b.what, chosen })) return;
  S.asking = b.what;
  hush();
  if (add) onward(item, chosen);
}

// Backing out (the bar's button, or Escape) puts the focus back on what began the move.
function cancel() {
  const what = S.building?.what ?? S.asking;
  S.building = null;
  S.asking = null;
  S.autoTarget = null;
  hush();
  intent = what ? { ready: () => true, target: () => kept.board.querySelector(`[data-step="${CSS.escape(what)}"]`) } : null;
  draw();
}

// The target of a move in a two-player game, where it has exactly one to choose (the one
// opponent) and none is chosen: added for the person, who had to tap it (its payment can come
// before or after it, so it is not the only item then). Once a move: taken back out, it is the
// person's to add.
function onlyTarget(frame) {
  const seats = (items) => items.filter((item) => /^@\d+$/.test(item));
  const targets = seats(frame.addable);
  if (S.frame?.view.players !== 2 || targets.length !== 1 || seats(frame.chosen).length || S.autoTarget?.what === frame.what) return null;
  return targets[0];
}

// A quiet seat's lone "pass" is the server's to answer (bodoge.server.quiet): offering it here
// too would race the server's pass, and the later of the two is refused.
const quietPass = () => !S.replay && S.quiet && S.frame?.legal?.length === 1 && S.frame.legal[0] === "pass";
const legal = () => (S.replay || quietPass() ? [] : S.frame?.legal || []);

// Enter and Space press a control that is no button of its own (a card, a mission).
const pressKeys = (press) => (e) => {
  if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    press(e);
  }
};

// The person decides now, with a connection, and nothing sent waits for its answer: what cannot
// be taken may say why.
const deciding = () => !S.replay && !S.offline && !S.busy && legal().length > 0;

// What a renderer asks about a step: is it offered now, and the attributes that make it a choice.
// A step is a first step (not building) from `legal`, or an item (building) from `addable`.
// `tryable`: a step the table draws whether or not it can be taken now (a mission, the deck, a
// spell's option); when the person decides and it cannot, it is shown so, and a press says why
// (`true`: dimmed; "quiet": not dimmed, as a face-up collaborator, which is no card to play).
function offer(step, extra = {}, tryable = false) {
  const attrs = { ...extra };
  if (S.replay) return attrs;
  if (S.building?.what === step) return { ...attrs, class: `${attrs.class || ""} chosen`, "aria-current": "true" };
  if (S.busy) return attrs;
  const b = S.building;
  let onclick = null;
  if (b && b.addable.includes(step)) onclick = () => toggle(step, true);
  else if (!b && legal().includes(step)) onclick = () => begin(step);
  if (!onclick) {
    return tryable && !b && S.asking === null && deciding() ? cannotTake(step, attrs, () => askWhy(step), tryable === true) : attrs;
  }
  // offline: still where the move is (the table keeps its shape), but not offered; a click says why
  if (S.offline) onclick = notConnected;
  const hinted = !S.offline && hintLeft(step);
  return {
    ...attrs,
    "data-step": step,
    class: `${attrs.class || ""} ${S.offline ? "unavailable" : "choice"}${hinted ? " hinted" : ""}`,
    "aria-disabled": S.offline ? "true" : undefined,
    tabindex: "0",
    role: attrs.role || "button",
    onclick,
    onkeydown: pressKeys(onclick),
  };
}

// A step or item that cannot be taken now, shown so (`dim`) and named `data-refused`: reached by
// Tab like any choice, aria-disabled, and a press says why (`why`), in the move bar's note (read
// out there) and, once known, as its title.
function cannotTake(step, attrs, why, dim = true) {
  return {
    ...attrs,
    "data-refused": step,
    class: `${attrs.class || ""}${dim ? " unavailable" : ""}`,
    "aria-disabled": "true",
    title: S.why.has(step) ? whyWords(S.why.get(step)) : attrs.title,
    tabindex: "0",
    role: attrs.role || "button",
    onclick: why,
    onkeydown: pressKeys(why),
  };
}

// An item of the move being built that cannot go in (a card of the hand, a collaborator): shown
// so, its title and a press saying why in the table's words (the chosen items and what can still
// go in say it: nothing to ask the server). Null when it is no such item.
function refusedItem(item, attrs) {
  const b = S.building;
  // the card the move is begun with (the spell cast, cast S01/3) is no item that cannot go in
  const begunWith = b?.what.split(" ").slice(1).some((word) => word.split("/")[0] === item);
  if (!b || b.addable.includes(item) || b.what === item || begunWith || !deciding()) return null;
  const why = itemWhy(b, item);
  return cannotTake(item, { ...attrs, title: why }, () => say("why", why));
}

function itemWhy(b, item) {
  const table = TABLES[S.frame.view.game];
  const said = table.itemWhy?.(b, item, { faces: S.faces, view: S.frame.view, describeStep, seatName });
  if (said) return said;
  return !b.addable.length && b.complete ? t("web.why.full") : t("web.why.item", { item: describeStep(item) });
}

// Why a step cannot be taken: the server's reason (its words, from this seat's view alone, the
// other seats by the names the table shows), kept for the position on show; a reason asked for
// and not come yet is said when it comes.
function askWhy(step) {
  if (S.why.has(step)) {
    say("why", whyWords(S.why.get(step)));
    return;
  }
  if (send({ type: "why", action: step, lang, names: seatNames() })) S.whyAsked = step;
}

// The server's reason as the bar says it: "not now" (a step of another kind than the decision)
// with what the decision is, in the status line's words; none (taken meanwhile: a frame crossed
// the question), that it can be taken now.
function whyWords(reason) {
  if (reason === null) return t("web.why.now");
  const what = kept.status.querySelector(".line")?.textContent;
  if (reason === t("web.why.not_now") && what) return t("web.why.not_now_do", { what });
  return reason.charAt(0).toLocaleUpperCase(lang) + reason.slice(1); // a line of its own: "Your…"
}

// The move bar's note, one line: why a press did nothing, or the hint's move in words (and, in a
// line under it, why that move).
function say(kind, text, why = null) {
  S.note = { kind, text, why, seq: S.frame?.seq };
  draw();
}

// An item that is in the move at most once (a collaborator spent as a wild), once chosen: marked on
// the table as a chosen hand card is, and a click takes it back out. Null when it is not chosen.
function picked(item, extra = {}) {
  const b = S.building;
  if (S.replay || !b || b.what === item || !b.chosen.includes(item)) return null;
  const take = () => toggle(item, false);
  return {
    ...extra,
    class: `${extra.class || ""} chosen`,
    "aria-pressed": "true",
    tabindex: "0",
    role: "button",
    onclick: take,
    onkeydown: pressKeys(take),
  };
}

// A node drawn already given what `attrs` adds to it: its classes, attributes and handlers.
function dress(node, attrs) {
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "class") node.className += ` ${value}`;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value);
  }
  return node;
}

// A card of the hand: offered as item `code` (the card's notation) or as step `prefix code`;
// `nth` is its place among the cards of the same code, so that copies are chosen one by one.
// `spellings`: the items one card can go into a move as, in the order its clicks go through them
// (RM-3.4: a 2-orb card pays 2 mana as `F2` or 1 as `F2/1`). A click puts the card in as the
// first that can be added; a click on it once chosen turns it into the next, where the move can
// still be made so, else takes it out. So the card itself does what a button for each would.
// `tried`: the step a card offered as nothing stands for (a scroll's `scroll R10`), whose refusal
// it says; while a move is built, a card that cannot go in says why. `idle`: what a card offered as
// nothing says, pressed with no move begun (it pays for a move begun elsewhere: a mission, a spell).
function handCard(cardNode, code, nth, prefixes = [], spellings = [code], tried = null, idle = null) {
  const b = S.building;
  // the first card of its code is the one the move's step holds, where one does (`top F1`)
  const held = heldItem();
  const holds = held && spellings.includes(held.item) ? 1 : 0;
  if (nth < holds) return marked(cardNode, () => unhold(held));
  nth -= holds;
  // where each chosen copy stands among the items, in the order they were chosen
  const mine = b ? b.chosen.flatMap((c, at) => (spellings.includes(c) ? [at] : [])) : [];
  if (b && nth < mine.length) return chosenCard(cardNode, mine[nth], spellings);
  if (nth !== mine.length) return dress(cardNode, refusedItem(spellings[0], {}) || {}); // only the next copy is offered
  const addable = b ? spellings.filter((s) => b.addable.includes(s)) : [];
  for (const step of [...addable.slice(0, 1), ...spellings, ...prefixes.map((p) => `${p} ${code}`)]) {
    const attrs = offer(step);
    if (attrs["data-step"]) {
      // what a second click makes of it: the table needs no button of its own for that
      const then = addable.includes(step) ? spellings[spellings.indexOf(step) + 1] : undefined;
      const hinted = !S.offline && addable.some(hintLeft) && !attrs.class.includes("hinted");
      return dress(cardNode, { ...attrs, class: attrs.class + (hinted ? " hinted" : ""), "data-then-step": addable.includes(then) ? then : undefined });
    }
  }
  const refusal = refusedItem(spellings[0], {}) || (tried ? offer(tried, {}, true) : {});
  if (!refusal["data-refused"] && idle && !b && S.asking === null && deciding()) {
    return dress(cardNode, cannotTake(code, { role: cardNode.getAttribute("role") }, () => say("why", idle), false)); // heard as the card it is
  }
  return dress(cardNode, refusal["data-refused"] ? refusal : {});
}

// A chosen card of the hand, the item at `at` of the move: marked chosen (`data-chosen-as` says
// as which spelling), and a click turns it into its next spelling or takes it out. Whether the
// move can still be made with the next one is known when the items without this card were asked
// about (the usual way: this card was added to them); else it is asked, and where it cannot be,
// the card is taken out instead.
function chosenCard(cardNode, at, spellings) {
  const b = S.building;
  const item = b.chosen[at];
  const next = spellings[spellings.indexOf(item) + 1];
  const without = b.chosen.filter((_, k) => k !== at);
  const known = b.known.get(JSON.stringify(without));
  const turn = next !== undefined && (known === undefined || known.includes(next));
  const go = turn
    ? () => rechoose(b.chosen.map((c, k) => (k === at ? next : c)), without, next)
    : () => rechoose(without);
  cardNode.dataset.chosenAs = item;
  if (turn) {
    cardNode.dataset.step = next;
    if (S.hint.includes(next)) cardNode.classList.add("hinted");
  }
  return marked(cardNode, go);
}

// A card in the move being built, marked chosen where it lies; pressed, it does `go`.
function marked(cardNode, go) {
  cardNode.classList.add("chosen");
  cardNode.setAttribute("aria-pressed", "true");
  return dress(cardNode, { tabindex: "0", role: "button", onclick: go, onkeydown: pressKeys(go) });
}

// The move's first item where its step holds it (Extreme Mission's drop, `drop B8`; a choice
// among cards in Ruler of Mana, `top F1`): the table's `held`, or null.
function heldItem() {
  const b = S.building;
  return b && S.frame ? TABLES[S.frame.view.game].held?.(b.what, { view: S.frame.view, seatName }) || null : null;
}

// Ask for the move being built with the items `chosen`; `instead`: the items to ask for if
// those cannot make the move; `item`: the one a card was turned into.
function rechoose(chosen, instead = null, item = null) {
  const b = S.building;
  if (S.busy || !b) return;
  if (!send({ type: "choices", what: b.what, chosen })) return;
  S.asking = b.what;
  S.instead = instead ? { tried: JSON.stringify(chosen), chosen: instead } : null;
  hush();
  onward(item, chosen);
}

// The deck of `size` cards, drawn from by a press where drawing is a move: it says so, beneath it
// and aloud. `legend`: what its back shows, in words beneath it (its label says it aloud).
function deckPile(label, attrs, size, legend = null) {
  const offered = offer("draw", { ...attrs, "aria-label": label }, true);
  if (offered["data-step"]) offered["aria-label"] = t("web.deck_draw_label", { deck: label });
  // the hint stays while a move sent is answered: the page keeps its height meanwhile
  const hint = offered["data-step"] || (S.busy && legal().includes("draw"));
  return el("div", { class: "pile deck" }, el("div", { role: "img", ...offered }),
    el("span", { class: "pile-size" }, t("web.deck", { n: size })),
    legend ? el("span", { class: "pile-legend", "aria-hidden": "true" }, legend) : null,
    hint ? el("span", { class: "pile-hint", "aria-hidden": "true" }, t("web.deck_draw_hint")) : null);
}

// Whether the hint names `item` more times than the move being built has it: a hint with one
// red 5 glows on one red 5, not on the next copy offered once the first is in.
function hintLeft(item) {
  const chosen = S.building?.chosen || [];
  return S.hint.filter((s) => s === item).length > chosen.filter((s) => s === item).length;
}

// Steps no card stands for, as buttons.
function stepButton(step, label) {
  return el("button", offer(step, { type: "button", class: "step" }), label);
}

// The first item of a move whose first step holds it (Extreme Mission's drop: `drop B8`, then
// `B9`...) taken back out: the move begun anew with the next item as its step, or none left.
function unhold(held) {
  const b = S.building;
  if (!b.chosen.length) {
    cancel();
    return;
  }
  if (S.busy || !send({ type: "choices", what: held.begin(b.chosen[0]), chosen: b.chosen.slice(1) })) return;
  S.asking = held.begin(b.chosen[0]);
  hush();
}

// What the next pick is, in one line: the kinds of the items that can go in now (a target
// player, a card to pay with, a collaborator as a wild…), each named once, in the order they come.
function wantedLine(b, table) {
  const kinds = [...new Set(b.addable.map((item) => table.itemKind?.(b.what, item, S.faces) || "card"))];
  const words = (kinds.length ? kinds : ["card"]).map((kind) => t(`web.move.kind.${kind}`));
  return t("web.move.pick", { kinds: words.join(t("web.move.kind_or")) });
}

// The move being built, drawn into the bar kept in the page (kept.bar). Its progress line
// (kept.needs) is a live region that stays there, between moves too (hidden but for a screen
// reader), and is changed in place, only where it says something new: a screen reader reads out
// the changes of a live region already in the page, not a new one's.
function buildingBar(describe, table) {
  const b = S.building;
  const bar = kept.bar;
  sayAnew(kept.needs, progress(b, table), !b ? "needs" : b.complete ? "needs ready" : `needs${b.needs ? " must" : ""}`);
  if (!b) {
    // a choice among cards none of which is pressed yet: what to do, as the bar's title (the
    // table's `choosing`); a question the server passes for you: that it does, where a phone's
    // window always shows it (the status line had scrolled away above your hand); else the bar is
    // out of sight
    const title = S.offline ? null : quietPass() ? t("web.rm.prompt.quiet_pass")
      : deciding() ? table.choosing?.(legal(), { view: S.frame.view, seatName }) : null;
    bar.className = title ? "building choosing" : "move-idle sr-only";
    for (const name of ["role", "aria-label", "tabindex"]) bar.removeAttribute(name);
    setChildren(bar, [title ? el("div", { class: "what" }, title) : null, kept.needs]);
    return bar;
  }
  const whole = [b.what, ...b.chosen].join(" ");
  // a step that holds the move's first item: that item is shown among the chosen ones
  const held = heldItem();
  // an item in the table's words for it in this move where it has some (a 2-orb card paying 2)
  const words = (c) => table.itemWords?.(b, c, S.faces) || describe(c);
  const chip = (c, onclick) => el("button", {
    type: "button", class: "chip", "aria-label": t("web.move.remove", { item: words(c) }), onclick }, words(c), " ×");
  const items = [...(held ? [chip(held.item, () => unhold(held))] : []), ...b.chosen.map((c) => chip(c, () => toggle(c, false)))];
  bar.className = "building";
  bar.setAttribute("role", "group");
  bar.setAttribute("aria-label", t("web.move.building"));
  bar.setAttribute("tabindex", "-1");
  setChildren(bar, [
    el("div", { class: "what" }, held ? held.title : describe(b.what)),
    // what the move's items must meet (a mission's condition): seen here, not only on its card
    table.condition?.(b.what, S.faces) ? el("div", { class: "condition" }, table.condition(b.what, S.faces)) : null,
    items.length ? el("div", { class: "chosen-items" }, items) : null,
    ...(table.buildingLines?.(b, S.faces) || []).map((line) => el("div", { class: "then-line" }, line)),
    kept.needs,
    el("div", { class: "buttons" },
      el("button", b.complete ? { type: "button", class: "primary confirm", "data-step": whole,
        "aria-disabled": S.offline ? "true" : undefined, onclick: () => act(whole) }
        : { type: "button", class: "primary confirm", disabled: true, title: b.needs || wantedLine(b, table) }, t("web.move.confirm")),
      el("button", { type: "button", class: "cancel", onclick: cancel }, t("web.move.cancel")))]);
  return bar;
}

// What the move being built still misses, in a node: the wilds it cannot do without (the
// server's words), else a plain "not complete yet"; or that it is ready. Nothing between moves.
// One line: what the move still needs, not how many items could be added — the wilds it cannot
// do without (the server's words), the target added for the person, and the kind of item to pick
// next, or "complete".
function progress(b, table) {
  if (!b) return el("div");
  const auto = S.autoTarget?.what === b.what && b.chosen.includes(S.autoTarget.item)
    ? t("web.move.auto_target", { name: seatName(Number(S.autoTarget.item.slice(1))) }) : null;
  return el("div", {},
    b.needs && !b.complete ? el("strong", { class: "must-line" }, b.needs) : null,
    auto ? el("span", { class: "auto-line" }, auto) : null,
    b.complete ? t("web.move.ready") : wantedLine(b, table));
}

// --------------------------------------------------------------------------- the seats
// In a replay, the seat as it was when that game began (in a closed room every seat is a bot now);
// a game over on show, as it was at its end (the room frame's `played`: someone may have taken a
// leaver's seat for the next game since). Someone who left the game under way keeps their name on
// the seat for that game, marked (the room frame's `left`; a replay's record says the step they
// left at, marked from there on).
const seatOf = (seat) => (S.replay?.record.seats || S.summary?.played || S.summary?.seats)?.[seat];
const hasLeft = (s, at = S.replay?.step) => (typeof s?.left === "number" ? at >= s.left : s?.left === true);

function plainName(seat, s = seatOf(seat)) {
  if (s?.name) return s.name;
  return s?.bot ? botName(s.bot, seat) : seatWord(seat);
}

// `at`: in a replay, the position (the step a seat made is said at the one before it).
function seatName(seat, at = undefined, s = seatOf(seat)) {
  return s?.name && hasLeft(s, at) ? t("web.left.name", { name: s.name }) : plainName(seat, s);
}

// A seat as the room names it now, whatever game is on show: who sits there for the next game
// (the chat's, the rematch's, the seat list's).
const sitterName = (seat) => seatName(seat, undefined, S.summary?.seats?.[seat]);

// A seat as the result names it: a leaver's with the bot that played on for them.
function seatLabel(seat) {
  const s = seatOf(seat);
  return s?.name && s.bot && hasLeft(s)
    ? `${seatName(seat)}${t("web.result.facts_sep")}${t("web.left.bot_plays", { bot: t(`web.bot.${s.bot}`) })}` : seatName(seat);
}

// Every seat as the table names it, for the log's lines (window.bodoge.seatNames, for tests too):
// a leaver's lines, before they left and the bot's after, go on under their name, as the record's.
function seatNames() {
  return S.summary ? S.summary.seats.map((_, k) => plainName(k)) : undefined;
}
S.seatNames = seatNames;

function seatsPanel() {
  const summary = S.summary;
  const mine = { ...mySeat(), seat: summary.you };
  const creator = isCreator();
  const list = el("ol", { class: "seat-list" });
  summary.seats.forEach((seat, n) => {
    const row = el("li", { class: seat.taken ? "taken" : "empty" },
      el("span", { class: "seat-no" }, seatWord(n)), " ",
      el("strong", {}, seat.taken ? sitterName(n) : t("web.room.empty")),
      seat.bot ? el("span", { class: "badge" }, t("web.room.bot")) : null,
      mine?.seat === n && mine?.token ? el("span", { class: "badge you" }, t("web.you")) : null);
    if (mine?.seat === n && mine?.token && summary.status === "open") {
      row.append(el("button", { type: "button", class: "leave-seat", "data-leave": n, onclick: askLeave }, t("web.room.leave_seat")));
    }
    if (!seat.taken && summary.status === "open") {
      if (!mine?.token) {
        // each seat's controls name their seat: a screen reader hears them one by one, out of the row
        row.append(el("button", { type: "button", class: "primary", "data-take": n, "aria-label": t("web.room.take_seat_n", { n: seatNo(n) }),
          onclick: () => takeSeat(n) }, t("web.room.take_seat")));
      }
      if (creator) {
        const level = el("select", { "aria-label": t("web.room.bot_level_for", { n: seatNo(n) }) },
          S.bots.map((b) => el("option", { value: b, selected: b === "easy" }, t(`web.bot.${b}`))));
        row.append(level, el("button", { type: "button", "data-bot": n, "aria-label": t("web.room.add_bot_to", { n: seatNo(n) }),
          onclick: () => addBot(n, level.value) }, t("web.room.add_bot")));
      }
    }
    list.append(row);
  });
  const link = `${location.origin}${address(`/r/${room}`)}`;
  const everyone = summary.seats.every((s) => s.taken);
  // which rules the game will be played by, before anyone sits down (a game of one variant has
  // nothing to choose, and says nothing)
  const variants = S.games?.find((g) => g.game === summary.game)?.variants || [];
  const rules = summary.variant && (variants.length > 1 || summary.variant !== "basic")
    ? el("p", { class: "variant-line" }, t("web.room.variant", { variant: t(`web.variant.${summary.variant}`) })) : null;
  return el("section", { class: "waiting" },
    el("h2", {}, t("web.room.seats")),
    rules,
    summary.cards ? el("p", { class: "cards-line" }, t("web.room.cards", { file: summary.cards })) : null, // its own card file
    !mine?.token ? el("label", { class: "name-field" }, t("web.lobby.your_name"),
      el("input", { id: "name", value: savedName(), oninput: (e) => saveName(e.target.value) })) : null,
    list,
    el("p", {}, t("web.room.invite"), " ", el("code", { class: "link", id: "invite-link" }, link),
      el("button", { type: "button", id: "copy-invite", onclick: () => copyInvite(link) }, t("web.room.copy"))),
    // the creator is told why Start waits, as the others are told who starts
    creator && summary.status === "open"
      ? [el("div", { class: "buttons" },
        el("button", { type: "button", onclick: fillBots, disabled: everyone }, t("web.room.fill_bots")),
        el("button", { type: "button", class: "primary", id: "start", onclick: start, disabled: !everyone,
          "aria-describedby": everyone ? null : "start-when" }, t("web.room.start"))),
      everyone ? null : el("p", { class: "muted", id: "start-when" }, t("web.room.start_when_full"))]
      : el("p", { class: "muted" }, t("web.room.wait_start")));
}

// Where the link cannot be copied, it is selected for the person to copy themselves.
async function copyInvite(link) {
  if (await copyText(link)) {
    toast(t("web.room.copied"));
    return;
  }
  const shown = document.getElementById("invite-link");
  if (shown) getSelection().selectAllChildren(shown);
  toast(t("web.room.copy_yourself"));
}

async function takeSeat(seat) {
  S.taking = seat;
  try {
    // two seats never carry the same name: a guest with none is the seat's guest
    const name = savedName() || `${t("web.lobby.guest")} ${seatNo(seat)}`;
    const got = await api("POST", `/api/rooms/${room}/seats/${seat}?lang=${lang}`, { name });
    localStorage.setItem(`bodoge.seat.${room}`, JSON.stringify({ seat: got.seat, token: got.token }));
    reconnect();
  } catch (err) {
    toast(refused(err));
  } finally {
    S.taking = null;
  }
}

async function addBot(seat, level) {
  try {
    await api("POST", `/api/rooms/${room}/seats/${seat}/bot`, { level }, mySeat().token);
  } catch (err) {
    toast(refused(err));
  }
}

async function fillBots() {
  for (const [n, seat] of S.summary.seats.entries()) if (!seat.taken) await addBot(n, "easy");
}

async function start() {
  try {
    await api("POST", `/api/rooms/${room}/start`, {}, mySeat().token);
  } catch (err) {
    toast(refused(err));
  }
}

// --------------------------------------------------------------------------- leaving
// Before the start the seat is freed; once a game has begun an easy bot plays it on (and, after
// the game, agrees to a rematch). The page asks first where leaving is more than giving up a
// chair: a game begun, or the room's last person (the room closes with them; its games stay, to
// replay, and the question says so).
const othersSeated = () => S.summary.seats.some((seat, n) => n !== S.summary.you && seat.name !== null && !seat.left);

function askLeave() {
  if (S.summary.status === "open" && othersSeated()) {
    leaveSeat();
    return;
  }
  S.confirmLeave = true;
  draw();
  document.getElementById("leave-no")?.focus();
}

function leaveBar() {
  if (!S.confirmLeave || !seated()) return null;
  const last = S.summary.status === "open" ? "web.leave.confirm_last" : "web.leave.confirm_last_kept";
  const question = !othersSeated() ? last
    : S.summary.status === "over" ? "web.leave.confirm_over" : "web.leave.confirm_game";
  return el("div", { class: "leave-confirm", role: "alertdialog", "aria-labelledby": "leave-question" },
    el("p", { id: "leave-question" }, t(question)),
    el("div", { class: "buttons" },
      el("button", { type: "button", class: "danger", id: "leave-yes", onclick: leaveSeat }, t("web.leave.yes")),
      el("button", { type: "button", id: "leave-no", onclick: stay }, t("web.leave.stay"))));
}

// "Stay" (or Escape): the question closes, and the focus goes back to the button that asked it.
function stay() {
  S.confirmLeave = false;
  intent = { ready: () => true, target: () => document.querySelector("#leave, [data-leave]") };
  draw();
}

// The seat's token is forgotten: the page is a visitor's (who may sit down again) before the
// start, a spectator's after it. The seat's frame, its hand with it, is dropped at once rather
// than kept on show until the spectator's frame comes.
async function leaveSeat() {
  const watching = S.summary.status !== "open" && othersSeated(); // else a visitor, or no room
  S.confirmLeave = false;
  S.leaving = true;
  try {
    await api("POST", `/api/rooms/${room}/leave?lang=${lang}`, {}, mySeat()?.token);
  } catch (err) {
    S.leaving = false;
    toast(refused(err));
    reconnect();
    draw();
    return;
  }
  localStorage.removeItem(`bodoge.seat.${room}`);
  S.gaveUp = { game: S.summary.game_no, seat: S.summary.you }; // told the others, not this page
  Object.assign(S, { frame: null, building: null, asking: null, busy: false, hint: [], replay: null, leaving: false });
  S.summary = { ...S.summary, you: null };
  updateChat();
  toast(t(watching ? "web.leave.watching" : "web.leave.left"));
  reconnect();
  draw();
}

// --------------------------------------------------------------------------- someone away
// A person whose pages are all gone (the room frame's `away`, in seconds, counted on here by the
// page's clock): their seat's panel says for how long; once the game has waited on them for the
// server's `away_seconds`, the others may let a bot play their seat meanwhile. The seat stays
// theirs: the panel says a bot plays it, or that they are back and play again at their next
// decision; their own page says so to them.
function awaySeconds(seat) {
  const away = S.summary?.seats?.[seat]?.away;
  return away === null || away === undefined ? null : away + (Date.now() - S.summaryAt) / 1000;
}

const awayMinutes = (secs) => t("web.away.minutes", { n: Math.max(1, Math.floor(secs / 60)) });

function awayLine(seat) {
  const s = S.summary?.seats?.[seat];
  if (S.replay || !s?.name || !["running", "over"].includes(S.summary.status)) return null;
  const ended = S.summary.played?.[seat];
  if (s.left || ended?.left) { // a leaver's seat: the bot plays it on; after the game, anyone may take it
    const plays = t("web.left.bot_plays", { bot: t(`web.bot.${(ended?.left ? ended : s).bot}`) });
    if (S.summary.status !== "over") return el("div", { class: "away left" }, plays);
    // taken since: by whom, or by you (whose page shows that game's seat, not yours)
    const next = s.left ? t("web.left.free") : seat === S.summary.you ? t("web.left.you_next") : t("web.left.next", { name: s.name });
    return el("div", { class: "away left" }, `${plays}${t("web.result.facts_sep")}${next}`);
  }
  if (seat === S.summary.you) return null;
  const secs = awaySeconds(seat);
  if (s.bot) {
    const said = secs === null ? t("web.away.back") : secs < 60 ? t("web.away.bot_plays") : `${awayMinutes(secs)} · ${t("web.away.bot_plays")}`;
    return el("div", { class: "away" }, said);
  }
  if (secs === null || secs < Math.min(60, S.awayAfter ?? 60)) return null;
  const may = seated() && S.summary.status === "running" && S.frame?.view.current_player === seat && secs >= S.awayAfter;
  return el("div", { class: "away" }, el("span", {}, awayMinutes(secs)),
    may ? el("button", { type: "button", class: "let-bot", "data-away": seat, "aria-label": t("web.away.let_bot_for", { name: seatName(seat) }),
      // in a seat's panel that is itself a choice (a target): the button is only the button
      onclick: (e) => { e.stopPropagation(); letBotPlay(seat); }, onkeydown: (e) => e.stopPropagation() }, t("web.away.let_bot")) : null);
}

// What the away lines would show now: drawn anew only when it changes (a minute more, a button).
const awayKey = () => (S.summary?.seats || []).map((_, n) => awayLine(n)?.textContent ?? "").join("\u0001");
let awayDrawn = "";
setInterval(() => { if (S.summary && awayKey() !== awayDrawn) draw(); }, 2000);

async function letBotPlay(seat) {
  try {
    await api("POST", `/api/rooms/${room}/seats/${seat}/away?lang=${lang}`, {}, mySeat()?.token);
  } catch (err) {
    toast(refused(err));
  }
}

// Told once, as a room frame brings it: a bot now plays for someone away, or they are back; someone
// left the game (not told to the page they left from), or took a leaver's seat for the next game.
function awayNews(before, after) {
  after.seats.forEach((s, n) => {
    const was = before?.seats?.[n];
    if (!was || !s.name) return;
    if (s.left && !was.left) {
      const mine = S.gaveUp?.game === after.game_no && S.gaveUp.seat === n;
      if (!mine) toast(t("web.left.news", { name: s.name }));
      return;
    }
    if (was.left && !s.left) {
      // (not to the page that took it: its spectator's connection may tell before its own does)
      if (n !== after.you && S.taking !== n && mySeat()?.seat !== n) toast(t("web.left.taken", { name: s.name, n: seatNo(n) }));
      return;
    }
    if (was.name !== s.name || Boolean(was.bot) === Boolean(s.bot)) return;
    if (s.bot) toast(t("web.away.handed", { name: s.name }));
    else toast(n === after.you ? t("web.away.you_took_back") : t("web.away.took_back", { name: s.name }));
  });
}

// Above the table of someone a bot played for while they were away, until they play again.
function awayNote() {
  const mine = S.summary?.seats?.[S.summary.you];
  return seated() && !S.replay && mine?.name && mine.bot ? el("p", { class: "away-note", role: "status" }, t("web.away.yours")) : null;
}

// --------------------------------------------------------------------------- hint, quiet
async function askHint() {
  if (!S.frame || !legal().length) return;
  try {
    const asked = S.frame.seq;
    const { steps, why } = await api("POST", `/api/rooms/${room}/hint?lang=${lang}`, { names: seatNames() }, mySeat()?.token);
    if (S.frame.seq !== asked) return; // a hint for a position gone meanwhile
    S.hint = steps;
    if (keyboard) intent = { ready: () => true, target: hintedItem }; // Enter on it follows the hint
    // besides the glow, the whole move in words, as the log words a move, and why the bot would
    // make it (the server's words, from this seat's view): on the move bar, read out together,
    // each begun as a sentence (a move said by its step's words began so, by the table's not:
    // "Hint: Take the top…", "Hint: complete…")
    const begun = (words) => words.charAt(0).toUpperCase() + words.slice(1);
    say("hint", t("web.hint.said", { move: begun(sayMove(steps)) }), why ? t("web.hint.why", { why: begun(why) }) : null);
    // what glows first, and your hand with it where the move takes cards from it (a mission
    // hinted at 1280x800 was in sight, the cards to complete it with under the move bar)
    const first = kept.board.querySelector(".hinted");
    const hand = steps.length > 1 && !first?.closest(".mine .hand") ? kept.board.querySelector(".mine .hand") : null;
    if (!keyboard && first) bringIntoView(first, first, hand, true);
  } catch (err) {
    toast(refused(err));
  }
}

function setQuiet(on) {
  S.quiet = on;
  localStorage.setItem("bodoge.quiet", on ? "1" : "0");
  send({ type: "quiet", on });
}

// --------------------------------------------------------------------------- replay
// A finished game of the room, stepped through: S.replay = {record, step, seat, view}. The record
// (GET /api/rooms/{room}/replay, ?game=N for an earlier game) says who made each step and where
// each turn begins; each position's view is the server's (it replays its own record: a 62-bit
// seed does not survive JavaScript's numbers). The address keeps the game, the step and the seat
// seen from (#replay=<game>.<step>[.<seat>]), so a link opens that moment.
const REPLAY_ADDRESS = /(?:^#|&)replay=(\d+)\.(\d+)(?:\.(\d+))?/;

function replayOfAddress() {
  const found = location.hash.match(REPLAY_ADDRESS);
  if (!found) return null;
  return { game: Number(found[1]), step: Number(found[2]), seat: found[3] === undefined ? undefined : Number(found[3]) };
}

// Read as the page loads, before the seat's token is taken out of the address with the rest of
// the fragment; opened once the page is drawn (openAskedReplay).
let replayAsked = room === null ? null : replayOfAddress();

function openAskedReplay() {
  const asked = replayAsked;
  replayAsked = null;
  if (asked) openReplay(asked);
}
// a link to another moment of this room (or to a seat of it) opened in the same tab changes only
// the fragment
window.addEventListener("hashchange", async () => {
  replayAsked = replayOfAddress();
  if (await takeLink(takeTokenFromAddress())) seatChanged();
  else draw(); // a question which seat to keep, or nothing new
  openAskedReplay();
});

function replayAddress() {
  const r = S.replay;
  const moment = r ? `#replay=${r.record.game_no}.${r.step}${r.seat === null ? "" : `.${r.seat}`}` : "";
  if (location.hash !== moment && (r || REPLAY_ADDRESS.test(location.hash))) {
    history.replaceState(null, "", location.pathname + location.search + moment);
  }
}

function forgetReplay() {
  S.replay = null;
  replayAddress();
}

function closeReplay() {
  const game = S.replay?.record.game_no;
  forgetReplay();
  describeLog().then(() => {
    draw();
    (document.getElementById("replay") || document.getElementById(`replay-${game}`))?.focus();
  });
}

// Opens a finished game of the room: `asked` {game, step, seat} (a link's moment, or a game
// picked), else the latest finished game at its end, seen from the seat on show (or this page's).
async function openReplay(asked = {}) {
  const query = asked.game ? `&game=${asked.game}` : "";
  let record;
  try {
    record = await api("GET", `/api/rooms/${room}/replay?lang=${lang}${query}`);
  } catch (err) {
    toast(refused(err));
    replayAddress();
    return;
  }
  const n = record.history.length;
  // the seat asked for, else the one on show (a spectator's view is a choice too), else this page's
  let seat = asked.seat;
  if (seat === undefined) seat = S.replay ? S.replay.seat : S.frame?.seat ?? mySeat()?.seat ?? null;
  if (!(seat >= 0 && seat < record.players)) seat = null;
  const step = asked.step === undefined ? n : Math.min(asked.step, n);
  S.replay = { record, step, seat, view: null };
  draw(); // the bar at once, the table loading till the step's view comes (paint)
  if (await replayTo(step)) document.getElementById("replay-slider")?.focus();
}

// Shows position `step` of the replay once the server gives its view (an answer to an earlier
// question is dropped: only the last one asked is shown); the focus stays on the replay's
// control that had it. Whether it was shown.
let replayAsks = 0;
async function replayTo(step) {
  const r = S.replay;
  if (!r) return false;
  const before = r.step;
  r.step = Math.max(0, Math.min(step, r.record.history.length));
  const asked = ++replayAsks;
  const focused = document.activeElement?.closest(".replay-bar") ? document.activeElement.id : null;
  let got;
  try {
    got = await api("GET", `/api/rooms/${room}/replay/${r.step}?game=${r.record.game_no}&seat=${r.seat ?? ""}&lang=${lang}`);
  } catch (err) {
    if (asked === replayAsks) r.step = before; // the words stay with the table on show
    if (asked === replayAsks && S.replay === r && !r.view) { // nothing of it shown yet: no replay
      forgetReplay();
      draw();
    }
    toast(refused(err));
    return false;
  }
  if (asked !== replayAsks || S.replay !== r) return false;
  r.view = got.view;
  r.unseen = got.unseen; // the step that led here: another seat's, not seen from this view
  replayAddress();
  await describeLog();
  if (asked !== replayAsks || S.replay !== r) return false;
  S.logSeen = logWords().length;
  draw();
  if (focused) { // a control that has just become disabled (› at the end) hands it to the slider
    const again = document.getElementById(focused);
    (again && !again.disabled ? again : document.getElementById("replay-slider"))?.focus();
  }
  return true;
}

// The turn a position is in, and where the turns begin: the record's [step, turn] pairs.
function turnAt(record, step) {
  let turn = null;
  for (const [at, n] of record.turns || []) if (at <= step) turn = n;
  return turn;
}

function turnWords(n) {
  const prefix = TABLES[S.replay?.record.game]?.prefix;
  const own = t(`web.${prefix}.turn_n`, { n });
  return own.startsWith(`web.${prefix}.`) ? t("web.turn_n", { n }) : own;
}

// A position in words: its step, with the turn that step was made in, then who made it and what
// (kept together on a line of their own where the line is too short for all). The step that ends
// a turn leads to the next turn's first position, whose table says that turn: the line named the
// turn after the move it told ("turn 2 · step 1 · easy bot 2: Use Elixir", made in turn 1).
function replayLabel(r, step) {
  const turn = turnAt(r.record, Math.max(0, step - 1));
  const where = [turn > 0 ? turnWords(turn) : null, t("web.replay.step", { step, steps: r.record.history.length })];
  let what = t("web.replay.at_start");
  if (step > 0) {
    const actor = r.record.actors?.[step - 1];
    if (actor === null || actor === undefined) what = replayMove(r.record, step);
    // another seat's step is said where the server found this view saw it (a card kept, offered
    // or put back it did not); a position not yet shown (the slider moving, its view not come)
    // names only its seat
    else if (actor === r.seat || (step === r.step && r.unseen === false)) what = t("web.replay.acted", { name: seatName(actor, step - 1), what: replayMove(r.record, step) });
    else what = step === r.step && r.unseen ? t("web.replay.unseen", { name: seatName(actor, step - 1) }) : seatName(actor, step - 1);
  }
  const sep = t("web.replay.sep");
  return [`${where.filter(Boolean).join(sep)}${sep}`, el("span", { class: "replay-what" }, what)];
}

// The move step `k` (from 1) is part of, in words: a compound action or chore from the step that
// began it (the record's `begun`) as the hint says a move, the table's own words for its mission
// or spell, target and cards, said to be in progress while a later step still adds to it; a step
// that is a move alone as the step it is.
function replayMove(record, k) {
  const from = record.begun?.[k - 1] ?? k - 1;
  const [first, ...rest] = record.history.slice(from, k);
  const verb = first.split(" ")[0];
  // a chore's later cards are spelled with its verb (`drop R3`), a move's items without (the hint's)
  const items = rest.map((s) => (s.startsWith(`${verb} `) ? s.slice(verb.length + 1) : s));
  const what = items.length ? sayMove([first, ...items], record.game) : describeStep(first);
  const going = k < record.history.length && record.begun?.[k] === from;
  return going ? t("web.replay.in_progress", { what }) : what;
}

function replayBar() {
  const r = S.replay;
  const { record } = r;
  const n = record.history.length;
  const go = (to) => () => replayTo(to);
  const starts = (record.turns || []).map(([at, turn]) => ({ at, turn }));
  // back: the start of this turn, or of the one before once at a start; forward: the next one's
  const turnBack = starts.filter((s) => s.at < r.step).at(-1);
  const turnOn = starts.find((s) => s.at > r.step);
  const label = el("span", { class: "replay-step", id: "replay-step" }, replayLabel(r, r.step));
  const slider = el("input", {
    type: "range", class: "replay-slider", id: "replay-slider", min: 0, max: n, step: 1, value: r.step,
    "aria-label": t("web.replay.slider"), "aria-valuetext": label.textContent, "aria-describedby": "replay-step",
    // while it is dragged only the words follow it; the table once it is let go
    oninput: (e) => {
      label.replaceChildren(...replayLabel(r, Number(e.target.value)));
      e.target.setAttribute("aria-valuetext", label.textContent);
    },
    onchange: (e) => replayTo(Number(e.target.value)),
  });
  // where there is no turn to go to, the button says what it would do (`none`: not an empty box)
  const turnButton = (to, id, key, none) => {
    const words = to ? turnWords(to.turn) : none;
    return el("button", { type: "button", id, disabled: !to, onclick: to ? go(to.at) : null,
      "aria-label": to ? t("web.replay.to_turn", { turn: turnWords(to.turn) }) : t(key) },
    key === "web.replay.turn_back" ? `‹ ${words}` : `${words} ›`);
  };
  const seat = el("select", { id: "replay-seat", onchange: (e) => {
    r.seat = e.target.value === "" ? null : Number(e.target.value);
    replayTo(r.step);
  } }, el("option", { value: "" }, t("web.replay.spectator")),
  Array.from({ length: record.players }, (_, k) => el("option", { value: k, selected: r.seat === k }, seatName(k))));
  const games = record.games || [record.game_no];
  const game = games.length > 1 ? el("select", { id: "replay-game", "aria-label": t("web.replay.game"),
    onchange: (e) => openReplay({ game: Number(e.target.value) }) },
  games.map((g) => el("option", { value: g, selected: g === record.game_no }, t("web.replay.game_n", { n: g })))) : null;
  // the server's own record as a file (its seed kept whole), named after the game and the room
  const download = el("a", { class: "button", id: "replay-download", href: address(`/api/rooms/${room}/replay?game=${record.game_no}`),
    download: `${record.game}-${room}-${record.game_no}.json` }, t("web.replay.download"));
  // ←/→ a step, Home/End the ends, PageUp/PageDown a turn, wherever the focus is in the bar (the
  // slider and the pickers keep their own keys)
  const keys = (e) => {
    if (e.target.tagName === "SELECT" || e.target.type === "range" || e.altKey || e.ctrlKey || e.metaKey) return;
    const to = { ArrowLeft: r.step - 1, ArrowRight: r.step + 1, Home: 0, End: n,
      PageUp: turnBack?.at ?? 0, PageDown: turnOn?.at ?? n }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    replayTo(to);
  };
  // `data-shown`: the step whose view the table under it was drawn with ("" while it loads)
  return el("div", { class: "replay-bar", role: "group", "aria-label": t("web.replay.title"), onkeydown: keys,
    "aria-keyshortcuts": "ArrowLeft ArrowRight Home End PageUp PageDown", "data-shown": r.view ? r.step : "" },
  el("div", { class: "replay-tools" },
    el("strong", {}, t("web.replay.title")), game, el("label", { class: "replay-seat" }, t("web.replay.seat"), " ", seat), download,
    el("button", { type: "button", id: "replay-close", onclick: closeReplay }, t("web.replay.close"))),
  slider,
  el("div", { class: "replay-moves" },
    el("button", { type: "button", id: "replay-first", disabled: r.step === 0, onclick: go(0), "aria-label": t("web.replay.first") }, "«"),
    turnButton(turnBack, "replay-turn-back", "web.replay.turn_back", t("web.replay.turn_back_none")),
    el("button", { type: "button", id: "replay-back", disabled: r.step === 0, onclick: go(r.step - 1), "aria-label": t("web.replay.back") }, "‹"),
    el("button", { type: "button", id: "replay-forward", disabled: r.step === n, onclick: go(r.step + 1), "aria-label": t("web.replay.forward") }, "›"),
    turnButton(turnOn, "replay-turn-on", "web.replay.turn_on", t("web.replay.turn_on_none")),
    el("button", { type: "button", id: "replay-last", disabled: r.step === n, onclick: go(n), "aria-label": t("web.replay.last") }, "»")),
  label);
}

// A game of the room is under way after others that are over: their replays stay open to all.
function earlierReplayButton() {
  const s = S.summary;
  if (S.replay || s?.status !== "running" || !(s.game_no > 1)) return null;
  return el("button", { type: "button", class: "replay-earlier", id: "replay-earlier", onclick: () => openReplay() },
    t("web.replay.open_game", { n: s.game_no - 1 }));
}

// The word for the seat whose view is on show: "you", but in a replay seen from a seat (anyone's,
// as anyone may choose) it is that seat's view, not the reader's seat; none for a game over whose
// seat a leaver left (the reader took it after: that game was not theirs).
const youWord = () => (S.replay ? t("web.replay.viewpoint") : hasLeft(seatOf(S.frame?.view?.you)) ? null : t("web.you"));

// While the connection is lost the banner says so, the one place that does (a screen reader hears
// it once): the status line says only who was to move when last heard, offering no move.
function lastToMove(view) {
  const who = view.current_player;
  return t("web.room.to_move", { name: view.you === who && youWord() ? t("web.name_you", { name: seatName(who), you: youWord() }) : seatName(who) });
}

// --------------------------------------------------------------------------- the result
// A seat's facts (the table's `facts`: [ranking keys, words]), the one its place was decided on
// in bold: the last word of its reason's key (`em.result.levels`); none for a tie on every key.
function decidedBy(view, seat, table) {
  const reason = view.result.decided_by?.[seat];
  const key = reason && reason.ahead !== null ? reason.key.split(".").pop() : null;
  return table.facts(view, seat, S.faces, key).flatMap(([keys, words], k) => [k ? t("web.result.facts_sep") : null,
    keys.includes(key) ? el("strong", { class: "decider" }, words) : words]);
}

// A seat's name marked as yours in the language's brackets (web.name_you), the mark kept whole.
function markedYours(name, you) {
  const [before, after] = t("web.name_you", { name: "\u0000", you }).split("\u0000");
  const [, space, mark] = after.match(/^(\s*)(.*)$/s);
  return [before, name, space, el("span", { class: "you-mark" }, mark)];
}

// A winner as the result's heading names them: a leaver's seat by the bot that played it on (it
// was not the leaver who won).
function winnerName(seat) {
  const s = seatOf(seat);
  return s?.name && s.bot && hasLeft(s) ? t("web.result.left_winner", { name: s.name, bot: t(`web.bot.${s.bot}`) }) : seatName(seat);
}

function resultPanel(view, table) {
  const result = view.result;
  if (!result) return null;
  const order = [...Array(view.players).keys()].sort((a, b) => result.ranks[a] - result.ranks[b]);
  const scores = result.scores;
  const tied = order.some((a) => order.some((b) => a !== b && scores[a] === scores[b] && result.ranks[a] !== result.ranks[b]));
  const rows = order.map((s) => el("tr", { class: result.winners.includes(s) ? "winner" : "" },
    el("td", {}, t("web.result.rank", { rank: result.ranks[s] })),
    // a leaver's seat taken since: the page's seat now, not the one who played it to the end
    el("td", {}, view.you === s && !hasLeft(seatOf(s)) ? markedYours(seatName(s), youWord()) : seatLabel(s)),
    el("td", {}, String(scores[s])),
    el("td", { class: "facts" }, decidedBy(view, s, table))));
  return el("section", { class: "result", "aria-label": t("web.result.title") },
    el("h2", {}, result.truncated ? t("web.result.truncated")
      : result.winners.length ? t("web.result.winners", { names: result.winners.map(winnerName).join(" · ") })
        : t("web.result.no_winner")),
    el("table", {}, el("thead", {}, el("tr", {},
      el("th", {}, t("web.result.rank_head")), el("th", {}, t("web.result.player")),
      el("th", {}, t(`web.${table.prefix}.result_column`)), el("th", {}, t("web.result.facts")))), el("tbody", {}, rows)),
    el("p", { class: "tiebreak" }, ruleLinks(tied ? t(`web.${table.prefix}.tiebreak`) : t(`web.${table.prefix}.scoring`), view.game, table.prefix)),
    rematchLine(),
    freeSeats(),
    el("div", { class: "buttons" },
      rematchButton(), // first: on a phone its long words take a line of their own
      S.replay ? null : el("button", { type: "button", id: "replay", onclick: () => openReplay() }, t("web.replay.open")),
      el("a", { class: "button", href: address("/") }, t("web.result.lobby"))));
}

// A rematch is the table's to agree on: any seated person asks, each other person agrees, and it
// starts once every person has (a bot always agrees, one playing for someone away too). Who has is
// the room frame's `rematch`.
function rematchState() {
  const s = S.summary;
  if (S.replay || s?.status !== "over") return null;
  const people = s.seats.filter((seat) => seat.name !== null && !seat.bot).length;
  return { agreed: s.rematch || [], people };
}

// Everyone, spectators too, reads who would like a rematch.
function rematchLine() {
  const r = rematchState();
  if (!r || !r.agreed.length) return null;
  return el("p", { class: "rematch-line", role: "status" },
    t("web.result.rematch_asked", { names: r.agreed.map((n) => (n === S.summary.you && seated() ? t("web.name_you", { name: sitterName(n), you: t("web.you") }) : sitterName(n))).join(" · ") }));
}

function rematchButton() {
  const r = rematchState();
  if (!r || !seated()) return null;
  const counts = { ready: r.agreed.length, people: r.people };
  if (r.agreed.includes(S.summary.you)) {
    return el("button", { type: "button", class: "primary", id: "rematch", disabled: true }, t("web.result.rematch_waiting", counts));
  }
  return el("button", { type: "button", class: "primary", id: "rematch", onclick: rematch },
    r.agreed.length ? t("web.result.rematch_agree", counts) : t("web.result.rematch"));
}

// After the game a leaver's seat is free: a page that holds no seat (the leaver's own, now a
// spectator's, too) offers it with a name, as a waiting room offers a free seat; the rematch then
// waits for that person too. Nobody taking it, the bot plays it in the next game, which the
// seated are told: their rematch does not wait for the leaver.
function freeSeats() {
  const s = S.summary;
  if (S.replay || s?.status !== "over") return null;
  const free = s.seats.flatMap((seat, n) => (seat.left ? [n] : []));
  if (!free.length) return null;
  if (seated()) return el("p", { class: "free-note" }, t("web.left.free_for_rematch", { seats: free.map(seatWord).join(t("web.list_sep")) }));
  return el("div", { class: "free-seats" },
    el("p", {}, t("web.left.free_seats")),
    el("label", { class: "name-field" }, t("web.lobby.your_name"),
      el("input", { id: "name", value: savedName(), oninput: (e) => saveName(e.target.value) })),
    el("div", { class: "buttons" }, free.map((n) => el("button", { type: "button", class: "primary", "data-take": n,
      onclick: () => takeSeat(n) }, t("web.left.take", { n: seatNo(n), name: seatName(n) })))));
}

async function rematch() {
  try {
    await api("POST", `/api/rooms/${room}/rematch?lang=${lang}`, {}, mySeat().token);
  } catch (err) {
    toast(refused(err));
  }
}

// --------------------------------------------------------------------------- keyboard focus
// A drawing puts new nodes in place of the old ones, the focused control's too: the control is
// named before it (focusKeys) and the focus put on its new node after. Where it is gone, the focus
// goes where the action's answer leads (`intent`), else to the move bar being built or the status
// line, and back to the control when it comes back (a deck drawn from twice): never to the top.
let keyboard = false; // the last input was a key: focus is moved for it, and brought into view
addEventListener("keydown", () => { keyboard = true; }, true);
addEventListener("pointerdown", () => { keyboard = false; }, true);
let intent = null; // {ready, target}: where the focus goes once the answer to an action is drawn
let wanted = null; // the keys of a control gone for a moment, whose place a fallback holds

// Escape backs out of the question "leave your seat?", else closes the header's menu (from
// within the header), else backs out of a move being built (in a text field Escape is the field's).
addEventListener("keydown", (e) => {
  if (e.key !== "Escape" || e.defaultPrevented || e.target.closest?.("input:not([type=checkbox]), textarea, select")) return;
  if (S.confirmLeave) stay();
  else if (S.menuOpen && e.target.closest?.("header.bar")) showMenu(false);
  else if (S.building || S.asking) cancel();
  else return;
  e.preventDefault();
});

// A control's names, surest first: its id; the same card where it lay, while it can be pressed (a
// card pressed again and again, a 2-orb card's orbs: not the next copy, which takes its step); its
// step; its seat; else its kind (tag and lasting classes) and its place among its kind (a language
// button, the discard pile's toggle, a chip of the bar).
const PASSING = ["choice", "chosen", "hinted", "unavailable", "on", "fresh", "pulse", "turn", "yours"];
function focusKeys(node) {
  const keys = [];
  if (node.id) keys.push(`#${CSS.escape(node.id)}`);
  const { card, step } = node.dataset;
  const where = node.parentElement?.classList[0];
  if (card && where && node.tabIndex >= 0) keys.push(`.board .${CSS.escape(where)} > [data-card="${CSS.escape(card)}"][tabindex]`);
  if (step) keys.push(`[data-step="${CSS.escape(step)}"]`);
  for (const name of ["take", "bot", "leave", "refused"]) { // the waiting room's seat buttons; a refused step
    if (name in node.dataset) keys.push(`[data-${name}="${CSS.escape(node.dataset[name])}"]`);
  }
  if (keys.length) return keys.map((sel) => ({ sel, nth: 0 }));
  const sel = node.tagName.toLowerCase() + [...node.classList].filter((c) => !PASSING.includes(c)).map((c) => `.${CSS.escape(c)}`).join("");
  return [{ sel, nth: [...document.querySelectorAll(sel)].indexOf(node) }];
}

// What the focus can rest on (the move bar kept between moves cannot: it is no control then).
const TAKES_FOCUS = "a[href], button, input, select, textarea, [tabindex]";
const focusable = (node) => Boolean(node?.isConnected && !node.disabled && !node.closest("[inert]") && node.getClientRects().length);

function found(keys) {
  for (const { sel, nth } of keys) {
    const all = document.querySelectorAll(sel);
    const node = all[Math.min(nth, all.length - 1)]; // a chip taken out: the one after it
    if (focusable(node)) return node;
  }
  return null;
}

// Where the focus rests when its control is gone: the move being built, the status line; in the
// waiting room the next thing to do there.
const FALLBACKS = [".building", ".board > .status", "#start:not([disabled])", ".waiting [data-bot]", ".waiting [data-take]", ".waiting [data-leave]"];
const fallback = () => FALLBACKS.map((sel) => document.querySelector(sel)).find(focusable);
const resting = (node) => node === kept.status || node.classList.contains("building");

function focusOn(node, selection = null) {
  node.focus({ preventScroll: !keyboard });
  if (selection && node.setSelectionRange) node.setSelectionRange(...selection);
}

// What has the focus before a drawing, or null: nothing to keep (the focus is not on the page's
// controls, and was not lost by a drawing).
function focusBefore() {
  const node = document.activeElement;
  if (!node || !document.getElementById("app").contains(node)) return wanted ? { node: null, keys: [], rests: true } : null;
  if (!resting(node)) wanted = null; // on a control of the reader's own choosing
  const selection = typeof node.selectionStart === "number" ? [node.selectionStart, node.selectionEnd] : null;
  return { node, keys: focusKeys(node), selection, rests: resting(node) };
}

function placeFocus(before) {
  if (intent?.ready()) {
    const target = intent.target();
    intent = null;
    const typing = before?.node && chat.node.contains(before.node); // a chat line is not taken from
    if (target && !typing) {
      wanted = null;
      focusOn(target);
      return;
    }
  }
  if (!before) return;
  const { node, keys, selection, rests } = before;
  const back = rests && wanted && found(wanted);
  if (back) {
    wanted = null;
    focusOn(back);
  } else if (node?.isConnected && node.matches(TAKES_FOCUS)) { // a node kept (the chat's, the status line): moved, it lost the focus
    if (document.activeElement !== node) focusOn(node, selection);
  } else {
    const again = found(keys) || fallback();
    if (!rests) wanted = keys;
    if (again) focusOn(again, selection);
  }
}

// --------------------------------------------------------------------------- the decision in view
// When a decision becomes yours, what you decide with is scrolled into view, once: on a phone it
// can be screens down (your hand under five opponents, a draft's pack), and on a desktop too
// (four seats of Extreme Mission put your hand under the fold at 1280x800). Only scrolled (the
// focus stays where the rules above put it), and not while the person scrolls, holds the page,
// writes in the chat or has a control of their own choosing focused.
const SCROLL_KEYS = ["ArrowUp", "ArrowDown", "PageUp", "PageDown", "Home", "End", " "];
let decided = ""; // the kinds of step of the decision last brought into view ("" while none is yours)
let scrolledAt = 0; // when the person last scrolled the page
let touching = false;
const scrolling = () => { scrolledAt = Date.now(); };
addEventListener("wheel", scrolling, { capture: true, passive: true });
addEventListener("touchmove", scrolling, { capture: true, passive: true });
addEventListener("touchstart", () => { touching = true; }, { capture: true, passive: true });
for (const type of ["touchend", "touchcancel"]) addEventListener(type, () => { touching = false; }, { capture: true, passive: true });
addEventListener("keydown", (e) => { if (SCROLL_KEYS.includes(e.key) && !e.target.closest?.("input, textarea, select, [role=button]")) scrolling(); }, true);

// Where the decision is made, and what else to show with it where both fit in the window: the
// hand where it offers a step (a drop, a spell, a reaction); else a draft's pack or what is being
// resolved, your hand with it; else, where something on the table is offered (a mission, the
// deck), your own section, that part of the table above it (a physical table's hand is in front
// of you: on every new turn of Extreme Mission a phone went up to an opponent's discard pile, the
// first thing offered, away from the hand); else what another seat offers (an exchange's offer).
// Where only the move bar offers anything (a reaction asked with nothing to react with: pass),
// what is being resolved, and as much of your section under it as fits: at 1280x800 six seats
// of Ruler of Mana left your hand under the fold and the bar, what hit you above. Else null (the
// bar stays in view).
function decisionPlace() {
  const offered = [...kept.board.querySelectorAll("[data-step]")].filter((n) => !kept.moves.contains(n));
  const mine = kept.board.querySelector(".mine");
  const inHand = offered.find((n) => n.closest(".hand"));
  if (inHand) return { place: inHand.closest(".mine") || inHand, item: inHand };
  const deciding = offered.find((n) => n.closest(".pack, .resolving"));
  if (deciding) return { place: deciding.closest(".pack, .resolving"), item: deciding, along: mine };
  const onTable = offered.find((n) => !n.closest(".opponents"));
  if (onTable && mine) return { place: mine, item: mine.querySelector(".hand") || mine, along: onTable.closest(".centre") || onTable };
  const item = onTable || offered[0];
  if (item) return { place: item.closest(".centre") || item, item };
  const resolving = kept.board.querySelector(".resolving");
  return resolving ? { place: resolving, item: resolving, along: mine, fill: true } : null;
}

function decisionInView() {
  const steps = legal();
  const kinds = [...new Set(steps.map((step) => step.split(" ")[0]))].sort().join(" ");
  if (!kinds || !kept.board.isConnected) {
    if (!kinds) decided = "";
    return;
  }
  if (kinds === decided) return;
  decided = kinds;
  const focus = document.activeElement;
  const chosenFocus = focus && document.getElementById("app").contains(focus) && !resting(focus);
  if (touching || Date.now() - scrolledAt < 1200 || chosenFocus || chat.node.contains(focus)) return;
  const where = decisionPlace();
  if (where) bringIntoView(where.place, where.item, where.along, where.fill);
}

// `node` scrolled into the part of the window the sticky move bar leaves free, where it is not
// there already, `along` with it where both fit (where they do not and `fill` is asked, from the
// top of both as far as the room goes): its top near the window's top where it is taller than
// that, or above; else its bottom just above the move bar, what is above it still in sight. A
// `node` taller than that is shown from its top only as far as `item` in it (what the decision
// is made with) stays in sight: a phone's own section under a tall move bar had its hand cut
// off. Smooth unless less motion is asked for.
function bringIntoView(node, item = node, along = null, fill = false) {
  if (!node) return;
  let box = node.getBoundingClientRect();
  const room = innerHeight - kept.moves.offsetHeight; // the sticky move bar covers the rest
  const margin = 8;
  if (along) {
    const also = along.getBoundingClientRect();
    const top = Math.min(box.top, also.top);
    const bottom = Math.max(box.bottom, also.bottom);
    if (bottom - top + 2 * margin <= room) box = { top, bottom, height: bottom - top };
    else if (fill) box = { top, bottom: top + room - 2 * margin, height: room - 2 * margin };
  }
  if (box.top >= 0 && box.bottom <= room) return;
  let by = box.top < 0 || box.height + 2 * margin > room ? box.top - margin : box.bottom - room + margin;
  const inner = item.getBoundingClientRect();
  if (inner.bottom - by > room - margin) by = Math.min(inner.top - margin, inner.bottom - room + margin);
  scrollBy({ top: by, behavior: lessMotion.matches ? "instant" : "smooth" });
}

// After a move's first step and after each item, on every screen, the next item to pick is
// brought into view clear of the move bar (it had covered the hand): the hint's, else the first
// that can go in, of the hand first. Not while the person scrolls or holds the page, nor for the
// keyboard, whose focus goes to that item and brings it into view itself.
function nextItemInView() {
  if (!S.building || keyboard || touching || Date.now() - scrolledAt < 1200 || chat.node.contains(document.activeElement)) return;
  const hinted = hintedItem();
  const offered = [...kept.board.querySelectorAll("[data-step]:not(.chosen)")].filter((n) => !kept.moves.contains(n));
  bringIntoView((hinted && !kept.moves.contains(hinted) ? hinted : null) || offered.find((n) => n.closest(".hand")) || offered[0]);
}

// --------------------------------------------------------------------------- drawing
// The table's frame is kept from one drawing to the next, and only what is inside it drawn anew:
// a live region taken out of the page and put back is a new one to a screen reader, which then
// reads out none of its changes; and a focused node that stays keeps the focus.
const kept = {
  main: el("main"),
  board: el("div", { class: "board" }),
  status: el("div", { role: "status", tabindex: "-1" }), // also where the focus rests between decisions
  moves: el("div", { class: "moves" }),
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
// The move bar's height keeps the focus clear of it: the page scrolls a focused control above it.
new ResizeObserver(() => document.documentElement.style.setProperty("--moves-h", `${kept.moves.offsetHeight}px`))
  .observe(kept.moves);

// `parent`'s children made `children` (nulls left out) without taking out the ones kept.
function setChildren(parent, children) {
  const keep = children.filter(Boolean);
  for (const node of [...parent.childNodes]) if (!keep.includes(node)) node.remove();
  let at = parent.firstChild;
  for (const node of keep) {
    if (node === at) at = node.nextSibling;
    else parent.insertBefore(node, at);
  }
}

// The status line the table drew, put into the kept one, and only if it says something new: a
// screen reader reads the status out on each change.
function takeStatus(drawn) {
  const fresh = drawn.querySelector(".status");
  fresh?.remove();
  if (fresh) sayAnew(kept.status, fresh, fresh.className || "status");
  else kept.status.className = "status";
}

// A kept live region given `fresh`'s words (and the class `className`): its children replaced
// only where they differ, so that a screen reader reads out what is new and nothing else.
function sayAnew(node, fresh, className) {
  node.className = className;
  if (node.innerHTML !== fresh.innerHTML) node.replaceChildren(...fresh.childNodes);
}

// The log's lines: new ones are added to the list on show (a screen reader reads them out); other
// lines (another language, a replay stepped back) are a new list in its place, read out as nothing.
function updateLog() {
  const game = S.summary?.game || S.frame?.view.game;
  const said = (line) => (TABLES[game] ? ruleLinks(line, game, TABLES[game].prefix) : line); // EM-5.1 a link
  const lines = logWords();
  const shown = kept.logShown;
  if (shown.length > lines.length || shown.some((line, k) => line !== lines[k])) {
    const list = el("ol");
    kept.log.replaceWith(list);
    kept.log = list;
    kept.logShown = [];
  }
  const list = kept.log;
  list.className = "log";
  list.setAttribute("aria-live", "polite");
  list.setAttribute("aria-label", t("web.log"));
  kept.logTitle.textContent = t("web.log");
  const start = kept.logShown.length;
  if (start === lines.length) return;
  list.append(...lines.slice(start).map((line, k) => el("li", { class: start + k >= S.logSeen ? "fresh" : "" }, said(line))));
  kept.logShown = lines;
  requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
}

function header() {
  const rm = S.summary?.game === "ruler-of-mana";
  const playing = S.frame && !S.frame.view.is_over && S.frame.seat !== null && S.frame.seat !== undefined;
  // On a narrow phone the header is one row: the game, the rules, the hint and a menu button;
  // the rest behind the button, the brand's way to the lobby too (style.css: on anything wider
  // the menu's controls stand in the row as ever, the menu's own lobby link left out).
  return el("header", { class: S.menuOpen ? "bar room-bar menu-open" : "bar room-bar" },
    el("a", { class: "brand", href: address("/") }, "bodoge"),
    el("span", { class: "title" }, gameTitle(S.summary?.game), " ", el("span", { class: "muted" }, `#${room}`)),
    el("a", { class: "rules-link", href: address(`/rules/${S.summary?.game}?lang=${lang}`), target: "_blank", rel: "noopener" }, t("web.rules.link")),
    playing ? el("button", { type: "button", id: "hint", onclick: askHint, disabled: !legal().length || S.offline }, t("web.hint")) : null,
    el("button", { type: "button", class: "menu-toggle", id: "menu-toggle", "aria-label": t("web.menu"), "aria-controls": "bar-menu",
      "aria-expanded": S.menuOpen ? "true" : "false", onclick: () => showMenu(!S.menuOpen) }, el("span", { class: "menu-icon", "aria-hidden": "true" })),
    el("div", { class: "bar-menu", id: "bar-menu", role: "group", "aria-label": t("web.menu") },
      el("a", { class: "menu-lobby", href: address("/") }, t("web.result.lobby")),
      // what the quiet box does, on hover and for a screen reader (kept out of its name)
      playing && rm ? [el("label", { class: "quiet", title: t("web.quiet_help") },
        el("input", { type: "checkbox", id: "quiet", checked: S.quiet, disabled: S.offline, "aria-describedby": "quiet-help",
          onchange: (e) => setQuiet(e.target.checked) }), t("web.quiet")),
      el("span", { id: "quiet-help", class: "sr-only" }, t("web.quiet_help"))] : null,
      // leaving a game begun (before the start, the seat's own row offers it)
      seated() && S.summary.status !== "open" ? el("button", { type: "button", class: "leave", id: "leave", onclick: askLeave,
        "aria-expanded": S.confirmLeave ? "true" : "false" }, t(S.summary.status === "running" ? "web.leave.game" : "web.room.leave_seat")) : null,
      earlierReplayButton(),
      langSwitch(async () => {
        S.why = new Map(); // the reasons had are in the other language
        S.note = null;
        describeLog().then(draw);
        await loadFaces(true);
        chat.refresh();
        draw();
      })));
}

// The narrow header's menu shown or hidden; hidden, the focus goes back to its button.
function showMenu(open) {
  S.menuOpen = open;
  if (!open) intent = { ready: () => true, target: () => document.getElementById("menu-toggle") };
  draw();
}

// A step in words: a card or option by its name, else the catalogue's `web.<game>.step.<kind>`.
function describeStep(step) {
  const names = S.faces?.names || {};
  if (names[step]) return names[step];
  if (/^@\d+$/.test(step)) return t("web.step.target", { name: seatName(Number(step.slice(1))) });
  const [kind, ...args] = step.split(" ");
  const fields = { arg: "", name: "" };
  for (const a of args) {
    if (/^\d+$/.test(a)) fields.name = seatName(Number(a));
    else fields.arg = names[a] || a;
  }
  const prefix = TABLES[S.summary?.game || S.frame?.view.game]?.prefix;
  const key = `web.${prefix}.step.${kind}`;
  const said = t(key, fields);
  return said === key ? step : said;
}

// Every offered step that no card or seat of the table stands for, as a button (a card stands
// for what its first click makes, and for what a second click on it makes, `data-then-step`);
// drawing, which the deck stands for, as a button too, first: a newcomer looks among the buttons.
// A step taken only on purpose (Extreme Mission's pass, which gives up the actions left: the
// table's `aside`, in its own words) comes last, apart and quieter.
function otherSteps(table, ...drawn) {
  const nodes = drawn.filter(Boolean).flatMap((part) => [...part.querySelectorAll("[data-step], [data-then-step]")]);
  const shown = new Set(nodes.flatMap((n) => [n.dataset.step, n.dataset.thenStep]));
  const offered = S.building ? S.building.addable : S.asking ? [] : legal();
  const rest = offered.filter((s) => !shown.has(s) || (s === "draw" && !S.building));
  if (!rest.length) return null;
  const aside = new Map(Object.entries(table.aside?.(S.frame.view) || {}));
  const first = [...rest.filter((s) => s === "draw"), ...rest.filter((s) => s !== "draw" && !aside.has(s))];
  return el("div", { class: "steps", role: "group", "aria-label": t("web.move.other") },
    first.map((s) => (s === "draw" ? el("button", offer(s, { type: "button", class: "step", id: "draw" }), describeStep(s))
      : stepButton(s, describeStep(s)))),
    rest.filter((s) => aside.has(s)).map((s) => el("button", offer(s, { type: "button", class: "step aside" }), aside.get(s))));
}

// The hint's move in words, as the log words a move (its card, mission or spell by name, its
// target and cards): the table's own words where it has them, else each step's.
function sayMove(steps, game = S.frame.view.game) {
  const table = TABLES[game];
  const said = table.sayMove?.(steps, { faces: S.faces, view: S.replay?.view || S.frame?.view, describeStep, seatName });
  return said || steps.map(describeStep).join(t("web.list_sep"));
}

function noRoomPage() {
  return [
    el("header", { class: "bar" }, el("a", { class: "brand", href: address("/") }, "bodoge"), langSwitch(draw)),
    el("main", { class: "loading no-room" },
      el("p", {}, t("web.room.none")), el("a", { class: "button", href: address("/") }, t("web.result.lobby"))),
  ];
}

// That the room is closed, and why where the server says (its game not restored after an upgrade).
const closedLine = () => t(S.summary?.closed_why === "not_restored" ? "web.room.not_restored" : "web.room.closed");

// A closed room's page: that it is closed, a button for each of its games' replays, the lobby.
function closedPage() {
  const games = S.summary.games || [];
  return el("main", { class: "loading closed-room" },
    el("p", {}, closedLine()),
    games.length ? el("p", {}, t("web.room.closed_games")) : null,
    el("div", { class: "buttons" },
      games.map((n) => el("button", { type: "button", id: `replay-${n}`, onclick: () => openReplay({ game: n }) },
        t("web.replay.open_game", { n }))),
      el("a", { class: "button", href: address("/") }, t("web.result.lobby"))));
}

// Above a closed room's replay: the room is closed, and the way back to the lobby.
const closedNote = () => (closedRoom()
  ? el("p", { class: "closed-note" }, closedLine(), " ", el("a", { href: address("/") }, t("web.result.lobby"))) : null);

// A replay just opened: its bar, and the table loading until the step's view comes (the live
// game's table under the bar would pass for that step).
function replayLoadingPage() {
  return [...aboveTable(), el("main", { class: "loading replay-loading", role: "status" }, t("web.replay.loading"))].filter(Boolean);
}

// What stands above the table: the header, the seat's bars and notes, a replay's bar.
const aboveTable = () => [header(), seatChoiceBar(), leaveBar(), awayNote(), closedNote(), S.replay ? replayBar() : null];

// The log's lines of a frame come in words after its table was drawn: where the table is on
// show, only the log takes them (nothing else the page shows is made of them). The whole page
// drawn again for them had every card measured twice, rebuilt and its flight started anew: on a
// phone at a quarter of a desktop's speed some 100 ms a frame, the cards stalling mid-flight.
let tableShown = false; // the last drawing drew the table
function logCame() {
  if (!tableShown) {
    draw();
    return;
  }
  updateLog();
  S.logSeen = logWords().length;
}

// A press begun on a control is not drawn over: a click is a press and a release on one node, and
// a drawing between them put a new node in its place, so the click went nowhere (a CI run's press
// of Draw sent nothing: a frame's drawing had come between). The drawing waits for the release,
// and the click it ends, or at most PRESS_MS for a press held, dragged off or never released.
const PRESS_MS = 800;
let pressed = null; // {at, later}: when a press began on a control, and a drawing put off meanwhile
addEventListener("pointerdown", (e) => {
  if (e.button === 0 && e.target.closest?.("button, [data-step], [data-then-step], a, input, label")) pressed = { at: performance.now(), later: false };
}, true);
const released = () => {
  const later = pressed?.later;
  pressed = null;
  if (later) setTimeout(draw); // after the click this release ends
};
addEventListener("pointerup", released, true);
addEventListener("pointercancel", released, true);

// A game just over, seen here: its result, at the board's top, brought into view once (a phone's
// window had stayed on your hand and the log under it).
let resultShown = null;
function resultInView() {
  const result = kept.board.isConnected ? kept.board.querySelector(":scope > .result") : null;
  const game = S.summary?.game_no;
  if (!result || S.replay || resultShown === game) return;
  resultShown = game;
  bringIntoView(result);
}

function draw() {
  if (pressed && performance.now() - pressed.at < PRESS_MS) {
    if (!pressed.later) setTimeout(() => { if (pressed?.later) released(); }, PRESS_MS);
    pressed.later = true;
    return;
  }
  const before = focusBefore();
  paint();
  placeFocus(before);
  decisionInView();
  resultInView();
}

function paint() {
  const app = document.getElementById("app");
  tableShown = false;
  showOffline();
  awayDrawn = awayKey();
  if (S.noRoom) {
    document.title = "bodoge";
    app.replaceChildren(...noRoomPage());
    return;
  }
  if (!S.summary && !S.frame) {
    app.replaceChildren(header(), el("main", { class: "loading" }, t("web.room.connecting")));
    return;
  }
  const game = S.summary?.game || S.frame.view.game;
  document.title = `${gameTitle(game)} — bodoge`;
  const table = TABLES[game];
  if (closedRoom() && !(S.replay?.view && S.faces)) { // a replay's table once it has come
    app.replaceChildren(header(), closedPage());
    return;
  }
  if (!S.frame && !closedRoom() && S.summary && S.summary.status !== "open") {
    // a game begun sends its state frame next (to a page come in, or one that just left its seat)
    app.replaceChildren(header(), el("main", { class: "loading" }, t("web.room.connecting")));
    return;
  }
  if ((!S.frame && !closedRoom()) || !S.faces) {
    app.replaceChildren(...[header(), seatChoiceBar(), leaveBar()].filter(Boolean),
      el("main", { class: "room" }, S.summary?.seats ? seatsPanel() : null, S.summary ? chat.node : null));
    return;
  }
  if (S.replay && !S.replay.view) { // a replay opened, its step's view not come yet
    app.replaceChildren(...replayLoadingPage());
    return;
  }
  const view = S.replay?.view || S.frame.view;
  const ctx = {
    view, faces: S.faces, legal: legal(), offline: S.offline, replay: Boolean(S.replay), lastToMove: lastToMove(view), quietPass: quietPass(), seatName, offer, picked, refusedItem, handCard, deckPile, stepButton, t, describeStep, redraw: draw, youWord: youWord(), away: awayLine,
    building: S.building, busy: S.busy, freshEvents: (S.replay ? [] : (view.log || []).slice(S.eventsSeen)),
  };
  const seen = flight.before(kept.board); // where each card lay: a move's cards fly from there
  const drawn = table.drawTable(ctx);
  const result = resultPanel(view, table);
  takeStatus(drawn);
  const note = S.note && !S.replay && S.note.seq === S.frame.seq ? S.note : null;
  kept.note.className = `note${note ? ` ${note.kind}` : ""}`;
  // the why in a span of its own, after a space: a line under the move, one sentence read out
  const why = note?.why ? [" ", el("span", { class: "why" }, note.why)] : [];
  if (kept.note.textContent !== (note ? note.text + (note.why ? ` ${note.why}` : "") : "")) {
    kept.note.replaceChildren(...(note ? ruleLinks(note.text, game, table.prefix) : []), ...why);
  }
  // A move sent and not answered yet: the bar stays as it was, inert, till the answer. Drawn
  // anew, it had a button for every step the table's items stand for (they offer none while
  // busy): on a phone some 540 px of buttons for a moment, or it went empty (a drop's Confirm).
  kept.moves.inert = S.busy;
  if (!S.busy) setChildren(kept.moves, [kept.note, buildingBar(describeStep, table), otherSteps(table, result, drawn)]);
  setChildren(kept.board, [result, kept.status, drawn, kept.moves]);
  updateLog();
  setChildren(kept.side, [kept.logBox, closedRoom() ? null : chat.node]);
  kept.main.className = `table ${game}`;
  setChildren(kept.main, [kept.board, kept.side]);
  setChildren(app, [...aboveTable(), kept.main]);
  flight.after(seen, { board: kept.board, ctx, table, moment: S.replay
    ? ["replay", S.replay.record.game_no, S.replay.seat, S.replay.step] : ["live", S.summary?.game_no, S.frame.seat, null] });
  S.logSeen = logWords().length;
  if (!S.replay) S.eventsSeen = (view.log || []).length;
  tableShown = true;
}

window.bodoge = S; // for browser scripts and tests: what the page last received
const linked = S.noRoom ? null : takeTokenFromAddress();
await loadMessages();
draw();
if (!S.noRoom) {
  await takeLink(linked);
  connect();
}
openAskedReplay();
