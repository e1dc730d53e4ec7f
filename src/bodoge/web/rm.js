// Ruler of Mana's table: life and shield of every seat, hands with their mana counts, the deck
// and its top's back, the discard pile, the exchange offers, what is being resolved, your hand.
import * as place from "./flight.js";
import { el, seatWord, t } from "./ui.js";

export const prefix = "rm";
// Steps whose last word is a card of your hand (the others name a card elsewhere).
const HAND_STEPS = ["scroll", "react", "offer", "bottom", "discard"];
// Choices among cards that are not in your hand: your hand's cards are none of their items.
const ELSEWHERE = ["top", "take", "recover"];
// The turn's options (RM-2.2): a decision offering one of them is the turn's action.
const MAIN_STEPS = ["cast", "scroll", "draw", "cycle", "exchange"];
// A cost's symbols (RM-3.2: `*` is the white one, any mana pays it) and the elements they ask for.
const SYMBOL_OF = { F: "fire", W: "water", A: "wind", E: "earth", "*": "any" };
const LETTER_OF = { fire: "F", water: "W", wind: "A", earth: "E" };

// A screen reader ignores aria-label on a plain div: a card is an image named by what is printed
// on it, unless the move it stands for made it a button (named the same).
const drawn = (attrs) => (attrs.role ? attrs : { ...attrs, role: "img" });
// Words for a screen reader alone, where the eye reads a drawing (a heart, a shield, dots).
const heard = (words) => el("span", { class: "sr-only" }, words);

// Each element's glyph, drawn in a cost's dots and a mana card's orbs (so that they differ
// without their colours), and its word, for a cost said aloud.
function glyph(element) {
  return { fire: t("web.rm.glyph.fire"), water: t("web.rm.glyph.water"), wind: t("web.rm.glyph.wind"),
    earth: t("web.rm.glyph.earth"), any: t("web.rm.glyph.any"), rainbow: t("web.rm.glyph.rainbow") }[element];
}

function manaWord(element) {
  return { fire: t("web.rm.mana.fire"), water: t("web.rm.mana.water"), wind: t("web.rm.mana.wind"),
    earth: t("web.rm.mana.earth"), any: t("web.rm.mana.any") }[element];
}

// Symbols in words, each counted where it first stands: "1 fire, 2 earth"; a cost says so
// before them ("cost: 1 fire, 2 earth").
function symbolWords(symbols) {
  const counts = new Map();
  for (const s of symbols) counts.set(s, (counts.get(s) || 0) + 1);
  return [...counts].map(([s, n]) => t("web.rm.cost_part", { n, mana: manaWord(SYMBOL_OF[s]) })).join(t("web.list_sep"));
}
const costWords = (cost) => t("web.rm.cost", { symbols: symbolWords(cost) });

// The dots for the eye (the words on hover); a screen reader hears the option's words instead.
function costSymbols(cost) {
  return el("span", { class: "cost", title: costWords(cost), "aria-hidden": "true" },
    cost.map((s) => el("span", { class: `sym s-${s === "*" ? "any" : s}` }, glyph(SYMBOL_OF[s]))));
}

// An option in words, its cost before its effects: "option 2 (cost: 2 earth): 4 earth damage…".
const optionWords = (o, k) => t("web.rm.option", { k: k + 1, cost: costWords(o.cost), effects: o.effects });

// A spell in words with every option's cost, for a spell card that is a button (whose content a
// screen reader does not read).
function spellWords(face) {
  return t("web.rm.spell", { name: face.name, options: face.options.map(optionWords).join(t("web.rm.option_sep")) });
}

