// Moves: what the table offers from `legal`, a move built item by item from the server's `choices`
// and sent whole, why a step cannot be taken, and the hint.
import { api, el, lang, ruleLinks, t } from "../ui.js";
import { kept, now, room, S, TABLES, toast } from "./state.js";
import { mySeat } from "./seat-link.js";
import { notConnected, refused, send } from "./connection.js";
import { seatName, seatNames } from "./seats.js";
import { bringIntoView, fallback, keyboard } from "./focus.js";
import { describeStep, draw, sayAnew, sayMove, setChildren } from "./drawing.js";

// --------------------------------------------------------------------------- moves
// Each of these changes the page only once its frame is sent (a frame is never kept for later).
export function act(action) {
  if (S.busy || !S.frame) return;
  if (!send({ type: "act", action, seq: S.frame.seq })) return;
  S.busy = true;
  S.building = null;
  hush();
  now.intent = { ready: () => true, target: fallback }; // the status line holds the focus till the next decision
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
    now.intent = { ready: () => S.building?.what === step,
      target: () => hintedItem() || (hinted && S.building.complete && confirmButton())
        || kept.board.querySelector(".hand [data-step]") || kept.board.querySelector("[data-step]:not(.confirm)") || confirmButton() };
  }
}

// The first item the hint still suggests (the hint is followed one press at a time); a chosen
// card is hinted where pressing it again is (a 2-orb card to pay 1 mana).
export const hintedItem = () => kept.board.querySelector(".hinted[data-step]");
const confirmButton = () => kept.board.querySelector(".confirm[data-step]");

// An item pressed from the keyboard: once the answer is drawn, the focus goes on to the hint's
// next item (the item was the hint's), or to Confirm once the hint's items are all in or nothing
// more can go in; else it stays on the item.
function onward(item, chosen) {
  if (!keyboard || item === null) return;
  const hinted = S.hint.includes(item);
  now.intent = { ready: () => JSON.stringify(S.building?.chosen) === JSON.stringify(chosen),
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
export function cancel() {
  const what = S.building?.what ?? S.asking;
  S.building = null;
  S.asking = null;
  S.autoTarget = null;
  hush();
  now.intent = what ? { ready: () => true, target: () => kept.board.querySelector(`[data-step="${CSS.escape(what)}"]`) } : null;
  draw();
}

// The target of a move in a two-player game, where it has exactly one to choose (the one
// opponent) and none is chosen: added for the person, who had to tap it (its payment can come
// before or after it, so it is not the only item then). Once a move: taken back out, it is the
// person's to add.
export function onlyTarget(frame) {
  const seats = (items) => items.filter((item) => /^@\d+$/.test(item));
  const targets = seats(frame.addable);
  if (S.frame?.view.players !== 2 || targets.length !== 1 || seats(frame.chosen).length || S.autoTarget?.what === frame.what) return null;
  return targets[0];
}

// A quiet seat's lone "pass" is the server's to answer (bodoge.server.quiet): offering it here
// too would race the server's pass, and the later of the two is refused.
export const quietPass = () => !S.replay && S.quiet && S.frame?.legal?.length === 1 && S.frame.legal[0] === "pass";
export const legal = () => (S.replay || quietPass() ? [] : S.frame?.legal || []);

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
export function offer(step, extra = {}, tryable = false) {
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
export function refusedItem(item, attrs) {
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
export function whyWords(reason) {
  if (reason === null) return t("web.why.now");
  const what = kept.status.querySelector(".line")?.textContent;
  if (reason === t("web.why.not_now") && what) return t("web.why.not_now_do", { what });
  return reason.charAt(0).toLocaleUpperCase(lang) + reason.slice(1); // a line of its own: "Your…"
}

// The move bar's note, one line: why a press did nothing, or the hint's move in words (and, in a
// line under it, why that move).
export function say(kind, text, why = null) {
  S.note = { kind, text, why, seq: S.frame?.seq };
  draw();
}

// An item that is in the move at most once (a collaborator spent as a wild), once chosen: marked on
// the table as a chosen hand card is, and a click takes it back out. Null when it is not chosen.
export function picked(item, extra = {}) {
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
export function handCard(cardNode, code, nth, prefixes = [], spellings = [code], tried = null, idle = null) {
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
export function deckPile(label, attrs, size, legend = null) {
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
export function stepButton(step, label) {
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
export function buildingBar(describe, table) {
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
    // a rule id in a line a link to the rule, as in the log (RM-2.4)
    ...(table.buildingLines?.(b, S.faces, { view: S.frame.view }) || [])
      .map((line) => el("div", { class: "then-line" }, ruleLinks(line, S.frame.view.game, table.prefix))),
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

// --------------------------------------------------------------------------- hint, quiet
export async function askHint() {
  // not while a move sent waits for its answer: the position it asks about is going (the server
  // refused such a hint, 409, and the page said "not your turn" to a person who had just moved)
  if (!S.frame || S.busy || !legal().length) return;
  const asked = S.frame.seq;
  try {
    const { steps, why } = await api("POST", `/api/rooms/${room}/hint?lang=${lang}`, { names: seatNames() }, mySeat()?.token);
    if (S.frame.seq !== asked) return; // a hint for a position gone meanwhile
    S.hint = steps;
    if (keyboard) now.intent = { ready: () => true, target: hintedItem }; // Enter on it follows the hint
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
    if (S.frame?.seq === asked) toast(refused(err)); // else refused for a position gone: moot
  }
}

export function setQuiet(on) {
  S.quiet = on;
  localStorage.setItem("bodoge.quiet", on ? "1" : "0");
  send({ type: "quiet", on });
}
