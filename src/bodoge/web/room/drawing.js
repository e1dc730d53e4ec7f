// The page drawn from S: no room, a closed room, the seats before the start, the table (each game's
// own drawing, em.js or rm.js) with the header, the log and the move bar around it.
import { address, el, lang, langSwitch, ruleLinks, t } from "../ui.js";
import * as flight from "../flight.js";
import { kept, now, room, S, TABLES } from "./state.js";
import { closedRoom, gameTitle, seatChoiceBar, seated } from "./seat-link.js";
import { chat, describeLog, loadFaces, logWords, showOffline } from "./connection.js";
import { askHint, buildingBar, deckPile, handCard, legal, offer, picked, quietPass, refusedItem, setQuiet, stepButton } from "./moves.js";
import { askLeave, awayKey, awayLine, awayNote, leaveBar, seatName, seatsPanel } from "./seats.js";
import { earlierReplayButton, lastToMove, openReplay, replayBar, youWord } from "./replay.js";
import { resultPanel } from "./result.js";
import { bringIntoView, decisionInView, focusBefore, movedSince, placeFocus } from "./focus.js";

// --------------------------------------------------------------------------- drawing
// The move bar's height keeps the focus clear of it: the page scrolls a focused control above it.
new ResizeObserver(() => document.documentElement.style.setProperty("--moves-h", `${kept.moves.offsetHeight}px`))
  .observe(kept.moves);

// `parent`'s children made `children` (nulls left out) without taking out the ones kept.
export function setChildren(parent, children) {
  const keep = children.filter(Boolean);
  for (const node of [...parent.childNodes]) if (!keep.includes(node)) node.remove();
  let at = parent.firstChild;
  for (const node of keep) {
    if (node === at) at = node.nextSibling;
    else parent.insertBefore(node, at);
  }
}

// The status line the table drew, put into the kept one, and only if it says something new: a
// screen reader reads the status out on each change.
function takeStatus(drawn) {
  const fresh = drawn.querySelector(".status");
  fresh?.remove();
  if (fresh) sayAnew(kept.status, fresh, fresh.className || "status");
  else kept.status.className = "status";
}

// A kept live region given `fresh`'s words (and the class `className`): its children replaced
// only where they differ, so that a screen reader reads out what is new and nothing else.
export function sayAnew(node, fresh, className) {
  node.className = className;
  if (node.innerHTML !== fresh.innerHTML) node.replaceChildren(...fresh.childNodes);
}

// The log's lines: new ones are added to the list on show (a screen reader reads them out); other
// lines (another language, a replay stepped back) are a new list in its place, read out as nothing.
function updateLog() {
  const game = S.summary?.game || S.frame?.view.game;
  const said = (line) => (TABLES[game] ? ruleLinks(line, game, TABLES[game].prefix) : line); // EM-5.1 a link
  const lines = logWords();
  const shown = kept.logShown;
  if (shown.length > lines.length || shown.some((line, k) => line !== lines[k])) {
    const list = el("ol");
    kept.log.replaceWith(list);
    kept.log = list;
    kept.logShown = [];
  }
  const list = kept.log;
  list.className = "log";
  list.setAttribute("aria-live", "polite");
  list.setAttribute("aria-label", t("web.log"));
  kept.logTitle.textContent = t("web.log");
  const start = kept.logShown.length;
  if (start === lines.length) return;
  list.append(...lines.slice(start).map((line, k) => el("li", {
    class: [start + k >= S.logSeen ? "fresh" : "", lines.leaves.has(start + k) ? "left-line" : ""].filter(Boolean).join(" "),
  }, said(line))));
  kept.logShown = lines;
  requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
}