// One card face up: mana shows its element and orbs, a spell its options, a scroll its words.
// `optionSteps`: its options are offered as casts; `tried` too, and those that cannot be cast now
// say why (only at the turn's action: else a press on the card is its own step, which an
// option's press would take from it).
export function card(ctx, id, given = {}, optionSteps = false, tried = false) {
  const { faces } = ctx;
  const { class: more = "", ...extra } = given;
  const code = faces.cards[id].code;
  const face = faces.codes[code];
  const label = face.words || face.name;
  if (face.kind === "mana") {
    // "Water mana (2 orbs)" / "水のマナ（2玉）": the bracket on a line of its own, so that a
    // narrow card breaks the name there and not inside a word ("オー / ブ）")
    const [ename, bracket] = face.name.split(/\s*[（(]/);
    return el("div", drawn({ class: `card mana e-${face.element} ${more}`, "data-card": id, "aria-label": label, ...extra }),
      el("span", { class: "orbs", "aria-hidden": "true" }, Array.from({ length: face.orbs }, () => el("span", { class: "orb" }, glyph(face.element)))),
      el("span", { class: "ename" }, ename,
        bracket ? el("span", { class: "ename-more" }, bracket.replace(/[）)]\s*$/, "")) : null));
  }
  if (face.kind === "spell") {
    const options = face.options.map((o, k) => {
      const step = `cast ${code}/${k + 1}`;
      const attrs = optionSteps ? ctx.offer(step, { class: "option" }, tried) : { class: "option" };
      if (attrs.onclick) {
        const go = attrs.onclick;
        attrs.onclick = (e) => { e.stopPropagation(); go(); };
        attrs["aria-label"] = t("web.rm.cast_option", { step: ctx.describeStep(step), cost: costWords(o.cost) });
      }
      return el("div", attrs, costSymbols(o.cost), el("span", { class: "eff", "aria-hidden": "true" }, o.effects), heard(optionWords(o, k)));
    });
    // read as its text (name, each option's cost and effects), or, as a button, by its name
    const named = extra.role ? { "aria-label": spellWords(face) } : {};
    // none of its options can be cast now: the card looks it, not only each option
    const spent = options.length && options.every((o) => o.dataset.refused);
    return el("div", { class: `card spell e-${face.element} ${more}${spent ? " none-castable" : ""}`, "data-card": id, ...named, ...extra },
      el("div", { class: "sname" }, face.name), el("div", { class: "options" }, options));
  }
  return el("div", drawn({ class: `card scroll t-${face.timing} ${more}`, "data-card": id, "aria-label": label, ...extra }),
    el("div", { class: "sname" }, face.name),
    el("div", { class: "words" }, face.words.replace(/^[^：:]*[：:]\s*/, "")));
}

// A card as a flight shows it where it lies nowhere on the table, and the back a card flies as
// where it was unseen (flight.js): a mana card's or a spell's and scroll's where the view says
// which (the card is on show, or the event counts the mana it moved: `mana`), else a plain one.
export const face = (ctx, id) => card(ctx, id);
export function backClass(faces, id, mana) {
  const isMana = id ? faces.codes[faces.cards[id].code].kind === "mana" : mana;
  return isMana === true ? "mana-back" : isMana === false ? "spell-back" : "";
}

// The events that move cards, as they fly (flight.js): [from, to, counted, how]. An offer stays
// in its seat's hand till the offers are turned face up together (RM-2.2 (D)); the cards looked
// at (a look at a hand, at the deck's top) come and go by the rows that show them (`shownFrom`).
export const moves = {
  draw: (e) => [place.deck, place.hand(e.seat), true],
  take: (e) => [place.hand(e.from), place.hand(e.seat), true],
  steal: (e) => [place.hand(e.from), place.hand(e.seat), true],
  pick: (e) => [place.offer(e.from), place.hand(e.seat)],
  discard: (e) => [place.hand(e.seat), place.pile(e.seat)],
  cast: (e) => [place.hand(e.seat), place.pile(e.seat)],
  scroll: (e) => [place.hand(e.seat), place.pile(e.seat)],
  react: (e) => [place.hand(e.seat), place.pile(e.seat)],
  bottom: (e) => [place.hand(e.seat), place.deck, true],
  offer: (e) => [place.hand(e.seat), place.hand(e.seat), true],
  reveal: (e) => Object.entries(e.offers).map(([seat, id]) => [place.hand(Number(seat)), place.offer(Number(seat)), false, { ids: [id], together: true }]),
  recover: (e) => [place.pile(e.seat), place.hand(e.seat)],
  siphon: (e) => [place.pile(e.seat), place.hand(e.seat)],
};

