// A game over: who won and on what, the rematch, and a leaver's seat free for it.
import { address, api, el, lang, ruleLinks, savedName, saveName, seatNo, seatWord, t } from "../ui.js";
import { room, S, toast } from "./state.js";
import { mySeat, seated } from "./seat-link.js";
import { refused } from "./connection.js";
import { hasLeft, plainName, seatLabel, seatName, seatOf, sitterName, takeSeat } from "./seats.js";
import { openReplay, youWord } from "./replay.js";

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

export function resultPanel(view, table) {
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
    // under a replay the result is the replayed game's, perhaps an earlier one than the room's
    // to rematch: the replay's bar has the rematch (replayBar)
    S.replay ? null : rematchLine(),
    freeSeats(),
    el("div", { class: "buttons" },
      S.replay ? null : rematchButton(), // first: on a phone its long words take a line of their own
      S.replay ? null : el("button", { type: "button", id: "replay", onclick: () => openReplay() }, t("web.replay.open")),
      el("a", { class: "button", href: address("/") }, t("web.result.lobby"))));
}

// A rematch is the table's to agree on: any seated person asks, each other person agrees, and it
// starts once every person has (a bot always agrees, one playing for someone away too). Who has is
// the room frame's `rematch`.
function rematchState() {
  const s = S.summary;
  if (s?.status !== "over") return null;
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

// The rematch's button for a seated page: under the result, or in a replay's bar.
export function rematchButton() {
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
      onclick: () => takeSeat(n) }, t("web.left.take", { n: seatNo(n), name: plainName(n) })))));
}

async function rematch() {
  try {
    await api("POST", `/api/rooms/${room}/rematch?lang=${lang}`, {}, mySeat().token);
  } catch (err) {
    toast(refused(err));
  }
}
