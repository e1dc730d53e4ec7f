// Cards travel across the table, briefly, as on a physical one: a move's cards fly from where they
// were to where they land. Each drawing of the table is measured before and after (FLIP: every
// `[data-card]` by its id): a card on show both times, moved to another place, is animated from
// its old place; a card that comes from a place the viewer never saw it in (the deck, another
// seat's hand) starts where the move's events say, as a back that turns over on the way, but in
// your own hand (yours to see); a card that lands nowhere on show (under a pile, under Extreme
// Mission's spent cards' backs) flies there as a copy that fades. Cards moved unseen (another seat's draw) fly as backs.
//
// Only transforms, and copies in a layer out of the page's flow: the page's layout, its
// height, clicks and focus stay as they are (a card in flight is itself, and can be pressed).
// A card on the table flies by the `translate`, `scale` and `rotate` properties, which replace
// nothing it has: its own `transform` (a chosen card's lift) goes on under them. They had been
// transforms added to its own (composite "add"), which Chromium runs on the page's main thread
// only: on a slow phone a card stopped mid-flight while the next frame was drawn.
// Nothing flies but a frame's new events as they come (or a replay's single step forward): not a
// page's first drawing, a language switch, a replay's jump, nor a page hidden or asked for less
// motion. A new move's frame retargets what is still flying; another drawing of the same position
// (its log's words, a minute more away) lets it fly on.
//
// No flight shows what the viewer's view does not: a copy shows a card's face only where the
// view's JSON names that card, else its back; a back's kind (Ruler of Mana's mana or spell back)
// only where the view says it.
import { el, lang, lessMotion } from "./ui.js";

const MS = 340; // a flight's length
const EASE = "cubic-bezier(0.2, 0.8, 0.3, 1)"; // out: quick off, gently down
const STAGGER = 40; // ms between the cards of one move
const MOST = 8; // cards flown for one frame's events, at most
const TAG = "flight"; // every animation of a flight has this id (document.getAnimations())

// The places a move's events name, for each game's `moves` (em.js, rm.js: each event that moves
// cards, as [from, to, counted, how], or a list of such; counted: `count` cards move, those the
// event does not name unseen; how: `ids`, the cards it moves where not those it names; `together`,
// its cards all at once; `stack`, its cards one stack face down, the top turning over as it
// lands): the deck, a seat's discard pile (Ruler of Mana's one pile), a seat's hand, offer or
// section, spent cards (Extreme Mission's, face down: where not on show, the seat's section), or a
// card on the table (a mission, a collaborator).
export const deck = { at: "deck" };
export const pile = (seat) => ({ at: "pile", seat });
export const hand = (seat) => ({ at: "hand", seat });
export const offer = (seat) => ({ at: "offer", seat });
export const section = (seat) => ({ at: "section", seat });
export const spent = (seat) => ({ at: "spent", seat });
export const card = (id, seat = null) => ({ at: "card", id, seat });

// A row of cards shown a while, come from a place they go back to (a look at the deck's top,
// another seat's hand): the attribute that says so on the row, for `shownFrom` to read. Where the
// viewer may not see them (another seat looks), the row shows backs that name no card: they come
// and go as its cards would, each known by its place in the row.
export const shownFrom = (spec) => ({ "data-from": spec.seat === undefined ? spec.at : `${spec.at} ${spec.seat}` });
const fromOf = (words) => {
  const [at, seat] = words.split(" ");
  return seat === undefined ? { at } : { at, seat: Number(seat) };
};

// A back in a row shown a while (no card of the table's: a card its viewer does not see).
const SHOWN_BACK = "[data-from] > .card.back:not([data-card], .flight-back)";
// A node flown as a card: a card of the table (its id), or such a back.
const flown = (node) => Boolean(node?.dataset.card || node?.matches(SHOWN_BACK));

// The cards an event names.
const named = (e) => [e.card, ...(e.cards || []), ...(e.paid || [])].filter((id) => typeof id === "string");