function header() {
  const rm = S.summary?.game === "ruler-of-mana";
  const playing = S.frame && !S.frame.view.is_over && S.frame.seat !== null && S.frame.seat !== undefined;
  // On a narrow phone the header is one row: the game, the rules, the hint and a menu button;
  // the rest behind the button, the brand's way to the lobby too (style.css: on anything wider
  // the menu's controls stand in the row as ever, the menu's own lobby link left out).
  return el("header", { class: S.menuOpen ? "bar room-bar menu-open" : "bar room-bar" },
    playing ? el("a", { class: "skip", href: "#moves", onclick: skipToMoves }, t("web.skip_to_moves")) : null,
    el("a", { class: "brand", href: address("/") }, "bodoge"),
    el("span", { class: "title" }, gameTitle(S.summary?.game), " ", el("span", { class: "muted" }, `#${room}`)),
    el("a", { class: "rules-link", href: address(`/rules/${S.summary?.game}?lang=${lang}`), target: "_blank", rel: "noopener" }, t("web.rules.link")),
    playing ? el("button", { type: "button", id: "hint", onclick: askHint, disabled: !legal().length || S.offline }, t("web.hint")) : null,
    el("button", { type: "button", class: "menu-toggle", id: "menu-toggle", "aria-label": t("web.menu"), "aria-controls": "bar-menu",
      "aria-expanded": S.menuOpen ? "true" : "false", onclick: () => showMenu(!S.menuOpen) }, el("span", { class: "menu-icon", "aria-hidden": "true" })),
    el("div", { class: "bar-menu", id: "bar-menu", role: "group", "aria-label": t("web.menu") },
      el("a", { class: "menu-lobby", href: address("/") }, t("web.result.lobby")),
      // what the quiet box does, on hover and for a screen reader (kept out of its name)
      playing && rm ? [el("label", { class: "quiet", title: t("web.quiet_help") },
        el("input", { type: "checkbox", id: "quiet", checked: S.quiet, disabled: S.offline, "aria-describedby": "quiet-help",
          onchange: (e) => setQuiet(e.target.checked) }), t("web.quiet")),
      el("span", { id: "quiet-help", class: "sr-only" }, t("web.quiet_help"))] : null,
      // leaving a game begun (before the start, the seat's own row offers it)
      seated() && S.summary.status !== "open" ? el("button", { type: "button", class: "leave", id: "leave", onclick: askLeave,
        "aria-expanded": S.confirmLeave ? "true" : "false" }, t(S.summary.status === "running" ? "web.leave.game" : "web.room.leave_seat")) : null,
      earlierReplayButton(),
      langSwitch(async () => {
        S.why = new Map(); // the reasons had are in the other language
        S.note = null;
        describeLog().then(draw);
        await loadFaces(true);
        chat.refresh();
        draw();
      })));
}

// The first Tab's link, shown only while focused: the focus to the move bar's first control (past
// the header, the seats and the table: 31 Tabs to End the action phase), else, nothing being
// yours to decide, to the status line, which says whose it is.
function skipToMoves(e) {
  e.preventDefault();
  const first = [...kept.moves.querySelectorAll("button, [data-step], a[href]")].find((n) => !n.disabled && n.getClientRects().length);
  (first || kept.status).focus();
}

// The narrow header's menu shown or hidden; hidden, the focus goes back to its button.
export function showMenu(open) {
  S.menuOpen = open;
  if (!open) now.intent = { ready: () => true, target: () => document.getElementById("menu-toggle") };
  draw();
}

// A step in words: a card or option by its name, else the catalogue's `web.<game>.step.<kind>`,
// or its `<kind>_own` where it names the reader's own seat and the catalogue words that apart
// (an exchange's own offer taken back: "Take Aki (you)'s offer").
export function describeStep(step) {
  const names = S.faces?.names || {};
  if (names[step]) return names[step];
  if (/^@\d+$/.test(step)) return t("web.step.target", { name: seatName(Number(step.slice(1))) });
  const [kind, ...args] = step.split(" ");
  const fields = { arg: "", name: "" };
  const reader = S.replay ? S.replay.seat : S.frame?.seat;
  let own = false;
  for (const a of args) {
    if (/^\d+$/.test(a)) {
      fields.name = seatName(Number(a));
      own = Number(a) === reader;
    } else fields.arg = names[a] || a;
  }
  const prefix = TABLES[S.summary?.game || S.frame?.view.game]?.prefix;
  const key = `web.${prefix}.step.${kind}`;
  const mine = own ? t(`${key}_own`, fields) : null;
  if (mine && mine !== `${key}_own`) return mine;
  const said = t(key, fields);
  return said === key ? step : said;
}

