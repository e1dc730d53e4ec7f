// The seat this browser keeps in the room, and a link's seat: a link never costs the seat kept, and
// the server says which seat a token holds.
import { api, el, lang, seatNo, t } from "../ui.js";
import { room, S, toast } from "./state.js";
import { reconnect } from "./connection.js";
import { sitterName } from "./seats.js";
import { draw } from "./drawing.js";

// --------------------------------------------------------------------------- the seat link
// The browser keeps one seat of a room (its token in localStorage), and a link never costs it that
// seat: a link's token (#token=…, taken out of the address at once) where another is kept is asked
// about first (GET /api/rooms/{room}/you), and kept only if it holds a seat; where both do, the
// person chooses (S.choosing). A kept token is forgotten only when the server says it is no seat
// of the room, which exists (4401, or `you` null), and then only that token.
export function takeTokenFromAddress() {
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
export async function takeLink(token) {
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
export function seatChoiceBar() {
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
export function seatChanged() {
  Object.assign(S, { frame: null, building: null, asking: null, busy: false, hint: [], confirmLeave: false });
  reconnect();
  draw();
}

export function mySeat() {
  try {
    return JSON.parse(localStorage.getItem(`bodoge.seat.${room}`));
  } catch {
    return null;
  }
}

// The seat this page holds, by the server's word (the room frame's `you`), with its token kept.
export function seated() {
  const you = S.summary?.you;
  return Boolean(mySeat()?.token) && you !== undefined && you !== null;
}

// The creator's page may seat bots and start (the server checks the token).
export function isCreator() {
  return seated() && S.summary.you === S.summary.creator;
}

// A closed room (its last person left, or nobody touched it for a week): read-only, its games kept
// to replay (the room frame's `games`) for a while.
export const closedRoom = () => S.summary?.status === "closed";

export const gameTitle = (name) => S.games?.find((g) => g.game === name)?.title[lang] || name;