// The layer the copies fly in: over the whole page, in its coordinates, so that a copy scrolls
// with the table it flies over in the same frame, and clipped to it, so that it adds nothing to
// the page's size. (A layer fixed to the window and moved against the scroll at each scroll
// event lagged a frame behind the page: a copy stood some 40 px off its way mid-scroll.)
// Made when first flown in (a page that imports a table's module to draw its cards has none).
let layer = null;
function flightLayer() {
  if (!layer) {
    layer = el("div", { id: "flights", class: "flights", "aria-hidden": "true", inert: true });
    document.body.append(layer);
  }
  return layer;
}

let last = null; // {scene, view, step}: the position drawn last
let pending = null; // the flights of the drawing just made, launched once the page has settled

// A box in the page's coordinates (not the window's: the page may scroll meanwhile), as it is
// seen: in flight, where the flight has it.
function at(node) {
  const r = node.getBoundingClientRect();
  return { x: r.left + scrollX, y: r.top + scrollY, w: r.width, h: r.height };
}

// Where a node is laid out in the page, whatever moves it (a flight, a chosen card's lift);
// `memo` keeps the boxes of one measuring, the ancestors the table's cards share among them (a
// slow phone spent most of a drawing walking the same chains again for each card).
function laid(node, memo = new Map()) {
  let box = memo.get(node);
  if (!box) {
    const up = node.offsetParent ? laid(node.offsetParent, memo) : { x: 0, y: 0 };
    box = { x: up.x + node.offsetLeft, y: up.y + node.offsetTop, w: node.offsetWidth, h: node.offsetHeight };
    memo.set(node, box);
  }
  return box;
}

// Moved further than the table's reflow moves a card (a scroll bar come, a line wrapped anew).
const far = (a, b) => Math.abs(a.x - b.x) > 6 || Math.abs(a.y - b.y) > 6 || Math.abs(a.w - b.w) > 6 || Math.abs(a.h - b.h) > 6;

// Where a card lies: the places it is inside, up to the board (their first class and seat), so
// that a card gone to another place is told from one whose place moved with the page.
function placeOf(node) {
  const names = [];
  for (let p = node.parentElement; p && !p.classList.contains("board"); p = p.parentElement) {
    const seat = [...p.classList].find((c) => /^seat-\d+$/.test(c));
    names.push(`${p.classList[0] || p.tagName}${seat ? `.${seat}` : ""}`);
  }
  return names.join("<");
}

// Every card on the table by its key: its id, with its seat where the node names one (a
// collaborator of each seat has its kind for id), and a count where one key shows twice.
function cardsOf(board, going = new Map()) {
  const cards = new Map();
  const lay = new Map(); // laid's boxes
  const places = new Map(); // the cards' parents, as seen
  for (const node of [...board.querySelectorAll("[data-card]"), ...board.querySelectorAll(SHOWN_BACK)]) {
    if (node.closest(".browse, .moves")) continue; // a list of the whole pile, the move bar
    const seat = [...node.classList].find((c) => /^seat-\d+$/.test(c));
    const back = !node.dataset.card;
    let key = back ? `${node.parentElement.dataset.from} back ${[...node.parentElement.children].indexOf(node)}`
      : node.dataset.card + (seat ? `@${seat}` : "");
    for (let n = 2; cards.has(key); n += 1) key = `${key.split("#")[0]}#${n}`;
    const box = at(node);
    const lies = laid(node, lay);
    const parent = places.get(node.parentElement) || places.set(node.parentElement, at(node.parentElement)).get(node.parentElement);
    const under = laid(node.parentElement, lay);
    // where it is in its place, as it lies (`within`) and as it is seen, in flight (`seen`)
    const within = { x: lies.x - under.x, y: lies.y - under.y, w: lies.w, h: lies.h };
    const seen = { x: box.x - parent.x, y: box.y - parent.y, w: box.w, h: box.h };
    cards.set(key, { node, back, box, lies, parent, place: placeOf(node), within, seen, side: node.dataset.side,
      from: node.closest("[data-from]")?.dataset.from, resolving: Boolean(node.closest(".resolving")),
      mine: Boolean(node.closest(".mine .hand")), going: going.get(node) || [] });
  }
  return cards;
}