// Every offered step that no card or seat of the table stands for, as a button (a card stands
// for what its first click makes, and for what a second click on it makes, `data-then-step`);
// drawing, which the deck stands for, as a button too, first: a newcomer looks among the buttons.
// A step taken only on purpose (Extreme Mission's pass, which gives up the actions left: the
// table's `aside`, in its own words) comes last, apart and quieter.
function otherSteps(table, warned, ...drawn) {
  const nodes = drawn.filter(Boolean).flatMap((part) => [...part.querySelectorAll("[data-step], [data-then-step]")]);
  const shown = new Set(nodes.flatMap((n) => [n.dataset.step, n.dataset.thenStep]));
  const offered = S.building ? S.building.addable : S.asking ? [] : legal();
  const rest = offered.filter((s) => !shown.has(s) || (s === "draw" && !S.building));
  if (!rest.length) return null;
  const aside = new Map(Object.entries(table.aside?.(S.frame.view) || {}));
  const first = [...rest.filter((s) => s === "draw"), ...rest.filter((s) => s !== "draw" && !aside.has(s))];
  // a step that ends the turn at a cost (RM-2.4, expert: the hand it ends with) says so on its
  // button, and the rule in a line under the buttons, its id a link (`turnEndWarning`)
  const label = (s) => (warned?.steps[s] ? [describeStep(s), el("span", { class: "step-cost" }, warned.steps[s])] : describeStep(s));
  const attrs = (s, extra) => (warned?.steps[s] ? { ...extra, class: `${extra.class} costly`, "aria-describedby": "turn-end-rule" } : extra);
  return el("div", { class: "steps", role: "group", "aria-label": t("web.move.other") },
    first.map((s) => el("button", offer(s, attrs(s, { type: "button", class: "step", id: s === "draw" ? "draw" : undefined })), label(s))),
    rest.filter((s) => aside.has(s)).map((s) => el("button", offer(s, { type: "button", class: "step aside" }), aside.get(s))),
    warned ? el("p", { class: "warn-line", id: "turn-end-rule" }, ruleLinks(warned.line, S.frame.view.game, table.prefix)) : null);
}

// The steps offered that end the turn at a cost (the table's `turnEnd`: RM-2.4, expert), not while
// a move is built (its bar says it) or a question asked; null where none does.
function turnEndWarning(table) {
  return S.building || S.asking || S.replay ? null : table.turnEnd?.(legal(), { view: S.frame.view, faces: S.faces }) || null;
}

// A card or pile on the table that stands for such a step is ringed in red and shows what it
// costs (`data-cost`, drawn by style.css), its words in its title, described by the rule's line
// under the move bar: a scroll read or the deck pressed ended the turn at a cost unwarned, the
// warning only on the move bar's buttons.
function markCostly(part, warned) {
  if (!warned) return;
  for (const node of part.querySelectorAll("[data-step]")) {
    const cost = warned.steps[node.dataset.step];
    if (!cost) continue;
    node.classList.add("costly");
    node.dataset.cost = warned.badge;
    node.title = cost;
    node.setAttribute("aria-describedby", "turn-end-rule");
  }
}

// The hint's move in words, as the log words a move (its card, mission or spell by name, its
// target and cards): the table's own words where it has them, else each step's.
export function sayMove(steps, game = S.frame.view.game) {
  const table = TABLES[game];
  const said = table.sayMove?.(steps, { faces: S.faces, view: S.replay?.view || S.frame?.view, describeStep, seatName });
  return said || steps.map(describeStep).join(t("web.list_sep"));
}

function noRoomPage() {
  return [
    el("header", { class: "bar" }, el("a", { class: "brand", href: address("/") }, "bodoge"), langSwitch(draw)),
    el("main", { class: "loading no-room" },
      el("p", {}, t("web.room.none")), el("a", { class: "button", href: address("/") }, t("web.result.lobby"))),
  ];
}