// Whose turn it is: the one whose card is being resolved, or who declared the exchange, while a
// reaction, a choice in the play or an offer is asked of someone else (who is answering).
function turnSeat(view) {
  const p = view.pending;
  return p?.kind === "play" || p?.kind === "exchange" ? p.seat : view.current_player;
}

function seatPanel(ctx, seat) {
  const { view } = ctx;
  const turn = view.current_player === seat;
  // the expert draft (RM-1.3) is nobody's turn: everyone keeps a card of their pack each round, and
  // the seat still to keep one is marked so (it had "to play", the status "waiting for" it alone)
  const drafting = view.pending?.kind === "draft";
  const badge = drafting ? (turn ? "web.rm.keeping" : null) : turnSeat(view) === seat ? "web.turn" : turn ? "web.answering" : null;
  const fresh = ctx.freshEvents.some((e) => e.seat === seat || e.target === seat);
  const offered = view.exchange?.[seat];
  const attrs = ctx.offer(`@${seat}`, { class: `seat seat-${seat}${turn ? " turn" : ""}${fresh ? " pulse" : ""}`, "aria-label": ctx.seatName(seat) });
  return el("section", attrs,
    el("header", {}, el("span", { class: `dot seat-${seat}` }), el("strong", {}, ctx.seatName(seat)),
      el("span", { class: "seat-no" }, seatWord(seat)),
      seat === view.you && ctx.youWord ? el("span", { class: "badge you" }, ctx.youWord) : null,
      badge ? el("span", { class: "badge turn" }, t(badge)) : null),
    ctx.away(seat), // away for a while: since when, and a bot to play meanwhile
    el("div", { class: "vitals" },
      lifeFigure(ctx, seat),
      el("span", { class: "shield" }, el("span", { class: "shield-icon", "aria-hidden": "true" }),
        el("span", { "aria-hidden": "true" }, view.shield[seat]), heard(t("web.rm.shield", { n: view.shield[seat] })))),
    el("div", { class: "mini-hand" }, t("web.rm.hand_mana", { n: view.hand_sizes[seat], mana: view.mana_in_hand[seat] })),
    offered ? el("div", { class: "offer" }, card(ctx, offered, ctx.offer(`pick ${seat}`))) : null);
}

// A seat's life; in the expert game with its cap (RM-5.1: never above it, healing past it lost),
// "♥ 15/15": seen on a phone too, where a title is not; the title says the rule.
function lifeFigure(ctx, seat) {
  const { view } = ctx;
  const n = view.life[seat];
  const cap = view.variant === "expert" ? ctx.faces.rules?.life_cap : undefined;
  if (cap === undefined) return el("span", { class: "life" }, el("span", { "aria-hidden": "true" }, "♥ ", n), heard(t("web.rm.life", { n })));
  return el("span", { class: "life capped", title: t("web.rm.life_cap", { cap }) },
    el("span", { "aria-hidden": "true" }, "♥ ", n, el("span", { class: "life-cap" }, `/${cap}`)),
    heard(t("web.rm.life_capped", { n, cap })));
}

let discardOpen = null; // the person's own choice: null till they press the pile's toggle

// A recovery is a choice made on the pile's cards, as a look at the deck's top is on the cards
// shown (choiceRow): each the choice's item, counted from the top (shown twice, the same card).
function discardPile(ctx) {
  const pile = ctx.view.discard;
  const recovering = ctx.view.pending?.decision?.kind === "recover";
  const seen = {};
  const shown = [...pile].reverse().map((id) => {
    const code = ctx.faces.cards[id].code;
    const nth = seen[code] || 0;
    seen[code] = nth + 1;
    return () => (recovering ? ctx.handCard(card(ctx, id), code, nth, ["recover"]) : card(ctx, id));
  });
  // a recovery of yours opens the pile, where its cards are (the card read lies on top of them)
  const open = discardOpen ?? (recovering && ctx.view.pending.decision.seat === ctx.view.you);
  const toggle = el("button", { type: "button", class: "linkish", "aria-expanded": open ? "true" : "false",
    onclick: () => { discardOpen = !open; ctx.redraw(); } }, t("web.rm.discard", { n: pile.length }));
  return el("div", { class: "pile" },
    pile.length ? shown[0]() : el("div", { class: "card empty" }),
    toggle,
    open ? el("div", { class: "browse", role: "group", "aria-label": t("web.rm.discard", { n: pile.length }) },
      shown.map((draw) => draw())) : null);
}

