// Extreme Mission's table: the 12 missions by level, every seat's collaborators and discard pile,
// the deck, your hand sorted by colour and number.
import * as place from "./flight.js";
import { el, seatWord, t } from "./ui.js";

export const prefix = "em";

// A screen reader ignores aria-label on a plain div: a card is an image named by what is printed
// on it, unless the move it stands for made it a button (named the same).
const drawn = (attrs) => (attrs.role ? attrs : { ...attrs, role: "img" });
// Words for a screen reader alone, where the eye reads a drawing (cubes, a struck-out name).
const heard = (words) => el("span", { class: "sr-only" }, words);

// Exported, with missionCard and collaborators: the rules pages draw their example cards alike
// (the game's figures module), and a test holds the two to the same markup.
export function infoCard(faces, id, given = {}) {
  const face = faces.cards[id];
  const { class: more = "", ...extra } = given;
  const colour = faces.colours.find((c) => c.code === face.colour);
  const name = t("web.em.card", { card: faces.names[face.code], theme: colour.theme });
  return el("div", drawn({ class: `card info c-${face.colour} ${more}`, "data-card": id, "aria-label": name, ...extra }),
    el("span", { class: "corner" }, face.number),
    el("span", { class: "num" }, face.number),
    el("span", { class: "theme", title: colour.theme }, colour.theme));
}

// A card as a flight shows it where it lies nowhere on the table (a card revealed for a mission,
// under the spent cards' backs), and the back a card flies as where it was unseen (flight.js).
export const face = (ctx, id) => infoCard(ctx.faces, id);
export const backClass = () => "em-back";

// The events that move cards, as they fly (flight.js): [from, to, counted, how]. The spent cards
// (EM-1.4, EM-4.1) lie face down by the discard pile, where they fly from as one stack at the
// turn's end, shuffled, its top turned face up on the discard pile (EM-4.2).
export const moves = {
  draw: (e) => [place.deck, place.hand(e.seat), true],
  take: (e) => [place.pile(e.from), place.hand(e.seat)],
  drop: (e) => [place.hand(e.seat), place.spent(e.seat), true],
  complete: (e) => [place.hand(e.seat), place.card(e.mission)],
  activate: (e) => [place.hand(e.seat), place.card(e.kind, e.seat)],
  discard: (e) => [place.spent(e.seat), place.pile(e.seat), false, { ids: [e.top], stack: true }],
};

// A seat's collaborators as the table shows them: each named by its kind and side, so that one
// turned over (EM-3.6, or face down as a wild, EM-3.4) is seen to turn where it lies (flight.js).
function collaboratorsOnTable(ctx, seat) {
  const row = collaborators(ctx, seat);
  Object.entries(ctx.view.collaborators[seat]).forEach(([kind, side], n) => {
    Object.assign(row.children[n].dataset, { card: kind, side });
  });
  return row;
}

function back(label, extra = {}) {
  return el("div", { class: "card back em-back", "aria-label": label, ...extra });
}

export function missionCard(ctx, id) {
  const { view, faces } = ctx;
  const m = faces.missions[id];
  const done = view.missions[id] || [];
  const mine = done.includes(view.you);
  const by = done.length ? t("web.em.completed_by", { names: done.map((s) => ctx.seatName(s)).join(t("web.list_sep")) }) : null;
  const attrs = ctx.offer(`complete ${id}`, { class: `mission level-${m.level}${mine ? " mine" : ""}`, "data-card": id }, true);
  // a button is heard by its name alone: the mission's words and who completed it
  if (attrs.role) attrs["aria-label"] = by ? t("web.em.mission_done", { name: m.name, condition: m.condition, done: by }) : t("web.em.mission", { name: m.name, condition: m.condition });
  return el("div", attrs,
    el("div", { class: "mission-head" }, el("span", { class: "lv" }, `Lv${m.level}`), el("span", { class: "mname" }, m.name)),
    el("div", { class: "cond" }, m.condition),
    el("div", { class: "cubes" },
      done.map((s) => el("span", { class: `cube seat-${s}`, title: ctx.seatName(s), "aria-hidden": "true" })),
      by ? heard(by) : null));
}