// The places of the table a move's events name, as boxes: the deck, the discard pile, and each
// seat's section (your own: its head, not your hand), hand (another seat's: the backs standing
// for it), pile and offer.
function placesOf(board) {
  const box = (node) => (node ? at(node) : null);
  // what a seat's hand shows: its backs, or its line of words (not the line's whole width)
  const shown = (node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const r = range.getBoundingClientRect();
    return r.width ? { x: r.left + scrollX, y: r.top + scrollY, w: r.width, h: r.height } : at(node);
  };
  const centrePile = board.querySelector(".centre > .pile:not(.deck) > :first-child");
  const seats = new Map();
  for (const section of board.querySelectorAll(".opponents .seat, .mine")) {
    const n = Number([...section.classList].find((c) => /^seat-\d+$/.test(c))?.slice(5));
    if (Number.isNaN(n) || seats.has(n)) continue;
    const mine = section.classList.contains("mine");
    seats.set(n, {
      section: box((mine && section.querySelector(".mine-head")) || section),
      hand: mine ? box(section.querySelector(".hand") || section) : section.querySelector(".mini-hand") ? shown(section.querySelector(".mini-hand")) : box(section),
      pile: box(section.querySelector(".pile > :first-child") || centrePile),
      offer: box(section.querySelector(".offer > :first-child")),
      spent: box(section.querySelector(".spent > :first-child")),
    });
  }
  return { board, deck: box(board.querySelector(".deck > :first-child")), pile: box(centrePile), seats };
}

function where(places, spec) {
  if (!spec) return null;
  if (spec.at === "deck") return places.deck;
  if (spec.at === "card") {
    const seat = spec.seat === null ? "" : `.seat-${spec.seat}`;
    const node = places.board.querySelector(`[data-card="${CSS.escape(spec.id)}"]${seat}`);
    return node ? at(node) : null;
  }
  const seat = places.seats.get(spec.seat);
  if (spec.at === "pile") return seat?.pile || places.pile;
  if (spec.at === "section") return seat?.section || null;
  if (spec.at === "spent") return seat?.spent || null;
  return (spec.at === "offer" && seat?.offer) || seat?.hand || seat?.section || null;
}

// A seat's spent cards gone from the new drawing (put on its pile): where they lay, moved as its
// section moved (the table above it grown or shrunk); shown in neither (spent and put on the pile
// in one frame): its section.
function spentPlace(seen, now, spec) {
  const home = section(spec.seat);
  const [was, from, to] = [where(seen.places, spec), where(seen.places, home), where(now.places, home)];
  if (was && from && to) return { ...was, x: was.x + to.x - from.x, y: was.y + to.y - from.y };
  return to;
}

const same = (a, b) => a.at === b.at && a.seat === b.seat && a.id === b.id;

// How much a card of size `card` is scaled to be seen in the box `into`: it fits, within reason.
const fit = (card, into) => (card.w && card.h ? Math.max(0.35, Math.min(1.4, into.w / card.w, into.h / card.h)) : 1);

// Where a card was unseen by this viewer: the deck, another seat's hand or offer.
const unseen = (spec, you) => spec.at === "deck" || (["hand", "offer"].includes(spec.at) && spec.seat !== you);

// Before the table is drawn anew: where each card is now (and the flights in hand launched).
export function before(board) {
  launch();
  if (!board.isConnected) return null;
  // the flights under way, by the card they move (a back laid on one is its child)
  const going = new Map();
  for (const a of document.getAnimations()) {
    const target = a.id === TAG ? a.effect?.target : null;
    const node = flown(target) ? target : target?.parentElement;
    if (!flown(node) || !board.contains(node)) continue;
    going.set(node, [...(going.get(node) || []), { a, time: a.currentTime }]);
  }
  return { cards: cardsOf(board, going), places: placesOf(board) };
}