function resolving(ctx) {
  const { view, faces } = ctx;
  const p = view.pending;
  if (!p) return null;
  const name = (s) => ctx.seatName(s);
  const parts = [];
  if (p.kind === "play") {
    const code = faces.cards[p.card].code;
    const what = p.option ? faces.names[`${code}/${p.option}`] : faces.names[code];
    const play = t("web.rm.playing", { name: name(p.seat), what }) + (p.target !== null ? ` → ${name(p.target)}` : "");
    parts.push(el("div", { class: "play-line" }, p.cancelled ? t("web.rm.cancelled", { play }) : play));
    parts.push(el("div", { class: "cards row" }, card(ctx, p.card), p.paid.map((id) => card(ctx, id))));
    const reactions = Object.entries(p.reactions || {});
    if (reactions.length) parts.push(el("div", { class: "cards row" }, reactions.map(([s, id]) => el("div", { class: "reacted" }, name(Number(s)), card(ctx, id)))));
    const d = p.decision;
    if (d) {
      parts.push(el("div", { class: "decision" }, t(`web.rm.decision.${d.kind}`, { name: name(d.seat), n: d.count ?? 1, damage: d.damage ?? 0 })));
      if (d.hand) parts.push(choiceRow(ctx, d.hand, "take", place.hand(d.from)));
      if (d.cards) parts.push(choiceRow(ctx, d.cards, "top", place.deck));
      else if (d.kind === "top") parts.push(lookedAt(d.count));
    }
  } else if (p.kind === "draft") {
    parts.push(el("div", { class: "decision" }, t("web.rm.draft", { round: p.round })));
    if (p.pack) parts.push(el("div", { class: "cards row pack" }, p.pack.map((id) => card(ctx, id, ctx.offer(`keep ${faces.cards[id].code}`)))));
    if (p.kept) parts.push(el("div", {}, t("web.rm.kept"), card(ctx, p.kept)));
  } else if (p.kind === "exchange") {
    parts.push(el("div", { class: "decision" }, t(`web.rm.exchange.${p.step}`, { name: name(p.deciding), starter: name(p.seat) })));
    if (p.your_offer) parts.push(el("div", { class: "cards row" }, t("web.rm.your_offer"), card(ctx, p.your_offer)));
  } else {
    parts.push(el("div", { class: "decision" }, t(`web.rm.decision.${p.kind}`, { name: name(p.seat), n: p.count ?? 1, damage: 0 })));
  }
  return el("section", { class: "resolving", "aria-label": t("web.rm.resolving") }, el("h2", {}, t("web.rm.resolving")), parts);
}

// The cards a choice is made among, shown a while from where they lie (another seat's hand, the
// deck's top): each the choice's item, pressed there as your hand's cards are; they fly from
// that place and back to it (flight.js).
function choiceRow(ctx, ids, verb, from) {
  const seen = {};
  return el("div", { class: "cards row", ...place.shownFrom(from) }, ids.map((id) => {
    const code = ctx.faces.cards[id].code;
    const nth = seen[code] || 0;
    seen[code] = nth + 1;
    return ctx.handCard(card(ctx, id), code, nth, [verb]);
  }));
}

// The cards another seat looks at (the deck's top): as many backs, plain (which kinds they are is
// the looking seat's to know), held in the play while it looks; they come from the deck and go
// back to it (flight.js). The decision's words above say it.
function lookedAt(count) {
  return el("div", { class: "cards row looked", "aria-hidden": "true", ...place.shownFrom(place.deck) },
    Array.from({ length: count }, () => el("div", { class: "card back" })));
}