// Your face-down collaborators are activated where they lie (EM-3.6), their condition shown; a
// face-up one goes into a move as a wild (EM-3.4), and, pressed outside one, says it is face up.
export function collaborators(ctx, seat) {
  const { view, faces } = ctx;
  const row = view.collaborators[seat];
  const own = seat === view.you;
  return el("div", { class: "collabs" }, Object.entries(row).map(([kind, side]) => {
    const k = faces.kinds[kind];
    if (side === "down") {
      const down = t("web.em.collab_down", { kind: k.name });
      if (!own) return el("div", { class: `collab down seat-${seat}` }, el("span", { "aria-hidden": "true" }, k.name), heard(down));
      // its condition labelled as what turns it face up (EM-3.6), not a mission's
      const needs = t("web.em.activate_needs");
      const attrs = ctx.offer(`activate ${kind}`, { class: `collab down seat-${seat}`, "aria-label": t("web.em.collab_down_needs", { kind: k.name, condition: k.condition }), title: k.condition }, true);
      return el("div", drawn(attrs), el("span", { class: "kname" }, k.name),
        el("span", { class: "kneeds", "aria-hidden": "true" }, needs), el("span", { class: "kcond" }, k.condition));
    }
    const base = { class: `collab up seat-${seat}`, "data-card": kind, "aria-label": `${k.name}: ${k.condition}`, title: k.condition };
    const wild = own ? ctx.picked(kind, base) : null; // spent as a wild in the move being built
    let attrs = wild || base;
    if (own && !wild) attrs = ctx.building ? ctx.refusedItem(kind, base) || ctx.offer(kind, base) : ctx.offer(`activate ${kind}`, base, "quiet");
    return el("div", attrs, el("span", { class: "kname" }, k.name),
      wild ? el("span", { class: "wild-tag" }, t("web.em.as_wild")) : null,
      own ? el("span", { class: "kcond" }, k.condition) : null);
  }));
}

function discard(ctx, seat) {
  const { view, faces } = ctx;
  const top = view.discard_tops[seat];
  const size = view.discard_sizes[seat];
  const label = t("web.em.discard", { n: size });
  // your own pile is no card to play (it says so, pressed), another's empty one cannot be taken
  const tryable = seat === view.you ? "quiet" : true;
  const card = top ? infoCard(faces, top, ctx.offer(`take ${seat}`, {}, tryable))
    : el("div", drawn(ctx.offer(`take ${seat}`, { class: "card empty", "aria-label": label }, tryable)));
  return el("div", { class: "pile" }, card, el("span", { class: "pile-size" }, label));
}

// A seat's spent cards (EM-1.4) beside its discard pile while it has any (its turn): face down,
// as many as the view counts, until they go onto the pile at the turn's end (EM-4.2).
function spentCards(ctx, seat) {
  const n = ctx.view.spent_sizes[seat];
  if (!n) return null;
  const label = t("web.em.spent", { n });
  return el("div", { class: "pile spent" }, back(label, { role: "img" }), el("span", { class: "pile-size" }, label));
}

const doneCount = (view, seat) => el("div", { class: "done-count" }, t("web.em.missions_done", { n: view.completed[seat].length }));

function seatPanel(ctx, seat) {
  const { view } = ctx;
  const turn = view.current_player === seat;
  const fresh = ctx.freshEvents.some((e) => e.seat === seat);
  const hand = view.hand_sizes[seat];
  return el("section", { class: `seat seat-${seat}${turn ? " turn" : ""}${fresh ? " pulse" : ""}`, "aria-label": ctx.seatName(seat) },
    el("header", {}, el("span", { class: `dot seat-${seat}` }), el("strong", {}, ctx.seatName(seat)),
      el("span", { class: "seat-no" }, seatWord(seat)),
      turn ? el("span", { class: "badge turn" }, t("web.turn")) : null),
    // under the name, as in your own section: beside the discard pile it went below it where the
    // seat held many cards, and came back up where it held few
    doneCount(view, seat),
    ctx.away(seat), // away for a while: since when, and a bot to play meanwhile
    el("div", { class: "seat-row" },
      el("div", { class: "mini-hand", role: "img", "aria-label": t("web.hand_size", { n: hand }) },
        Array.from({ length: Math.min(hand, 12) }, () => el("span", { class: "mini-back" })),
        el("span", { class: "count" }, hand)),
      discard(ctx, seat), spentCards(ctx, seat)),
    collaboratorsOnTable(ctx, seat));
}

