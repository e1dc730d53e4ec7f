// The companion of the physical games: one table shared by every phone in the room.
// The server keeps the table; this page shows its latest frame with the changes still on their
// way laid over it, so a phone that loses the network keeps counting. Every change has an id of
// its own and waits in a queue kept in the browser's storage until the server acknowledges it
// (sent again after a reload or a reconnect: the server applies it once).
import { address, api, cardFileRefused, copyText, el, langSwitch, loadMessages, pagePath, seatNo, socketAddress, t, toast } from "../ui.js";

const parts = pagePath().split("/").filter(Boolean); // companion, game, room?
export const game = parts[1];
export const roomId = parts[2] ? codeOf(decodeURIComponent(parts[2])) : null;
const storeKey = roomId ? `bodoge.companion.${roomId}` : null;
const NO_ROOM = 4404; // the server's close code for a room that does not exist

let socket = null;
let online = false;
let frame = null; // the server's latest frame
let queue = []; // changes not acknowledged yet: {id, change}
let retry = 500;
let gone = false; // the server has no such room: nothing to reconnect to
let held = false; // this phone had the room's table (kept in its storage, or from the server)
let historyOpen = false; // the history stays open (or shut) across redraws
let page = null; // {render(table, frame), setup(), rules(text): its rule ids as links…} of the game

function saveLocal() {
  if (storeKey) localStorage.setItem(storeKey, JSON.stringify({ frame, queue }));
}

function newId() {
  if (crypto.randomUUID) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

// The change ids in force (server's, then the queue's), for undo: the last one is undone.
function inForce() {
  const ids = frame && frame.undo ? [frame.undo] : [];
  const local = [];
  for (const { id, change } of queue) {
    if (change.do === "undo") {
      if (local.length && local[local.length - 1] === change.of) local.pop();
      else ids.pop();
    } else local.push(id);
  }
  return ids.concat(local);
}

export function send(change) {
  const item = { id: newId(), change };
  queue.push(item);
  saveLocal();
  if (online) socket.send(JSON.stringify({ type: "change", id: item.id, change }));
  draw();
}

export function undo() {
  const ids = inForce();
  if (ids.length) send({ do: "undo", of: ids[ids.length - 1] });
}

// The table as this phone sees it: the server's, with the waiting changes laid over it.
function shownTable() {
  if (!frame) return null;
  let table = structuredClone(frame.table);
  const pending = [];
  for (const item of queue) {
    if (item.change.do === "undo") {
      const at = pending.findIndex((p) => p.id === item.change.of);
      if (at >= 0) pending.splice(at, 1);
    } else pending.push(item);
  }
  for (const { change } of pending) table = page.apply(table, change) || table;
  return table;
}

// The room is not on the server (never was, or no longer is): the table this phone kept goes,
// changes waiting included (there is no table to take them), and the page says so once.
function forget() {
  gone = true;
  frame = null;
  queue = [];
  localStorage.removeItem(storeKey);
  draw();
}

function connect() {
  socket = new WebSocket(socketAddress(`/ws/companion/${roomId}`));
  let answered = false; // this socket had the room's frame: a room that exists sends it first
  socket.onopen = () => {
    online = true;
    retry = 500;
    for (const { id, change } of queue) socket.send(JSON.stringify({ type: "change", id, change }));
    draw();
  };
  socket.onmessage = (event) => {
    const data = JSON.parse(event.data);
    if (data.type === "companion") {
      if (data.game !== game) {
        // Another game's table (a link edited by hand): its own page draws it.
        location.replace(address(`/companion/${data.game}/${encodeURIComponent(roomId)}`));
        return;
      }
      frame = data;
      answered = held = true;
    } else if (data.type === "ack") {
      queue = queue.filter((item) => item.id !== data.id);
    } else if (data.type === "error") {
      // Before the room's frame, an error is the missing room's (then the close, 4404): the
      // page says it once, in its panel, not in a toast over the old table too.
      if (!answered && !data.id) return forget();
      if (data.id) queue = queue.filter((item) => item.id !== data.id);
      toast(data.message);
    }
    saveLocal();
    draw();
  };
  socket.onclose = (closed) => {
    online = false;
    if (gone || closed.code === NO_ROOM) {
      if (!gone) forget();
      return;
    }
    draw();
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 4000);
  };
}