function myHand(ctx) {
  const { view, faces } = ctx;
  const kindOrder = { mana: 0, spell: 1, scroll: 2 };
  const sorted = [...view.hand].sort((a, b) => {
    const x = faces.codes[faces.cards[a].code], y = faces.codes[faces.cards[b].code];
    return kindOrder[x.kind] - kindOrder[y.kind] || (faces.cards[a].code < faces.cards[b].code ? -1 : faces.cards[a].code > faces.cards[b].code ? 1 : 0);
  });
  const seen = {};
  const main = ctx.legal.some((s) => MAIN_STEPS.includes(s.split(" ")[0]));
  const reacting = !main && ctx.legal.includes("pass");
  return el("div", { class: "hand", role: "group", "aria-label": t("web.your_hand", { n: view.hand.length }) }, sorted.map((id) => {
    const code = faces.cards[id].code;
    const nth = seen[code] || 0;
    seen[code] = nth + 1;
    // RM-3.4: a 2-orb card pays 2 mana (`F2`) or 1 (`F2/1`): its clicks go through both
    const face = faces.codes[code];
    const spellings = face.kind === "mana" && face.orbs === 2 ? [code, `${code}/1`] : [code];
    // a scroll that cannot be read now says why: as the turn's action, or as a reaction
    const tried = face.kind !== "scroll" ? null : main ? `scroll ${code}` : reacting ? `react ${code}` : null;
    const drawn = card(ctx, id, {}, nth === 0, main);
    if (ELSEWHERE.includes(view.pending?.decision?.kind)) return drawn;
    // a mana card pressed at the turn's action: it pays for a spell's option, pressed first
    const idle = face.kind === "mana" && main ? t("web.rm.why.mana") : null;
    return paying(spellButton(ctx.handCard(drawn, code, nth, HAND_STEPS, spellings, tried, idle), face));
  }));
}

// A spell of the hand made a button (to discard, offer, put under the deck…): named with its
// options and their costs, as a screen reader does not read a button's content.
function spellButton(node, face) {
  if (face.kind === "spell" && node.getAttribute("role") === "button") node.setAttribute("aria-label", spellWords(face));
  return node;
}

// A 2-orb card chosen for a payment shows what it pays: both orbs lit for 2 mana, the second
// dimmed for 1, and in words, with what pressing it again does.
function paying(node) {
  const as = node.dataset.chosenAs;
  if (!as || node.querySelectorAll(".orb").length !== 2) return node;
  const n = as.endsWith("/1") ? 1 : 2;
  const said = t("web.rm.pays", { n });
  const again = t(node.dataset.step ? "web.rm.pays_again" : "web.rm.pays_back");
  node.classList.add(`pays-${n}`);
  node.append(el("span", { class: "pays-tag", "aria-hidden": "true" }, said));
  node.setAttribute("aria-label", t("web.rm.paying", { card: node.getAttribute("aria-label"), n, then: again }));
  node.title = again;
  return node;
}

function status(ctx) {
  const { view } = ctx;
  let line;
  if (view.is_over) line = t("web.over");
  else if (ctx.offline || ctx.replay) line = ctx.lastToMove; // no move offered: whose it is, not "waiting"
  else if (ctx.quietPass) line = t("web.rm.prompt.quiet_pass");
  else if (ctx.legal.length) {
    const kind = view.pending?.decision?.kind || view.pending?.kind;
    line = ctx.legal.includes("pass") && ctx.legal.some((s) => s.startsWith("react")) ? t("web.rm.prompt.react")
      : ctx.legal.length === 1 && ctx.legal[0] === "pass" ? t("web.rm.prompt.pass_only")
        : kind ? t(`web.rm.prompt.${kind}`) : t("web.rm.prompt.main");
  } else if (view.pending?.kind === "draft") {
    line = t("web.rm.draft_waiting", { round: view.pending.round, name: ctx.seatName(view.current_player) });
  } else line = t("web.waiting_for", { name: ctx.seatName(view.current_player) });
  return el("div", { class: `status${ctx.legal.length && !ctx.offline ? " yours" : ""}`, role: "status" },
    el("span", { class: "line" }, line),
    el("span", { class: "chip" }, view.turn > 0 ? t("web.rm.turn_n", { n: view.turn }) : t("web.rm.before_first_turn")),
    view.variant === "expert" ? el("span", { class: "chip" }, t("web.variant.expert")) : null,
    view.you === null ? el("span", { class: "chip" }, t("web.spectating")) : null);
}