function myHand(ctx) {
  const { view, faces } = ctx;
  const order = faces.colours.map((c) => c.code);
  const sorted = [...view.hand].sort((a, b) => {
    const x = faces.cards[a], y = faces.cards[b];
    return order.indexOf(x.colour) - order.indexOf(y.colour) || x.number - y.number || (a < b ? -1 : 1);
  });
  const seen = {};
  const cards = sorted.map((id) => {
    const code = faces.cards[id].code;
    const nth = seen[code] || 0;
    seen[code] = nth + 1;
    // pressed with no move begun, in the action phase: the mission or collaborator comes first
    return ctx.handCard(infoCard(faces, id), code, nth, ["drop"], [code], null, view.phase === "drop" ? null : t("web.em.why.hand"));
  });
  return el("div", { class: "hand", role: "group", "aria-label": t("web.your_hand", { n: view.hand.length }) }, cards);
}

// The last round (EM-5.2) named by every seat that met the end condition, in the log's order:
// the one that opened it (`end_triggered`), then any that met it in the round (`end_met`).
function lastRound(ctx) {
  const met = (ctx.view.log || []).filter((e) => e.event === "end_triggered" || e.event === "end_met")
    .flatMap((e) => e.seats || []); // a game has one end_triggered, any end_met after it
  return met.length
    ? t("web.em.end_round_by", { names: met.map((s) => ctx.seatName(s)).join(t("web.list_sep")) })
    : t("web.em.end_round");
}

function status(ctx) {
  const { view } = ctx;
  const me = view.you;
  const who = view.current_player;
  let line;
  if (view.is_over) line = t("web.over");
  else if (ctx.offline || ctx.replay) line = ctx.lastToMove; // no move offered: whose it is, not "waiting"
  else if (ctx.legal.length) line = view.phase === "drop" ? t("web.em.prompt.drop", { n: view.hand.length - 10 }) : t("web.em.prompt.action", { n: view.actions_left });
  else line = t("web.waiting_for", { name: ctx.seatName(who) });
  return el("div", { class: `status${ctx.legal.length && !ctx.offline ? " yours" : ""}`, role: "status" },
    el("span", { class: "line" }, line),
    view.is_over ? null : el("span", { class: "chip" }, t("web.em.actions_left", { n: view.actions_left })),
    el("span", { class: "chip" }, t("web.turn_n", { n: view.turn })),
    view.end_triggered && !view.is_over ? el("span", { class: "warn" }, lastRound(ctx)) : null,
    me === null ? el("span", { class: "chip" }, t("web.spectating")) : null,
    view.pending ? begun(ctx, view.pending) : null);
}

// An action the server holds begun (made step by step): what it is and the items given so far.
function begun(ctx, p) {
  const what = p.action === "complete" ? `complete ${p.target}` : `activate ${p.target}`;
  const items = [...p.cards.map((id) => infoCard(ctx.faces, id)), ...p.wilds.map((k) => el("span", { class: "collab up" }, ctx.faces.kinds[k].name))];
  return el("div", { class: "begun" }, el("strong", {}, ctx.describeStep(what)), el("div", { class: "cards row" }, items));
}

export function drawTable(ctx) {
  const { view, faces } = ctx;
  const levels = [1, 2, 3, 4].map((lv) => el("div", { class: "mission-row", "aria-label": t("web.em.level", { n: lv }) },
    el("span", { class: "row-label" }, t("web.em.level", { n: lv })),
    Object.keys(view.missions).filter((id) => faces.missions[id].level === lv).map((id) => missionCard(ctx, id))));
  const deck = ctx.deckPile(t("web.deck", { n: view.deck_size }), { class: "card back em-back" }, view.deck_size);
  const others = [...Array(view.players).keys()].filter((s) => s !== view.you);
  const me = view.you;
  return el("div", { class: "em-table" },
    status(ctx),
    el("div", { class: "opponents" }, others.map((s) => seatPanel(ctx, s))),
    el("div", { class: "centre" }, el("div", { class: "missions" }, levels), deck),
    me === null ? null : el("section", { class: `mine seat-${me}${view.current_player === me ? " turn" : ""}`, "aria-label": ctx.youWord || ctx.seatName(me) },
      // your collaborators beside your discard pile, not under it: your hand a row higher
      el("div", { class: "mine-row" },
        el("div", { class: "mine-head" }, el("h2", {}, el("span", { class: `dot seat-${me}` }), " ", ctx.seatName(me), " ", ctx.youWord ? el("span", { class: "badge you" }, ctx.youWord) : null, " ", el("span", { class: "seat-no" }, seatWord(me))),
          ctx.away(me), // a leaver's seat you took after its game: that you sit here next
          doneCount(view, me),
          collaboratorsOnTable(ctx, me)),
        el("div", { class: "piles" }, discard(ctx, me), spentCards(ctx, me))),
      myHand(ctx)));
}