// What a request that failed says: the server's words when it answered; with no answer at all
// (the server down, the network gone), the catalogue's `unreached`, in the page's language (not
// the browser's own "Failed to fetch").
export function failure(err, unreached) {
  return err instanceof TypeError ? t(unreached) : err.message;
}

// A screen that stays awake while the page is open (where the browser allows it).
async function keepAwake() {
  try {
    if (navigator.wakeLock && document.visibilityState === "visible") {
      await navigator.wakeLock.request("screen");
    }
  } catch (_) {
    // Refused (battery saver, no permission): the page works without it.
  }
}

// A seat's name: the one given, else "Player 3" in this phone's language (a seat left unnamed
// is stored without a name, so every phone words it in its own).
export function nameOf(table, seat) {
  return table.names[seat] ?? t("companion.seat_name", { n: seatNo(seat) });
}

// A line of the history: what a change did, in words; an undo says what it took back, the end
// how the game ended and by whose blow. `over`: this change ended the game (the last turn).
function describe(table, change, over = false) {
  const name = change.seat === undefined ? "" : nameOf(table, change.seat);
  const fields = { ...change, name };
  if (change.do === "name") fields.name = change.name;
  if (change.do === "collaborator") {
    const kind = (table.kinds || []).find((k) => k.code === change.kind);
    fields.kind = kind ? kind.name[document.documentElement.lang] || kind.code : change.kind;
    fields.side = t(change.up ? "companion.em.up" : "companion.em.down");
  }
  if (change.do === "lay") fields.count = (change.missions || []).length;
  if (change.do === "complete") {
    const m = (table.missions || []).find((x) => x.id === change.mission);
    fields.mission = m ? m.name[document.documentElement.lang] || m.id : change.mission;
  }
  if (change.do === "undo") {
    const undone = (frame ? frame.history : []).find((h) => h.id === change.of);
    return undone ? t("companion.change.undo_of", { what: describe(table, undone.change) }) : t("companion.change.undo");
  }
  if (change.do === "end") {
    if (change.ending === "deck") return t("companion.change.end.deck");
    if (change.blow_by === null || change.blow_by === undefined) return t("companion.change.end.ko_none");
    return t("companion.change.end.ko", { name: nameOf(table, change.blow_by) });
  }
  if (change.do === "hands") {
    const sizes = Object.entries(change.hands || {}).map(([s, n]) => `${nameOf(table, Number(s))} ${n}`);
    return t("companion.change.hands", { sizes: sizes.join(", ") });
  }
  if (change.do === "next" && over) return t("companion.change.next_over");
  return t(`companion.change.${change.do}`, fields);
}

function header(table) {
  const pending = queue.length;
  const status = el("span", {
    class: online && !pending ? "sync on" : "sync off",
    role: "status",
    text: online && !pending ? t("companion.online") : t("companion.offline", { n: pending }),
  });
  const link = `${location.origin}${address(`/companion/${game}/${roomId}`)}`;
  return bar(
    el(
      "div",
      { class: "share" },
      el("span", { text: t("companion.share", { code: shownCode(roomId) }) }),
      el("button", {
        type: "button",
        text: t("companion.copy"),
        onclick: async () => {
          if (await copyText(link)) toast(t("companion.copied"));
          else prompt(t("companion.copy"), link);
        },
      }),
      status,
    ),
  );
}

function history(table) {
  const all = frame ? frame.history : [];
  // The turn that ended an Extreme Mission game: the last one in force once the game is over.
  const inForceNext = all.filter((h) => h.change.do === "next" && !h.undone && !h.skipped);
  const lastTurn = table.over && inForceNext.length ? inForceNext[inForceNext.length - 1].id : null;
  const box = el(
    "details",
    { class: "history", open: historyOpen },
    el("summary", { text: t("companion.history") }),
    el(
      "ol",
      // Newest first, numbered as they came (the frame lists only the latest ones).
      { reversed: true, start: all.length ? String(all[all.length - 1].seq + 1) : false },
      all
        .slice()
        .reverse()
        .map((h) =>
          el(
            "li",
            { class: h.undone || h.skipped ? "undone" : "", dataset: { seq: String(h.seq) } },
            page.rules(describe(table, h.change, h.id === lastTurn)),
            h.skipped ? el("span", { class: "muted", text: ` ${t("companion.skipped")}` }) : null,
          ),
        ),
    ),
  );
  box.addEventListener("toggle", () => {
    historyOpen = box.open;
  });
  return box;
}

