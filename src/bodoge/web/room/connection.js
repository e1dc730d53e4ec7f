// The room's socket: the frames that come in and go out, a lost connection said only once it stays
// lost (a silent one found out by a heartbeat), and the log's entries put into words as frames
// bring them.
import { api, el, lang, seatNo, socketAddress, t } from "../ui.js";
import { Chat } from "../chat.js";
import { now, room, S, toast } from "./state.js";
import { mySeat } from "./seat-link.js";
import { act, onlyTarget, say, whyWords } from "./moves.js";
import { awayNews, seatNames, sitterName } from "./seats.js";
import { forgetReplay } from "./replay.js";
import { nextItemInView } from "./focus.js";
import { draw, logCame } from "./drawing.js";

let socket = null;
let retry = 0;
let retryTimer = null;
let offlineTimer = null;
const GRACE = 1500; // ms a lost connection has to come back before the page says it is lost
// A network gone without the socket closed (Wi-Fi lost, a phone's tunnel, a laptop's lid) leaves
// a socket that looks open, and frames sent on it wait to be played once the network is back. So
// a visible page pings after PING_AFTER of quiet (any frame will do as the answer; so at most one
// ping in PING_AFTER, counted with the rest, far under the server's 20 frames a second) and gives
// the socket up when nothing comes within PONG_WAIT: its close then takes the closed socket's
// path. A hidden page pings not at all: it asks again once shown.
const TICK = 500;
const PING_AFTER = 3000;
// A silent loss is found within PING_AFTER + PONG_WAIT + two ticks (9 s), said GRACE after; a
// slow phone's answer, or a busy server's (two cores under a test run's load), still comes
// within PONG_WAIT: a socket given up for nothing is a reconnect, unseen but not free.
const PONG_WAIT = 5000;
const OPEN_WAIT = 10000; // ms a new socket has to bring its first frame (a connect that hangs)
let heardAt = 0; // when the socket's last frame came
let answerBy = null; // when a frame must have come by (a ping sent, a socket made), or null

export const chat = new Chat(send, toast);

// --------------------------------------------------------------------------- the connection
export function connect() {
  const seat = mySeat();
  // the server's refusals come in the page's language
  const used = seat?.token;
  const query = `?lang=${lang}${used ? `&token=${encodeURIComponent(used)}` : ""}`;
  const ws = new WebSocket(socketAddress(`/ws/rooms/${encodeURIComponent(room)}${query}`));
  socket = ws;
  answerBy = Date.now() + OPEN_WAIT;
  let heard = false;
  ws.onopen = () => {
    retry = 0;
    S.asking = null; // a question sent on a socket before is answered on none
    S.instead = null;
    chat.reset(); // the server sends the recent lines again
    if (S.quiet && used) send({ type: "quiet", on: true }); // a spectator is asked nothing (and refused)
  };
  // Only the current socket's frames: each connection's logs follow on from its own frames. The
  // connection is back once the server is heard (the room frame comes first), not when a socket
  // opens: one opened on a network that lets nothing through would end the banner for a moment.
  ws.onmessage = (message) => {
    if (ws !== socket) return;
    heardAt = Date.now();
    answerBy = null;
    if (!heard) {
      heard = true;
      back();
    }
    receive(JSON.parse(message.data));
  };
  ws.onclose = (closed) => {
    if (closed.code === 4404) { // no such room: nothing to come back to
      gone(ws);
      S.noRoom = true;
      draw();
      return;
    }
    if (closed.code === 4410) return gone(ws); // a closed room: its room frame came, and nothing will after it
    if (S.leaving) return gone(ws); // leaveSeat connects again, without the seat's token
    if (closed.code === 4401) { // that token is no seat of this room: forgotten, unless another is kept by now
      if (mySeat()?.token === used) localStorage.removeItem(`bodoge.seat.${room}`);
      toast(t("web.room.bad_token"));
    }
    again();
  };
}