export function drawTable(ctx) {
  const { view } = ctx;
  const me = view.you;
  const others = [...Array(view.players).keys()].filter((s) => s !== me);
  // the top card's back, as on the table: a mana card's or a spell's and scroll's, and words
  // beneath it saying which (its dot alone said nothing to a newcomer); neither while the top
  // cards are being looked at, or with no deck (null)
  const top = view.deck_top_is_mana;
  const which = top === true ? "mana" : top === false ? "spell" : null;
  const back = { mana: "mana-back", spell: "spell-back" }[which] || "";
  const deck = ctx.deckPile(which ? t(`web.rm.deck_${which}`, { n: view.deck_size }) : t("web.deck", { n: view.deck_size }),
    { class: `card back ${view.deck_size ? back : "empty"}` }, view.deck_size, which && t(`web.rm.deck_top_${which}`));
  return el("div", { class: "rm-table" },
    status(ctx),
    el("div", { class: "opponents" }, others.map((s) => seatPanel(ctx, s))),
    el("div", { class: "centre" }, deck, discardPile(ctx), resolving(ctx)),
    me === null ? null : el("section", { class: `mine seat-${me}${view.current_player === me ? " turn" : ""}` },
      seatPanel(ctx, me),
      myHand(ctx)));
}

// A choice among cards (RM: discard, bottom, top, take, recover) is begun with its first card as
// the step (`top F1`), the rest being its items: the move bar shows that card among the chosen
// ones, under the choice's words.
const CHOICES = ["discard", "bottom", "top", "take", "recover"];
export function held(what, c) {
  const [kind, item] = what.split(" ");
  return CHOICES.includes(kind) && item ? { item, title: choiceTitle(kind, c), begin: (first) => `${kind} ${first}` } : null;
}

// The move bar's title while a choice among cards is made and none is pressed yet (the status
// line says only whose choice it is): what to do, as the bar says once a card is in.
export function choosing(legal, c) {
  const verbs = new Set(legal.map((s) => s.split(" ")[0]));
  const [verb] = verbs;
  return verbs.size === 1 && ["offer", "pick", ...CHOICES].includes(verb) ? choiceTitle(verb, c) : null;
}

// A choice among cards in words: an exchange's offer or pick (RM-2.2 (D)), a take from the hand
// shown with how many and whose, else the status line's words for it.
function choiceTitle(kind, c) {
  const d = c?.view?.pending?.decision;
  if (kind === "take" && d?.from !== undefined) return t("web.rm.bar.take", { n: d.count ?? 1, name: c.seatName(d.from) });
  return t(kind === "offer" || kind === "pick" ? `web.rm.bar.${kind}` : `web.rm.prompt.${kind}`);
}

// A 2-orb card in a payment, as the bar's chip says it: with what it pays (RM-3.4), "Fire mana
// (2 orbs): 2 mana" or "…: 1 mana", both alike. Anything else: null (its own words).
export function itemWords(b, item, faces) {
  const mana = b.what.startsWith("cast ") ? faces.codes[item.replace(/\/1$/, "")] : null;
  if (mana?.kind !== "mana" || mana.orbs !== 2) return null;
  return t("web.rm.paid_as", { name: mana.name, n: item.endsWith("/1") ? 1 : 2 });
}

// The bar's lines under the chosen cards (`c`: the view on show): a 2-orb card's second press,
// and what the move costs by the hand it ends the turn with (RM-2.4, expert).
export function buildingLines(b, faces, c) {
  return [...paysAgain(b, faces), ...handWarning(b, faces, c?.view)];
}