// A code as a message repeats it: 40 characters at most, as the server's messages do.
function cut(words) {
  return words.length <= 40 ? words : `${words.slice(0, 39)}…`;
}

// The room does not exist (a mistyped code, an old link), or no longer does (this phone had its
// table: the room was closed, or the server's tables were wiped): say so once, with the way back.
function noRoom() {
  const said = held ? "companion.room_gone" : "companion.no_room";
  return el(
    "main",
    { class: "companion-main" },
    el(
      "section",
      { class: "panel alert no-room", role: "alert" },
      el("p", { class: "strong", text: t(said, { room: cut(roomId) }) }),
      el("p", {}, el("a", { href: address(`/companion/${game}`) }, t("companion.no_room_back"))),
    ),
  );
}

// The hand sizes the result needs, asked of the seats the server names.
export function handsForm(table) {
  if (!table.hands_needed || !table.hands_needed.length) return null;
  const inputs = table.hands_needed.map((seat) =>
    el("input", {
      type: "number",
      min: "0",
      inputmode: "numeric",
      "aria-label": nameOf(table, seat),
      dataset: { seat: String(seat) },
    }),
  );
  return el(
    "section",
    { class: "panel hands" },
    el("p", { text: t("companion.hands_ask") }),
    table.hands_needed.map((seat, i) =>
      el("label", { class: "hand-size" }, el("span", { text: nameOf(table, seat) }), inputs[i]),
    ),
    el("button", {
      type: "button",
      class: "primary big",
      text: t("companion.hands_send"),
      onclick: () => {
        const hands = {};
        for (const input of inputs) {
          if (input.value === "") return input.focus();
          hands[input.dataset.seat] = Number(input.value);
        }
        send({ do: "hands", hands });
      },
    }),
  );
}

// The bar every view of the page has; a table's adds its code, link and sync state.
function bar(...more) {
  return el(
    "header",
    { class: "bar" },
    el("a", { class: "brand", href: address("/") }, "bodoge"),
    el("span", { class: "title", text: t(`companion.title.${game}`) }),
    langSwitch(draw),
    ...more,
  );
}

export function draw() {
  const app = document.getElementById("app");
  if (!roomId) {
    const kept = formState(app); // what was entered stays through a change of language
    app.replaceChildren(bar(), setupForm());
    restoreForm(app, kept);
    return;
  }
  if (gone) {
    app.replaceChildren(bar(), noRoom());
    return;
  }
  const table = shownTable();
  if (!table) {
    app.replaceChildren(el("p", { class: "loading", text: "…" }));
    return;
  }
  const canUndo = inForce().length > 0;
  app.replaceChildren(
    header(table),
    el(
      "main",
      { class: "companion-main" },
      page.render(table),
      el(
        "div",
        { class: "tools undo-bar" },
        el("button", {
          type: "button",
          class: "big",
          text: t("companion.undo"),
          disabled: !canUndo,
          onclick: undo,
        }),
        // the game over (Extreme Mission's last turn, Ruler of Mana's reckoning), the next one is
        // set up here (the result left only Undo)
        table.over || table.reckoning ? el("a", { class: "button big", id: "new-game", href: address(`/companion/${game}`), text: t("companion.new_game") }) : null,
      ),
      history(table),
    ),
  );
}

// Every named field of the setup page (file chosen included), in order, to put back after a redraw.
function formState(root) {
  return [...root.querySelectorAll("form [name]")].map((f) => [f.name, f.type === "file" ? f.files : f.value]);
}

