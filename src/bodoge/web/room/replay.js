// A finished game of the room stepped through, position by position; the moment on show is kept in
// the address, so that a link opens it.
import { address, api, el, lang, t } from "../ui.js";
import { room, S, TABLES, toast } from "./state.js";
import { mySeat, seatChanged, takeLink, takeTokenFromAddress } from "./seat-link.js";
import { describeLog, logWords, refused } from "./connection.js";
import { hasLeft, seatName, seatOf } from "./seats.js";
import { describeStep, draw, sayMove } from "./drawing.js";
import { rematchButton } from "./result.js";

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

export function openAskedReplay() {
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

export function forgetReplay() {
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
export async function openReplay(asked = {}) {
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
  S.replay = { record, step, seat, view: null, positions: new Map() };
  draw(); // the bar at once, the table loading till the step's view comes (paint)
  if (await replayTo(step)) document.getElementById("replay-slider")?.focus();
}

// Position `step` of replay `r` as its seat sees it, {view, unseen}: asked of the server once
// while the replay is open (a step press looks at the positions it passes over, and the one it
// lands on is then drawn without asking again).
function positionAt(r, step) {
  const key = `${r.seat}.${step}.${lang}`;
  if (!r.positions.has(key)) {
    const asked = api("GET", `/api/rooms/${room}/replay/${step}?game=${r.record.game_no}&seat=${r.seat ?? ""}&lang=${lang}`);
    asked.catch(() => r.positions.delete(key)); // asked again next time
    r.positions.set(key, asked);
  }
  return r.positions.get(key);
}

const sameView = (a, b) => Boolean(a && b) && JSON.stringify(a) === JSON.stringify(b);

// One press of a step button (or ←/→), `dir` +1 or -1: to the next position, or the one before,
// that looks different from this view. Another seat's move made item by item (a mission's cards,
// a spell, its target and payment) shows this view nothing until it is whole: each of its steps
// was a position of its own that looked as the one before it, a row of "making a move" to press
// through (four at a Ruler of Mana replay's start). A press passes over them, so each shows one
// change; the slider and the turn buttons still go to any position. Only the views this seat is
// given are compared, and how many steps a move took is the record's, open to all.
async function stepBy(dir) {
  const r = S.replay;
  if (!r) return;
  const { step: from, seat } = r;
  const n = r.record.history.length;
  let to = from + dir;
  try {
    if (dir > 0) { // on while the step to `to` is unseen and left the view as it was
      let before = r.view;
      for (; to < n; to += 1) {
        const got = await positionAt(r, to);
        if (!got.unseen || !sameView(got.view, before)) break;
        before = got.view;
      }
    } else { // back past every position reached by such a step
      for (; to > 0; to -= 1) {
        const got = await positionAt(r, to);
        if (!got.unseen || !sameView(got.view, (await positionAt(r, to - 1)).view)) break;
      }
    }
  } catch {
    // replayTo asks for `to` again and says why it could not be had
  }
  if (S.replay !== r || r.step !== from || r.seat !== seat) return; // moved meanwhile, or closed
  replayTo(to, dir > 0 ? from : null);
}

// Shows position `step` of the replay once the server gives its view (an answer to an earlier
// question is dropped: only the last one asked is shown); the focus stays on the replay's
// control that had it. `from`: the position a step forward came from, past positions that looked
// the same (its cards fly as a single step's). Whether it was shown.
let replayAsks = 0;
async function replayTo(step, from = null) {
  const r = S.replay;
  if (!r) return false;
  const before = r.step;
  r.step = Math.max(0, Math.min(step, r.record.history.length));
  const asked = ++replayAsks;
  const focused = document.activeElement?.closest(".replay-bar") ? document.activeElement.id : null;
  let got;
  try {
    got = await positionAt(r, r.step);
  } catch (err) {
    if (asked === replayAsks && S.replay === r) {
      r.step = before;
      if (!r.view) forgetReplay(); // nothing of it shown yet: no replay
      draw(); // the bar's slider and words back with the table on show (they had the step asked)
    }
    toast(refused(err));
    return false;
  }
  if (asked !== replayAsks || S.replay !== r) return false;
  r.view = got.view;
  r.unseen = got.unseen; // the step that led here: another seat's, not seen from this view
  r.from = from ?? r.step - 1;
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
    else if (step === r.step && r.unseen) what = t(goesOn(r.record, step) ? "web.replay.unseen_going" : "web.replay.unseen", { name: seatName(actor, step - 1) });
    else what = seatName(actor, step - 1);
  }
  const sep = t("web.replay.sep");
  return [`${where.filter(Boolean).join(sep)}${sep}`, el("span", { class: "replay-what" }, what)];
}

// Whether the move step `k` (from 1) is part of goes on at the step after it (the record's `begun`).
const goesOn = (record, k) => k < record.history.length && record.begun?.[k] === (record.begun?.[k - 1] ?? k - 1);

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
  return goesOn(record, k) ? t("web.replay.in_progress", { what }) : what;
}