// After: `seen` (before's), `moment` [kind, game number, seat, step, from]: a live position's or a
// replay's (`from`: the position a step forward came from, past positions that looked the same;
// else the one before). What flies, from the frame's new events (`ctx.freshEvents`), or a
// replay's step.
export function after(seen, { board, ctx, table, moment }) {
  const view = ctx.view;
  const [kind, game, seat, step, from = step - 1] = moment;
  const scene = `${kind} ${view.game} ${game} ${seat} ${lang}`;
  let events = kind === "live" ? ctx.freshEvents : [];
  if (kind === "replay" && last?.scene === scene && last.view !== view && step > last.step && from === last.step) {
    events = (view.log || []).slice((last.view.log || []).length); // a single step forward
  }
  // a position drawn anew lets its flights go on; a new one without a move (a replay's jump, a
  // frame after a new connection) lands them
  const goesOn = Boolean(seen) && last?.scene === scene && (events.length > 0 || last.view === view)
    && !lessMotion.matches && !document.hidden && !ctx.offline;
  if (last?.scene !== scene || last.view !== view) last = { scene, view, step };
  if (!goesOn) {
    land();
    return;
  }
  flightLayer().className = `flights ${board.querySelector(".em-table, .rm-table")?.classList[0] || ""}`;
  const now = { cards: cardsOf(board), places: placesOf(board) };
  // launched once the page has settled (the focus placed, the decision scrolled into view, which
  // measure the cards where they lie), before anything is shown
  pending = () => fly(seen, now, events, ctx, table);
  queueMicrotask(launch);
}

function launch() {
  const go = pending;
  pending = null;
  go?.();
}

// Every flight stopped, its copies gone: the table as it is.
function land() {
  pending = null;
  for (const a of document.getAnimations()) if (a.id === TAG) a.cancel();
  layer?.replaceChildren();
}