function restoreForm(root, kept) {
  const at = {};
  const fields = (name) => root.querySelectorAll(`form [name="${name}"]`);
  for (const [name, value] of kept.filter(([name]) => name === "players")) {
    fields(name)[0].value = value;
    fields(name)[0].dispatchEvent(new Event("change")); // as many name fields as players
  }
  for (const [name, value] of kept) {
    at[name] = (at[name] ?? -1) + 1;
    const field = fields(name)[at[name]];
    if (!field || name === "players") continue;
    if (field.type === "file") {
      if (!value || !value.length) continue;
      field.files = value;
      field.dispatchEvent(new Event("change", { bubbles: true }));
    } else {
      field.value = value;
      field.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }
}

// A code as the server keeps it (its code_of): width folded (a Japanese keyboard's full-width
// letters), without the spaces and dashes it is read or typed with, in small letters.
export function codeOf(typed) {
  return typed.normalize("NFKC").replace(/[\s\-\u2010-\u2015\u2212\u30fc]/g, "").toLowerCase();
}

// A code as a person reads it aloud: a new table's ten characters in two groups, abcde-fghij
// (a table's old six-character code as it was).
export function shownCode(code) {
  return code.length === 10 ? `${code.slice(0, 5)}-${code.slice(5)}` : code;
}

// A table's code, or a whole link to it (pasted from the share button), as the page to open.
export function tableAddress(typed) {
  const text = typed.trim();
  const link = text.match(/.*\/companion\/([\w-]+)\/([^/#?\s]+)/); // the last: a root path may hold one
  if (link) return address(`/companion/${link[1]}/${encodeURIComponent(codeOf(link[2]))}`);
  const code = codeOf(text);
  return code ? address(`/companion/${game}/${encodeURIComponent(code)}`) : null;
}

function setupForm() {
  const form = el("form", { class: "panel setup" });
  const players = el("select", { name: "players" });
  for (let n = page.minPlayers; n <= page.maxPlayers; n += 1) {
    players.append(el("option", { value: String(n), text: String(n), selected: n === 4 }));
  }
  const names = el("div", { class: "names" });
  const extra = el("div", { class: "extra" });
  const drawNames = () => {
    const n = Number(players.value);
    const old = [...names.querySelectorAll("input")].map((i) => i.value);
    names.replaceChildren(
      ...Array.from({ length: n }, (_, i) =>
        el("input", {
          name: "name",
          value: old[i] ?? "",
          placeholder: t("companion.seat_name", { n: i + 1 }), // left empty: no name is stored
          "aria-label": t("companion.seat_name", { n: i + 1 }),
          maxlength: "32",
        }),
      ),
    );
    extra.replaceChildren(page.setupFields(n));
    seatLabels();
  };
  // A seat picked in the form (the start player) is shown by the name typed for it.
  const seatLabels = () => {
    const typed = [...names.querySelectorAll("input")].map((i) => i.value);
    for (const option of extra.querySelectorAll("select[data-seats] option")) {
      const i = Number(option.value);
      option.textContent = `${i + 1}. ${typed[i] || t("companion.seat_name", { n: i + 1 })}`;
    }
  };
  players.addEventListener("change", drawNames);
  names.addEventListener("input", seatLabels);
  drawNames();
  form.append(
    el("p", { class: "intro" }, page.rules(t(`companion.intro.${game}`))),
    el("label", {}, el("span", { text: t("companion.players") }), players),
    el("fieldset", {}, el("legend", { text: t("companion.names") }), names),
    extra,
    el("button", { type: "submit", class: "primary big", text: t("companion.create") }),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const body = {
        game,
        players: Number(players.value),
        names: [...names.querySelectorAll("input")].map((i) => i.value.trim() || null),
        ...(await page.setupBody(form)), // a card file not UTF-8 is refused here
      };
      const made = await api("POST", "/api/companion", body);
      location.href = made.url;
    } catch (err) {
      if (!cardFileRefused(form.querySelector("input[type=file]"), err)) toast(failure(err, "companion.create_unreached"));
    }
  });
  const code = el("input", {
    name: "code",
    "aria-label": t("companion.code"),
    placeholder: t("companion.code_hint"),
    autocomplete: "off",
  });
  const join = el(
    "form",
    { class: "panel join" },
    el("label", {}, el("span", { text: t("companion.join") }), code),
    el("button", { type: "submit", class: "big", text: t("companion.go") }),
  );
  join.addEventListener("submit", (event) => {
    event.preventDefault();
    const where = tableAddress(code.value);
    if (where) location.href = where;
  });
  return el("main", { class: "companion-main" }, form, join);
}

export async function start(gamePage) {
  page = gamePage;
  await loadMessages();
  if (storeKey) {
    const kept = JSON.parse(localStorage.getItem(storeKey) || "null");
    if (kept) ({ frame, queue } = kept);
    held = Boolean(frame);
    // The server sends the page of a room it does not have as a 404: no old table drawn meanwhile.
    const served = performance.getEntriesByType?.("navigation")[0]?.responseStatus;
    if (served === 404) {
      forget();
      return;
    }
    connect();
    keepAwake();
    document.addEventListener("visibilitychange", keepAwake);
  }
  draw();
}
