// The seats: who sits where and by what name, taking a seat and leaving it, and someone away from
// theirs.
import { address, api, botName, copyText, el, lang, savedName, saveName, seatNo, seatWord, t } from "../ui.js";
import { now, room, S, toast } from "./state.js";
import { isCreator, mySeat, seated } from "./seat-link.js";
import { reconnect, refused, updateChat } from "./connection.js";
import { draw } from "./drawing.js";

// --------------------------------------------------------------------------- the seats
// In a replay, the seat as it was when that game began (in a closed room every seat is a bot now);
// a game over on show, as it was at its end (the room frame's `played`: someone may have taken a
// leaver's seat for the next game since). Someone who left the game under way keeps their name on
// the seat for that game, marked (the room frame's `left`; a replay's record says the step they
// left at, marked from there on).
export const seatOf = (seat) => (S.replay?.record.seats || S.summary?.played || S.summary?.seats)?.[seat];
export const hasLeft = (s, at = S.replay?.step) => (typeof s?.left === "number" ? at >= s.left : s?.left === true);

export function plainName(seat, s = seatOf(seat)) {
  if (s?.name) return s.name;
  return s?.bot ? botName(s.bot, seat) : seatWord(seat);
}

// `at`: in a replay, the position (the step a seat made is said at the one before it).
export function seatName(seat, at = undefined, s = seatOf(seat)) {
  return s?.name && hasLeft(s, at) ? t("web.left.name", { name: s.name }) : plainName(seat, s);
}

// A seat as the room names it now, whatever game is on show: who sits there for the next game
// (the chat's, the rematch's, the seat list's).
export const sitterName = (seat) => seatName(seat, undefined, S.summary?.seats?.[seat]);

// A seat as the result names it: a leaver's with the bot that played on for them.
export function seatLabel(seat) {
  const s = seatOf(seat);
  return s?.name && s.bot && hasLeft(s)
    ? `${seatName(seat)}${t("web.result.facts_sep")}${t("web.left.bot_plays", { bot: t(`web.bot.${s.bot}`) })}` : seatName(seat);
}

// Every seat as the table names it, for the log's lines (window.bodoge.seatNames, for tests too):
// a leaver's lines, before they left and the bot's after, go on under their name, as the record's.
export function seatNames() {
  return S.summary ? S.summary.seats.map((_, k) => plainName(k)) : undefined;
}
S.seatNames = seatNames;

export function seatsPanel() {
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

export async function takeSeat(seat) {
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

export function askLeave() {
  if (S.summary.status === "open" && othersSeated()) {
    leaveSeat();
    return;
  }
  S.confirmLeave = true;
  draw();
  document.getElementById("leave-no")?.focus();
}

export function leaveBar() {
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
export function stay() {
  S.confirmLeave = false;
  now.intent = { ready: () => true, target: () => document.querySelector("#leave, [data-leave]") };
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

export function awayLine(seat) {
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
export const awayKey = () => (S.summary?.seats || []).map((_, n) => awayLine(n)?.textContent ?? "").join("\u0001");
setInterval(() => { if (S.summary && awayKey() !== now.awayDrawn) draw(); }, 2000);

async function letBotPlay(seat) {
  try {
    await api("POST", `/api/rooms/${room}/seats/${seat}/away?lang=${lang}`, {}, mySeat()?.token);
  } catch (err) {
    toast(refused(err));
  }
}

// Told once, as a room frame brings it: a bot now plays for someone away, or they are back; someone
// left the game (not told to the page they left from), or took a leaver's seat for the next game.
export function awayNews(before, after) {
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
export function awayNote() {
  const mine = S.summary?.seats?.[S.summary.you];
  return seated() && !S.replay && mine?.name && mine.bot ? el("p", { class: "away-note", role: "status" }, t("web.away.yours")) : null;
}