// The 2-orb card last put in a payment at 2 mana, pressed again, counts as 1, where the payment
// can still be made so (known from the cards before it): the card's title said it alone, out of
// sight on a touch screen.
function paysAgain(b, faces) {
  if (!b.what.startsWith("cast ")) return [];
  const at = b.chosen.findLastIndex((item) => faces.codes[item.replace(/\/1$/, "")]?.orbs === 2);
  const item = b.chosen[at];
  if (at < 0 || item.endsWith("/1")) return [];
  const without = b.chosen.filter((_, k) => k !== at);
  const one = b.known.get(JSON.stringify(without))?.includes(`${item}/1`);
  return one ? [t("web.rm.pays_again_named", { card: faces.codes[item].name })] : [];
}

// RM-2.4 (expert): a turn ended with `hand_limit` or more cards in hand loses `penalty` life. The
// hand a turn's option (RM-2.2) ends the turn with, where it is known before the option is taken:
// (B) draws 1; (C) puts 2 under the deck and draws 2 (fewer from a short deck); (D) gives 1 card
// and takes 1; (A) a scroll read leaves the rest, before its effects (they may draw). A spell is
// said while it is built (`buildingLines`: what pays for it is chosen there). Else null.
function handAtEnd(step, view, rules) {
  const h = view.hand.length;
  if (step.startsWith("scroll ")) return h - 1;
  if (step === "draw") return h + 1;
  if (step === "cycle") return h - rules.cycle + Math.min(rules.cycle, view.deck_size);
  if (step === "exchange") return h;
  return null;
}

// The steps offered that end your turn at the hand limit or more, each with what it costs in
// words (for its button, and a card's title), what a card that stands for it shows (`badge`: the
// life it costs), and the rule in a line (the move bar's, its id a link); null where none does or
// the game is basic. Your own hand, on your own page: `steps` are yours to take. A scroll read
// with a target is keyed by its card's step too (`scroll R14` for `scroll R14 @1`): the card
// stands for all of them.
export function turnEnd(steps, c) {
  const rules = c.faces?.rules;
  if (!rules || c.view.variant !== "expert" || c.view.you === null || !c.view.hand) return null;
  const costly = {};
  for (const step of steps) {
    const n = handAtEnd(step, c.view, rules);
    if (n === null || n < rules.hand_limit) continue;
    costly[step] = t("web.rm.warn.step", { n, lost: rules.penalty });
    if (step.startsWith("scroll ")) costly[step.split(" ").slice(0, 2).join(" ")] = costly[step];
  }
  if (!Object.keys(costly).length) return null;
  return { steps: costly, badge: t("web.rm.warn.badge", { lost: rules.penalty }),
    line: t("web.rm.warn.rule", { limit: rules.hand_limit, lost: rules.penalty }) };
}

// RM-2.4 (expert) while a move that ends the turn is built: a cycle, with the hand it ends the
// turn with; a spell or scroll, with the cards left once it is paid for, before its effects
// (they may draw or take cards). Only where that is the hand limit or more.
function handWarning(b, faces, view) {
  const rules = faces?.rules;
  if (!rules || view?.variant !== "expert" || !view.hand) return [];
  const [verb] = b.what.split(" ");
  const fields = { limit: rules.hand_limit, lost: rules.penalty };
  if (verb === "cycle") {
    const n = handAtEnd("cycle", view, rules);
    return n >= rules.hand_limit ? [t("web.rm.warn.move", { ...fields, n })] : [];
  }
  if (verb !== "cast" && verb !== "scroll") return [];
  const n = view.hand.length - 1 - b.chosen.filter((item) => !item.startsWith("@")).length;
  return n >= rules.hand_limit ? [t("web.rm.warn.after", { ...fields, n })] : [];
}

// What a seat's result rests on, each fact with the ranking keys it shows (RM-5.4's score,
// RM-5.5's finish bonus and fewest cards in hand), for the result's "Decided by".
export function facts(view, seat) {
  const life = view.life[seat];
  return [
    view.finish_bonus?.[seat] ? [["score", "bonus"], t("web.rm.fact.bonus", { n: life })] : [["score"], t("web.rm.life", { n: life })],
    [["cards"], t("web.hand_size", { n: view.hand_sizes[seat] })],
  ];
}