// That the room is closed, and why where the server says (its game not restored after an upgrade).
const closedLine = () => t(S.summary?.closed_why === "not_restored" ? "web.room.not_restored" : "web.room.closed");

// A closed room's page: that it is closed, a button for each of its games' replays, the lobby.
function closedPage() {
  const games = S.summary.games || [];
  return el("main", { class: "loading closed-room" },
    el("p", {}, closedLine()),
    games.length ? el("p", {}, t("web.room.closed_games")) : null,
    el("div", { class: "buttons" },
      games.map((n) => el("button", { type: "button", id: `replay-${n}`, onclick: () => openReplay({ game: n }) },
        t("web.replay.open_game", { n }))),
      el("a", { class: "button", href: address("/") }, t("web.result.lobby"))));
}

// Above a closed room's replay: the room is closed, and the way back to the lobby.
const closedNote = () => (closedRoom()
  ? el("p", { class: "closed-note" }, closedLine(), " ", el("a", { href: address("/") }, t("web.result.lobby"))) : null);

// A replay just opened: its bar, and the table loading until the step's view comes (the live
// game's table under the bar would pass for that step).
function replayLoadingPage() {
  return [...aboveTable(), el("main", { class: "loading replay-loading", role: "status" }, t("web.replay.loading"))].filter(Boolean);
}

// What stands above the table: the header, the seat's bars and notes, a replay's bar.
const aboveTable = () => [header(), seatChoiceBar(), leaveBar(), awayNote(), closedNote(), S.replay ? replayBar() : null];

// The log's lines of a frame come in words after its table was drawn: where the table is on
// show, only the log takes them (nothing else the page shows is made of them). The whole page
// drawn again for them had every card measured twice, rebuilt and its flight started anew: on a
// phone at a quarter of a desktop's speed some 100 ms a frame, the cards stalling mid-flight.
let tableShown = false; // the last drawing drew the table
export function logCame() {
  if (!tableShown) {
    draw();
    return;
  }
  updateLog();
  S.logSeen = logWords().length;
}

// A press begun on a control is not drawn over: a click is a press and a release on one node, and
// a drawing between them put a new node in its place, so the click went nowhere (a CI run's press
// of Draw sent nothing: a frame's drawing had come between). The drawing waits for the release,
// and the click it ends, or at most PRESS_MS for a press held, dragged off or never released.
const PRESS_MS = 800;
let pressed = null; // {at, later}: when a press began on a control, and a drawing put off meanwhile
addEventListener("pointerdown", (e) => {
  if (e.button === 0 && e.target.closest?.("button, [data-step], [data-then-step], a, input, label")) pressed = { at: performance.now(), later: false };
}, true);
const released = () => {
  const later = pressed?.later;
  pressed = null;
  if (later) setTimeout(draw); // after the click this release ends
};
addEventListener("pointerup", released, true);
addEventListener("pointercancel", released, true);

// A game just over, seen here: its result, at the board's top, brought into view (a phone's
// window had stayed on your hand and the log under it), and kept there by the drawings after it
// until the person moves the page or presses on it. A later frame grows the result (the rematch
// asked, a seat left free), and the browser's scroll anchoring moved the page by as much, its
// heading out of sight (traced in a CI-like run: 74 to 116 px as the result grew by 42).
let resultShown = null; // {game, at}: the game whose result was brought into view, and when
function resultInView() {
  const result = kept.board.isConnected ? kept.board.querySelector(":scope > .result") : null;
  const game = S.summary?.game_no;
  if (!result || S.replay) return;
  if (resultShown?.game === game) {
    if (!movedSince(resultShown.at)) bringIntoView(result);
    return;
  }
  resultShown = { game, at: Date.now() };
  bringIntoView(result);
}

export function draw() {
  if (pressed && performance.now() - pressed.at < PRESS_MS) {
    if (!pressed.later) setTimeout(() => { if (pressed?.later) released(); }, PRESS_MS);
    pressed.later = true;
    return;
  }
  const before = focusBefore();
  paint();
  placeFocus(before);
  decisionInView();
  resultInView();
}