function fly(seen, now, events, ctx, table) {
  const you = ctx.view.you;
  const text = JSON.stringify(ctx.view); // what the viewer's view shows: a face only if named here
  const done = new Set();
  // where a card that was not on show comes from: that place as it is now (it moves at once
  // with the page, as the table is drawn anew), else as it was
  const source = (spec) => where(now.places, spec) || (spec.at === "spent" ? spentPlace(seen, now, spec) : where(seen.places, spec));
  for (const [key, was] of seen.cards) {
    const is = now.cards.get(key);
    if (!is) continue;
    done.add(key);
    const moved = was.place !== is.place || far(was.within, is.within);
    const going = was.going.length > 0;
    // in flight, and still going to the same spot: on as it was
    if (going && !moved && !(events.length && far(was.lies, is.lies))) carry(was.node, is.node, was.going);
    else if (events.length && (moved || going) && is.node.classList.contains("card")) { // a mission stays put
      // from another place or from mid-flight, across the table; in the same place (a hand
      // making room), within it, which itself moves at once with the page
      const start = going || was.place !== is.place ? was.box
        : { ...was.seen, x: is.parent.x + was.seen.x, y: is.parent.y + was.seen.y };
      glide(is.node, start, is.box, 0, going ? stillBack(was.going) : null);
    } else if (events.length && was.side !== is.side) { // turned over where it lies (a collaborator)
      // once the move's cards have come to it: its old side on it till half-way
      turn(is.node, quiet(was.node.cloneNode(true)), { duration: MS, delay: MS / 2, easing: "linear", fill: "backwards", id: TAG });
    }
  }
  if (!events.length) return;
  let copies = 0;
  let delay = 0;
  let together = false; // a move's cards all at once: the next move's a moment after
  let base = 0; // a stack once the cards before it have landed
  const send = (make) => {
    if (copies >= MOST) return;
    copies += 1;
    make(base + delay);
    if (!together) delay = Math.min(delay + STAGGER, 3 * STAGGER); // a move's last card a moment after its first
  };
  const planned = events.map((e) => {
    const made = table.moves[e.event]?.(e);
    return (made && !Array.isArray(made[0]) ? [made] : made || []).map(([from, to, counted, how = {}]) => ({ from, to, counted, how, ids: how.ids || named(e) }));
  });
  // a card a later event of the frame moves on (spent for a mission, then on the discard pile at
  // the turn's end) flies with that one: before, a copy of it to where it went meanwhile
  const last = new Map();
  planned.forEach((moves, k) => moves.forEach(({ ids }) => ids.forEach((id) => last.set(id, k))));
  events.forEach((e, k) => {
    for (const { from, to, counted, how, ids } of planned[k]) {
      if (how.stack && copies) {
        base += delay + MS / 2;
        delay = 0;
      }
      together = Boolean(how.together || how.stack);
      const end = where(now.places, to) || (to.at === "spent" ? spentPlace(seen, now, to) : null);
      for (const id of ids) {
        const was = seen.cards.get(id);
        // a stack comes from where it was made, face down, whatever was seen of its cards before
        const start = (!how.stack && was?.box) || source(from);
        const hidden = how.stack || (!was && unseen(from, you));
        const yours = to.at === "hand" && to.seat === you;
        if (last.get(id) > k) {
          if (start && end && far(start, end) && !same(from, to)) send((wait) => leave(id, was, start, end, wait, hidden));
          continue;
        }
        // it lands on show (twice, maybe: Ruler of Mana's payment both on the pile and in the play
        // being resolved): the card itself flies there, turning over where it came unseen
        const landed = [...now.cards].filter(([key]) => key.split("#")[0] === id && !done.has(key));
        for (const [key, is] of landed) {
          done.add(key);
          const under = how.stack ? (e.count ?? 1) - 1 : 0; // the stack's cards under its top
          if (start) send((wait) => glide(is.node, start, is.box, wait, hidden && !yours ? backOf(table, ctx, id) : null, under));
        }
        if (landed.length || done.has(id)) continue;
        done.add(id);
        if (start && end) send((wait) => leave(id, was, start, end, wait, hidden));
      }
      // the cards it moves that it does not name: backs, or your own cards seen leaving your hand
      const rest = counted ? Math.min(MOST, (e.count ?? 1) - ids.length) : 0;
      const leaving = from.at === "hand" && from.seat === you
        ? [...seen.cards].filter(([key, c]) => c.mine && !now.cards.has(key) && !done.has(key)) : [];
      for (let n = 0; n < rest; n += 1) {
        const mana = e.mana === undefined ? undefined : n < e.mana;
        const [key, was] = leaving[n] || [];
        if (key) done.add(key);
        const start = was?.box || source(from);
        // (none where it goes nowhere to be seen: another seat's offer stays in its hand till shown)
        if (start && end && far(start, end)) send((wait) => copy(null, backOf(table, ctx, null, mana), start, end, wait, false));
      }
    }
    if (together) delay = Math.min(delay + STAGGER, 3 * STAGGER);
    together = false;
  });
  // cards shown a while (a look at the deck's top, at another seat's hand): come from their place
  // (turning over where they were unseen, but a back), and gone back to it where no move took them
  for (const [key, is] of now.cards) {
    if (!is.from || done.has(key) || seen.cards.has(key)) continue;
    done.add(key);
    const from = fromOf(is.from);
    const start = source(from);
    const turning = !is.back && unseen(from, you);
    if (start) send((wait) => glide(is.node, start, is.box, wait, turning ? backOf(table, ctx, key.split("#")[0]) : null));
  }
  for (const [key, was] of seen.cards) {
    if (!was.from || done.has(key) || now.cards.has(key)) continue;
    done.add(key);
    const end = source(fromOf(was.from));
    if (end && was.back) send((wait) => copy(null, backOf(table, ctx, null), was.box, end, wait, false));
    else if (end) send((wait) => leave(key.split("#")[0], was, was.box, end, wait, false));
  }
  // a play resolved (Ruler of Mana's): its cards go to the discard pile
  for (const [key, was] of seen.cards) {
    const end = was.resolving && !was.back && !now.cards.has(key) && !done.has(key) && where(now.places, pile(null));
    if (end) send((wait) => leave(key.split("#")[0], was, was.box, end, wait, false));
  }

  // A card to where it lies nowhere on show: a copy, its face where the view names it.
  function leave(id, was, start, end, wait, hidden) {
    const shows = text.includes(`"${id}"`);
    const face = !shows ? null : was ? was.node.cloneNode(true) : table.face(ctx, id);
    copy(face, backOf(table, ctx, shows ? id : null), start, end, wait, hidden && face !== null);
  }
}