export function replayBar() {
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
  // which game, where the room has played another (its picker says it where there are two to pick)
  const another = record.game_no > 1 || (S.summary?.game_no ?? record.game_no) !== record.game_no;
  const title = !game && another ? t("web.replay.open_game", { n: record.game_no }) : t("web.replay.title");
  // the server's own record as a file (its seed kept whole), named after the game and the room
  const download = el("a", { class: "button", id: "replay-download", href: address(`/api/rooms/${room}/replay?game=${record.game_no}`),
    download: `${record.game}-${room}-${record.game_no}.json` }, t("web.replay.download"));
  // ←/→ a step, Home/End the ends, PageUp/PageDown a turn, wherever the focus is in the bar (the
  // slider and the pickers keep their own keys)
  const keys = (e) => {
    if (e.target.tagName === "SELECT" || e.target.type === "range" || e.altKey || e.ctrlKey || e.metaKey) return;
    const by = { ArrowLeft: -1, ArrowRight: 1 }[e.key];
    const to = { Home: 0, End: n, PageUp: turnBack?.at ?? 0, PageDown: turnOn?.at ?? n }[e.key];
    if (by === undefined && to === undefined) return;
    e.preventDefault();
    if (by) stepBy(by);
    else replayTo(to);
  };
  // `data-shown`: the step whose view the table under it was drawn with ("" while it loads)
  return el("div", { class: "replay-bar", role: "group", "aria-label": t("web.replay.title"), onkeydown: keys,
    "aria-keyshortcuts": "ArrowLeft ArrowRight Home End PageUp PageDown", "data-shown": r.view ? r.step : "" },
  el("div", { class: "replay-tools" },
    el("strong", {}, title), game, el("label", { class: "replay-seat" }, t("web.replay.seat"), " ", seat), download,
    // the room's game over, its rematch: the result under a replay is the replayed game's (it
    // offers none), and one agrees without closing the replay
    rematchButton(),
    el("button", { type: "button", id: "replay-close", onclick: closeReplay }, t("web.replay.close"))),
  slider,
  // the steps and their words: on a phone they stay at the window's foot while the table scrolls
  // (at the bar, half a screen tall, they were screens above one's hand)
  el("div", { class: "replay-nav" }, el("div", { class: "replay-moves" },
    el("button", { type: "button", id: "replay-first", disabled: r.step === 0, onclick: go(0), "aria-label": t("web.replay.first") }, "«"),
    turnButton(turnBack, "replay-turn-back", "web.replay.turn_back", t("web.replay.turn_back_none")),
    el("button", { type: "button", id: "replay-back", disabled: r.step === 0, onclick: () => stepBy(-1), "aria-label": t("web.replay.back") }, "‹"),
    el("button", { type: "button", id: "replay-forward", disabled: r.step === n, onclick: () => stepBy(1), "aria-label": t("web.replay.forward") }, "›"),
    turnButton(turnOn, "replay-turn-on", "web.replay.turn_on", t("web.replay.turn_on_none")),
    el("button", { type: "button", id: "replay-last", disabled: r.step === n, onclick: go(n), "aria-label": t("web.replay.last") }, "»")),
  label));
}

// A game of the room is under way after others that are over: their replays stay open to all.
export function earlierReplayButton() {
  const s = S.summary;
  if (S.replay || s?.status !== "running" || !(s.game_no > 1)) return null;
  return el("button", { type: "button", class: "replay-earlier", id: "replay-earlier", onclick: () => openReplay() },
    t("web.replay.open_game", { n: s.game_no - 1 }));
}

// The word for the seat whose view is on show: "you", but in a replay seen from a seat (anyone's,
// as anyone may choose) it is that seat's view, not the reader's seat; none for a game over whose
// seat a leaver left (the reader took it after: that game was not theirs).
export const youWord = () => (S.replay ? t("web.replay.viewpoint") : hasLeft(seatOf(S.frame?.view?.you)) ? null : t("web.you"));

// While the connection is lost the banner says so, the one place that does (a screen reader hears
// it once): the status line says only who was to move when last heard, offering no move.
export function lastToMove(view) {
  const who = view.current_player;
  return t("web.room.to_move", { name: view.you === who && youWord() ? t("web.name_you", { name: seatName(who), you: youWord() }) : seatName(who) });
}