function paint() {
  const app = document.getElementById("app");
  tableShown = false;
  showOffline();
  now.awayDrawn = awayKey();
  if (S.noRoom) {
    document.title = "bodoge";
    app.replaceChildren(...noRoomPage());
    return;
  }
  if (!S.summary && !S.frame) {
    app.replaceChildren(header(), el("main", { class: "loading" }, t("web.room.connecting")));
    return;
  }
  const game = S.summary?.game || S.frame.view.game;
  document.title = `${gameTitle(game)} — bodoge`;
  const table = TABLES[game];
  if (closedRoom() && !(S.replay?.view && S.faces)) { // a replay's table once it has come
    app.replaceChildren(header(), closedPage());
    return;
  }
  if (!S.frame && !closedRoom() && S.summary && S.summary.status !== "open") {
    // a game begun sends its state frame next (to a page come in, or one that just left its seat)
    app.replaceChildren(header(), el("main", { class: "loading" }, t("web.room.connecting")));
    return;
  }
  if ((!S.frame && !closedRoom()) || !S.faces) {
    app.replaceChildren(...[header(), seatChoiceBar(), leaveBar()].filter(Boolean),
      el("main", { class: "room" }, S.summary?.seats ? seatsPanel() : null, S.summary ? chat.node : null));
    return;
  }
  if (S.replay && !S.replay.view) { // a replay opened, its step's view not come yet
    app.replaceChildren(...replayLoadingPage());
    return;
  }
  const view = S.replay?.view || S.frame.view;
  const ctx = {
    view, faces: S.faces, legal: legal(), offline: S.offline, replay: Boolean(S.replay), lastToMove: lastToMove(view), quietPass: quietPass(), seatName, offer, picked, refusedItem, handCard, deckPile, stepButton, t, describeStep, redraw: draw, youWord: youWord(), away: awayLine,
    building: S.building, busy: S.busy, freshEvents: (S.replay ? [] : (view.log || []).slice(S.eventsSeen)),
  };
  const seen = flight.before(kept.board); // where each card lay: a move's cards fly from there
  const drawn = table.drawTable(ctx);
  const result = resultPanel(view, table);
  takeStatus(drawn);
  const note = S.note && !S.replay && S.note.seq === S.frame.seq ? S.note : null;
  kept.note.className = `note${note ? ` ${note.kind}` : ""}`;
  // the why in a span of its own, after a space: a line under the move, one sentence read out
  const why = note?.why ? [" ", el("span", { class: "why" }, note.why)] : [];
  if (kept.note.textContent !== (note ? note.text + (note.why ? ` ${note.why}` : "") : "")) {
    kept.note.replaceChildren(...(note ? ruleLinks(note.text, game, table.prefix) : []), ...why);
  }
  // A move sent and not answered yet: the bar stays as it was, inert, till the answer. Drawn
  // anew, it had a button for every step the table's items stand for (they offer none while
  // busy): on a phone some 540 px of buttons for a moment, or it went empty (a drop's Confirm).
  kept.moves.inert = S.busy;
  const warned = turnEndWarning(table);
  markCostly(drawn, warned);
  if (!S.busy) setChildren(kept.moves, [kept.note, buildingBar(describeStep, table), otherSteps(table, warned, result, drawn)]);
  setChildren(kept.board, [result, kept.status, drawn, kept.moves]);
  updateLog();
  setChildren(kept.side, [kept.logBox, closedRoom() ? null : chat.node]);
  kept.main.className = `table ${game}`;
  setChildren(kept.main, [kept.board, kept.side]);
  setChildren(app, [...aboveTable(), kept.main]);
  flight.after(seen, { board: kept.board, ctx, table, moment: S.replay
    ? ["replay", S.replay.record.game_no, S.replay.seat, S.replay.step, S.replay.from] : ["live", S.summary?.game_no, S.frame.seat, null] });
  S.logSeen = logWords().length;
  if (!S.replay) S.eventsSeen = (view.log || []).length;
  tableShown = true;
}