// The back still laid on a card in flight, before it turns over: a new one for its new flight.
function stillBack(going) {
  const back = going.find(({ a }) => a.effect.target.classList.contains("flight-back")
    && a.currentTime < a.effect.getTiming().delay + MS / 2);
  return back ? back.a.effect.target.cloneNode(true) : null;
}

// A card's back as the table draws it (the table says which back, by what the view shows).
function backOf(table, ctx, id, mana) {
  return el("div", { class: `card back ${table.backClass?.(ctx.faces, id, mana) || ""}` });
}

// `node`, laid out at `end`, flown from `start` (boxes in the page): moved and scaled from there
// to its place, over whatever transform it is drawn with (a chosen card's lift); with `back`,
// turning over half-way, that back on it until then; with `under` cards, the top of a stack of
// them (their backs' edges beneath it, until it lands).
function glide(node, start, end, wait = 0, back = null, under = 0) {
  const dx = start.x + start.w / 2 - (end.x + end.w / 2);
  const dy = start.y + start.h / 2 - (end.y + end.h / 2);
  const scale = fit(end, start); // a card's shape kept (a seat's hand may be a line of words)
  const timing = { duration: MS, delay: wait, easing: EASE, fill: "backwards", id: TAG };
  animate(node, [{ translate: `${dx}px ${dy}px`, scale: `${scale}` }, { translate: "0px 0px", scale: "1" }], timing);
  animate(node, { zIndex: [4, 4] }, { duration: MS, delay: wait, fill: "backwards", id: TAG }); // over the cards it passes
  if (back) turn(node, back, { ...timing, easing: "linear" });
  if (under > 0) {
    const edges = Array.from({ length: Math.min(under, 3) }, (_, n) => `${3 * n + 3}px ${3 * n + 3}px 0 -1px #475569, ${3 * n + 3}px ${3 * n + 3}px 0 0 #e2e8f0`);
    animate(node, { boxShadow: [edges.join(", "), edges.join(", ")] }, { duration: MS, delay: wait, fill: "backwards", id: TAG });
  }
}

// A back laid on `node`, which turns over half-way (`timing`): the back's side first, then its
// face (turned about its upright axis, edge on half-way: as a card turned over on a table).
function turn(node, back, timing) {
  animate(node, [{ rotate: "y 0deg" }, { rotate: "y 90deg", offset: 0.5 }, { rotate: "y 0deg" }], timing);
  back.classList.add("flight-back");
  node.append(back);
  const hide = animate(back, [{ opacity: 1 }, { opacity: 1, offset: 0.5 }, { opacity: 0, offset: 0.5 }, { opacity: 0 }], { ...timing, composite: "replace", fill: "both" });
  hide.finished.then(() => back.remove(), () => back.remove());
}

function animate(node, keyframes, timing) {
  const { id, ...options } = timing;
  const a = node.animate(keyframes, options);
  a.id = id;
  return a;
}