// What kind of item a move takes next, for the move bar's line (web.move.kind.*).
const ITEM_KINDS = { cast: "pay", cycle: "bottom", bottom: "bottom", discard: "discard", top: "top", take: "take", recover: "recover" };
export function itemKind(what, item) {
  return /^@\d+$/.test(item) ? "target" : ITEM_KINDS[what.split(" ")[0]] || "card";
}

// Why an item cannot go into the move being built: a spell's target comes first; a card that is
// no mana, or cannot pay what is left of the cost (named: the cost less what the chosen cards
// pay). Nothing left to pay: the bar's own words (null).
export function itemWhy(b, item, c) {
  const match = b.what.match(/^cast (\S+)\/(\d+)$/);
  if (!match) return null;
  if (b.addable.length && b.addable.every((s) => s.startsWith("@"))) return t("web.rm.why.target_first");
  const face = c.faces.codes[match[1]];
  const card = c.faces.codes[item.replace(/\/1$/, "")];
  if (card?.kind !== "mana") return t("web.rm.why.not_mana", { item: card?.name || item });
  const left = leftToPay(face.options[Number(match[2]) - 1].cost, b.chosen, c.faces);
  return left.length ? t("web.rm.why.pay", { item: card.name, spell: face.name, left: symbolWords(left) }) : null;
}

// A cost's symbols not paid by the chosen cards: each card's units (a 2-orb card's 2, or 1 as
// `F2/1`: RM-3.4) take its element's symbols, then white ones (RM-3.2); a rainbow's unit
// (RM-3.3) an element's symbol still left, else a white one.
function leftToPay(cost, chosen, faces) {
  const left = [...cost];
  const take = (s) => {
    const k = left.indexOf(s);
    if (k >= 0) left.splice(k, 1);
    return k >= 0;
  };
  let rainbows = 0;
  for (const item of chosen) {
    const mana = faces.codes[item.replace(/\/1$/, "")];
    if (mana?.kind !== "mana") continue; // a target
    const units = item.endsWith("/1") ? 1 : mana.orbs;
    const symbol = LETTER_OF[mana.element];
    for (let u = 0; u < units; u++) {
      if (!symbol) rainbows += 1;
      else if (!take(symbol)) take("*");
    }
  }
  for (; rainbows > 0; rainbows--) take(left.find((s) => s !== "*") || "*");
  return left;
}

// The hint's move in words, as the log says a play: the spell's option or the scroll, at whom,
// and what pays for it; a chore's cards.
export function sayMove(steps, c) {
  const [first, ...items] = steps;
  const at = items.find((s) => s.startsWith("@"));
  const target = at === undefined ? null : c.seatName(Number(at.slice(1)));
  const named = (code) => {
    const whole = c.faces.codes[code.replace(/\/1$/, "")]?.name || code;
    return code.endsWith("/1") ? t("web.rm.say.one_mana", { name: whole }) : whole;
  };
  const cards = items.filter((s) => !s.startsWith("@")).map(named).join(t("web.list_sep"));
  const [verb, arg] = first.split(" ");
  const cast = first.match(/^cast (\S+)\/(\d+)$/);
  if (cast) {
    const face = c.faces.codes[cast[1]];
    const fields = { spell: face.name, k: cast[2], effects: face.options[Number(cast[2]) - 1].effects, target, paid: cards };
    if (!cards) return t(target ? "web.rm.say.cast_at_unpaid" : "web.rm.say.cast_unpaid", fields); // a replay's, begun
    return t(target ? "web.rm.say.cast_at" : "web.rm.say.cast", fields);
  }
  if (verb === "scroll") {
    const face = c.faces.codes[arg];
    const fields = { scroll: face.name, words: face.words.replace(/^[^：:]*[：:]\s*/, ""), target };
    return t(target ? "web.rm.say.scroll_at" : "web.rm.say.scroll", fields);
  }
  if (verb === "cycle") return t("web.rm.say.cycle", { cards });
  if (["discard", "bottom", "top", "take", "recover"].includes(verb) && items.length) {
    return t(`web.rm.step.${verb}`, { arg: [named(arg), cards].join(t("web.list_sep")) });
  }
  return c.describeStep(first);
}