// A drop (EM-4.1) is begun with its first card as the step (`drop B8`), the rest being its
// items: the move bar shows that card among the chosen ones.
export function held(what) {
  const [kind, item] = what.split(" ");
  return kind === "drop" && item ? { item, title: t("web.em.drop_title"), begin: (first) => `drop ${first}` } : null;
}

// What a seat's result rests on, each fact with the ranking keys it shows (the last word of a
// `decided_by` reason's key: EM-5.3's end condition and hand, EM-5.4's missions, their levels,
// collaborators face up, cards in hand), for the result's "Decided by"; the end condition not
// met only where that decided the place (`decider`).
export function facts(view, seat, faces, decider) {
  const sides = Object.values(view.collaborators[seat]);
  const up = sides.filter((s) => s === "up").length;
  const levels = view.completed[seat].map((m) => faces.missions[m].level).sort((a, b) => b - a);
  const every = new Set(Object.values(faces.missions).map((m) => m.level)).size;
  const finished = new Set(levels).size === every && up === sides.length; // EM-5.1
  const hand = view.hand_sizes[seat];
  return [
    finished ? [["end_condition", "finish_hand"], t("web.em.fact.finished")]
      : decider === "end_condition" ? [["end_condition"], t("web.em.fact.unfinished")] : null,
    [["missions", "levels"], levels.length
      ? t("web.em.fact.levels", { n: levels.length, levels: levels.join(t("web.list_sep")) })
      : t("web.em.fact.missions", { n: 0 })],
    [["collaborators"], t("web.em.fact.up", { n: up })],
    [["hand", "finish_hand"], t("web.hand_size", { n: hand })],
  ].filter(Boolean);
}

// What the items of a move being built must meet, for the move bar: the mission's or the
// collaborator's condition (EM-3.4, EM-3.6); none for a drop.
export function condition(what, faces) {
  const [verb, arg] = what.split(" ");
  const card = verb === "complete" ? faces.missions[arg] : verb === "activate" ? faces.kinds[arg] : null;
  return card ? t("web.em.building_needs", { condition: card.condition }) : null;
}

// What kind of item a move takes next, for the move bar's line (web.move.kind.*).
export function itemKind(what, item, faces) {
  if (faces.kinds[item]) return "wild";
  return what.startsWith("drop") ? "spend" : "reveal"; // EM-4.1: to the spent cards
}

// Why an item cannot go into the move being built: the mission's or collaborator's condition.
export function itemWhy(b, item, c) {
  const [verb, arg] = b.what.split(" ");
  const card = verb === "complete" ? c.faces.missions[arg] : verb === "activate" ? c.faces.kinds[arg] : null;
  const name = c.faces.kinds[item]?.name || c.faces.names[item] || item;
  return card ? t("web.em.why.item", { item: name, name: card.name, condition: card.condition }) : null;
}

// The hint's move in words: the mission or collaborator, and the cards and wilds it is made with.
export function sayMove(steps, c) {
  const [first, ...items] = steps;
  const [verb, arg] = first.split(" ");
  const named = (item) => (c.faces.kinds[item] ? t("web.em.say.wild", { name: c.faces.kinds[item].name }) : c.faces.names[item] || item);
  const cards = items.map(named).join(t("web.list_sep"));
  if (verb === "complete") return t("web.em.say.complete", { mission: c.faces.missions[arg].name, cards });
  if (verb === "activate") return t("web.em.say.activate", { kind: c.faces.kinds[arg].name, cards });
  if (verb === "drop") return t("web.em.step.drop", { arg: [arg, ...items].map(named).join(t("web.list_sep")) });
  return c.describeStep(first);
}

// The steps taken only on purpose, apart from the others: the pass, which gives up the actions
// left (EM-2.2), said with how many.
export function aside(view) {
  return { pass: t("web.em.pass_button", { n: view.actions_left }) };
}