// The flights of a node drawn anew at the same place go on on its new node as they were.
function carry(from, to, going) {
  for (const { a, time } of going) {
    let target = to;
    if (a.effect.target !== from) { // the back on it
      target = a.effect.target.cloneNode(true);
      to.append(target);
    }
    const { delay, duration, easing, fill } = a.effect.getTiming();
    const keyframes = a.effect.getKeyframes().map(({ computedOffset, ...k }) => k);
    const again = animate(target, keyframes, { delay, duration, easing, fill, composite: a.effect.composite, id: TAG });
    again.currentTime = a.currentTime ?? time;
    if (target !== to) again.finished.then(() => target.remove(), () => target.remove());
    a.cancel();
  }
}

// A copy flown from `start` to `end` over the table, fading as it lands: `face` (a card drawn as
// the table draws it) where the view shows it, else `back`; with `turning`, the back first.
function copy(face, back, start, end, wait, turning) {
  const shown = face ? quiet(face) : back;
  const inner = el("div", { class: "flight-turn" }, shown, turning ? back : null);
  const box = el("div", { class: "flight" }, inner);
  flightLayer().append(box);
  // the copy's own size, fitted into each box, centred on it
  const { width: w, height: h } = shown.getBoundingClientRect();
  box.style.width = `${w}px`;
  box.style.height = `${h}px`;
  const spot = (b) => `translate(${b.x + b.w / 2 - w / 2}px, ${b.y + b.h / 2 - h / 2}px) scale(${fit({ w, h }, b)})`;
  const timing = { duration: MS, delay: wait, easing: EASE, fill: "both", id: TAG };
  const motion = animate(box, [{ transform: spot(start), opacity: 1 }, { opacity: 1, offset: 0.75 }, { transform: spot(end), opacity: 0 }], timing);
  if (turning) {
    back.classList.add("flight-back");
    animate(inner, [{ transform: "scaleX(1)" }, { transform: "scaleX(0)", offset: 0.5 }, { transform: "scaleX(1)" }], { ...timing, easing: "linear" });
    animate(back, [{ opacity: 1 }, { opacity: 1, offset: 0.5 }, { opacity: 0, offset: 0.5 }, { opacity: 0 }], { ...timing, easing: "linear" });
  }
  motion.finished.then(() => box.remove(), () => box.remove());
  follow(box);
}

// A copy flies in the page's coordinates, measured where the table lay when it was aimed; the
// table may move after, as something above it is drawn anew (its status line wrapped in one more
// line as the log's words came, in Japanese at 390 px: three backs landed 28 px off the deck).
// Each copy moves as the table moved since, by its `translate` (under its flight's `transform`),
// till it lands.
const following = new Map(); // copy -> the table's box when it was aimed
let followFrame = 0;
const tableBox = () => {
  const table = document.querySelector(".board > .em-table, .board > .rm-table");
  return table ? at(table) : null;
};
function follow(box) {
  const aimed = tableBox();
  if (!aimed) return;
  following.set(box, aimed);
  followFrame ||= requestAnimationFrame(keepUp);
}
function keepUp() {
  const now = tableBox();
  for (const [box, aimed] of following) {
    if (!box.isConnected) following.delete(box);
    else if (now) box.style.translate = `${now.x - aimed.x}px ${now.y - aimed.y}px`;
  }
  followFrame = following.size ? requestAnimationFrame(keepUp) : 0;
}

// A copy of a card's face that is no control and names no card of the table: nothing to press,
// focus or read out (the layer is hidden from a screen reader), its id kept apart.
const PRESSED = ["choice", "hinted", "chosen", "unavailable", "pays-1", "pays-2"];
const LIVE = ["id", "tabindex", "role", "title", "data-step", "data-then-step", "data-refused", "data-chosen-as", "aria-label", "aria-pressed", "aria-disabled", "aria-current"];
function quiet(node) {
  for (const n of [node, ...node.querySelectorAll("*")]) {
    for (const name of LIVE) n.removeAttribute(name);
    n.classList.remove(...PRESSED);
    if (n.dataset.card) {
      n.dataset.flightCard = n.dataset.card;
      delete n.dataset.card;
    }
  }
  node.querySelectorAll(".pays-tag, .flight-back").forEach((n) => n.remove());
  return node;
}