// A socket closed for good: the heartbeat and the network's coming back leave the page as it is.
function gone(ws) {
  if (ws === socket) socket = null;
}

// The connection lost: said after the grace, and a new one tried, sooner at first.
function again() {
  lost();
  retry = Math.min(retry + 1, 5);
  clearTimeout(retryTimer);
  retryTimer = setTimeout(connect, 300 * retry);
}

// A socket that looks open but brings nothing is given up as a closed one is: its frames are
// heard no more, and one sent meanwhile is refused (send: it is closing), not played later.
function drop() {
  const ws = socket;
  if (!ws || ws.readyState > WebSocket.OPEN) return; // closing already: its close comes
  ws.onclose = null;
  ws.onmessage = null;
  ws.close();
  answerBy = null;
  again();
}

function heartbeat() {
  if (!socket || socket.readyState > WebSocket.OPEN) return;
  const at = Date.now();
  if (answerBy !== null) {
    if (at > answerBy) drop();
  } else if (socket.readyState === WebSocket.OPEN && !document.hidden && at - heardAt >= PING_AFTER) {
    socket.send(JSON.stringify({ type: "ping" }));
    answerBy = at + PONG_WAIT;
  }
}
setInterval(heartbeat, TICK);
document.addEventListener("visibilitychange", heartbeat); // shown again: asked at once
// The browser's word is quicker: no network, the socket is given up at once; the network back, a
// new one is tried at once rather than after the wait between tries.
addEventListener("offline", drop);
addEventListener("online", () => {
  if (!socket || socket.readyState === WebSocket.OPEN) return;
  retry = 0;
  reconnect();
});

// A lost connection is said only once it has stayed lost for GRACE (a usual reconnect is back
// sooner, and shows nothing); it is said until the server is heard again, whose frames then draw
// the page afresh.
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

export function showOffline() {
  offlineBanner.hidden = !S.offline;
  offlineBanner.textContent = S.offline ? t("web.room.offline") : "";
}

export const notConnected = () => toast(t("web.room.not_connected"));
// What a request's failure says: the server's words, or, with no answer at all while the room's
// socket is down too, that there is no connection (not the browser's "Failed to fetch").
export const refused = (err) => (err instanceof TypeError && socket?.readyState !== WebSocket.OPEN
  ? t("web.room.not_connected") : err.message);

export function reconnect() {
  clearTimeout(retryTimer); // a retry already waiting would open a second socket
  if (socket) {
    socket.onclose = null;
    socket.close();
  }
  connect();
}

// A frame to the server, or, with no connection, nothing but a toast saying so: false.
export function send(frame) {
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
      now.intent = null; // what an action's answer was to focus is moot in a new position
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
export async function loadFaces(again = false) {
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
export function updateChat() {
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

// The lines of the view's log put into words so far, with a line where someone left the game (a
// room's event, not the game's: the room and a replay's record say after how many of the log's
// entries, the same in every view). Which of them are such lines: the list's `leaves` (indexes).
export function logWords() {
  const lines = eventWords();
  const out = [];
  out.leaves = new Set();
  const leaves = leavesShown();
  for (let k = 0; k <= lines.length; k += 1) {
    for (const left of leaves.filter((l) => l.log === k)) {
      out.leaves.add(out.length);
      out.push(t("web.left.log", { name: left.name, bot: t(`web.bot.${left.bot}`), n: seatNo(left.seat) }));
    }
    if (k < lines.length) out.push(lines[k]);
  }
  return out;
}

// Who left the game on show while it was under way: in a replay, up to the position on show; else
// the room's, up to the frame on show (a room frame may come before the state frame it goes with).
function leavesShown() {
  if (S.replay) return (S.replay.record.leaves || []).filter((l) => l.seq <= S.replay.step);
  return S.frame ? (S.summary?.leaves || []).filter((l) => l.seq <= S.frame.seq) : [];
}

// The lines of the view's log put into words so far: its first entries, up to one not yet said;
// or, where the lines given last said more of them, those.
function eventWords() {
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

export function describeLog() {
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
