// Where the focus and the window go when the page is drawn anew: the focused control's new node,
// where an action's answer leads, and a decision that becomes yours brought into view.
import { lessMotion } from "../ui.js";
import { kept, now, S } from "./state.js";
import { chat } from "./connection.js";
import { cancel, hintedItem, legal } from "./moves.js";
import { stay } from "./seats.js";
import { showMenu } from "./drawing.js";

// --------------------------------------------------------------------------- keyboard focus
// A drawing puts new nodes in place of the old ones, the focused control's too: the control is
// named before it (focusKeys) and the focus put on its new node after. Where it is gone, the focus
// goes where the action's answer leads (`intent`), else to the move bar being built or the status
// line, and back to the control when it comes back (a deck drawn from twice): never to the top.
export let keyboard = false; // the last input was a key: focus is moved for it, and brought into view
addEventListener("keydown", () => { keyboard = true; }, true);
addEventListener("pointerdown", () => { keyboard = false; }, true);
// (`intent` is now.intent, in state.js: other modules set it too)
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
export const fallback = () => FALLBACKS.map((sel) => document.querySelector(sel)).find(focusable);
const resting = (node) => node === kept.status || node.classList.contains("building");

function focusOn(node, selection = null) {
  node.focus({ preventScroll: !keyboard });
  if (selection && node.setSelectionRange) node.setSelectionRange(...selection);
}

// What has the focus before a drawing, or null: nothing to keep (the focus is not on the page's
// controls, and was not lost by a drawing).
export function focusBefore() {
  const node = document.activeElement;
  if (!node || !document.getElementById("app").contains(node)) return wanted ? { node: null, keys: [], rests: true } : null;
  if (!resting(node)) wanted = null; // on a control of the reader's own choosing
  const selection = typeof node.selectionStart === "number" ? [node.selectionStart, node.selectionEnd] : null;
  return { node, keys: focusKeys(node), selection, rests: resting(node) };
}

export function placeFocus(before) {
  if (now.intent?.ready()) {
    const target = now.intent.target();
    now.intent = null;
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
let pointedAt = 0; // when the person last pressed anywhere on the page
addEventListener("pointerdown", () => { pointedAt = Date.now(); }, { capture: true, passive: true });
// Whether the page is the person's since the time `at`: they hold it, or have scrolled it since,
// or (`presses`) pressed on it. What the page brings into view waits for them: a decision or the
// next item only while they scroll (`scrollingNow`: a press is how they play, and the next
// decision follows it), a result once for all (`movedSince`: a press on it is theirs to keep).
export function movedSince(at, presses = true) {
  return touching || scrolledAt >= at || (presses && pointedAt >= at);
}
const scrollingNow = () => movedSince(Date.now() - 1200, false);
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

export function decisionInView() {
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
  if (scrollingNow() || chosenFocus || chat.node.contains(focus)) return;
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
export function bringIntoView(node, item = node, along = null, fill = false) {
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
export function nextItemInView() {
  if (!S.building || keyboard || scrollingNow() || chat.node.contains(document.activeElement)) return;
  const hinted = hintedItem();
  const offered = [...kept.board.querySelectorAll("[data-step]:not(.chosen)")].filter((n) => !kept.moves.contains(n));
  bringIntoView((hinted && !kept.moves.contains(hinted) ? hinted : null) || offered.find((n) => n.closest(".hand")) || offered[0]);
}
