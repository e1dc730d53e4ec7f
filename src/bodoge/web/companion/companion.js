// The companion of the physical games: one table shared by every phone in the room.
// The server keeps the table; this page shows its latest frame with the changes still on their
// way laid over it, so a phone that loses the network keeps counting. Every change has an id of
// its own and waits in a queue kept in the browser's storage until the server acknowledges it
// (sent again after a reload or a reconnect: the server applies it once).
import { api, el, langSwitch, loadMessages, t, toast } from "/static/ui.js";

const parts = location.pathname.split("/").filter(Boolean); // companion, game, room?
export const game = parts[1];
const roomId = parts[2] || null;
const storeKey = roomId ? `bodoge.companion.${roomId}` : null;

let socket = null;
let online = false;
let frame = null; // the server's latest frame
let queue = []; // changes not acknowledged yet: {id, change}
let retry = 500;
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

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/companion/${roomId}`);
  socket.onopen = () => {
    online = true;
    retry = 500;
    for (const { id, change } of queue) socket.send(JSON.stringify({ type: "change", id, change }));
    draw();
  };
  socket.onmessage = (event) => {
    const data = JSON.parse(event.data);
    if (data.type === "companion") {
      frame = data;
    } else if (data.type === "ack") {
      queue = queue.filter((item) => item.id !== data.id);
    } else if (data.type === "error") {
      if (data.id) queue = queue.filter((item) => item.id !== data.id);
      toast(data.message);
    }
    saveLocal();
    draw();
  };
  socket.onclose = () => {
    online = false;
    draw();
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 4000);
  };
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

export function nameOf(table, seat) {
  return table.names[seat] ?? String(seat + 1);
}

function describe(table, change) {
  const name = change.seat === undefined ? "" : nameOf(table, change.seat);
  const fields = { ...change, name };
  if (change.do === "name") fields.name = change.name;
  if (change.do === "collaborator") {
    fields.side = t(change.up ? "companion.em.up" : "companion.em.down");
  }
  if (change.do === "complete") {
    const m = (table.missions || []).find((x) => x.id === change.mission);
    fields.mission = m ? m.name[document.documentElement.lang] || m.id : change.mission;
  }
  return t(`companion.change.${change.do}`, fields);
}

function header(table) {
  const pending = queue.length;
  const status = el("span", {
    class: online && !pending ? "sync on" : "sync off",
    role: "status",
    text: online && !pending ? t("companion.online") : t("companion.offline", { n: pending }),
  });
  const link = `${location.origin}/companion/${game}/${roomId}`;
  return el(
    "header",
    { class: "bar" },
    el("a", { class: "brand", href: "/" }, "bodoge"),
    el("span", { class: "title", text: t(`companion.title.${game}`) }),
    langSwitch(draw),
    el(
      "div",
      { class: "share" },
      el("span", { text: t("companion.share", { code: roomId }) }),
      el("button", {
        type: "button",
        text: t("companion.copy"),
        onclick: async () => {
          try {
            await navigator.clipboard.writeText(link);
            toast(t("companion.copied"));
          } catch (_) {
            prompt(t("companion.copy"), link);
          }
        },
      }),
      status,
    ),
  );
}

function history(table) {
  const shown = (frame ? frame.history : []).slice().reverse();
  return el(
    "details",
    { class: "history" },
    el("summary", { text: t("companion.history") }),
    el(
      "ol",
      {},
      shown.map((h) => el("li", { class: h.undone ? "undone" : "" }, describe(table, h.change))),
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

export function draw() {
  const app = document.getElementById("app");
  if (!roomId) {
    app.replaceChildren(
      el(
        "header",
        { class: "bar" },
        el("a", { class: "brand", href: "/" }, "bodoge"),
        el("span", { class: "title", text: t(`companion.title.${game}`) }),
        langSwitch(draw),
      ),
      setupForm(),
    );
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
      ),
      history(table),
    ),
  );
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
          value: old[i] ?? t("companion.seat_name", { n: i + 1 }),
          "aria-label": `${i + 1}`,
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
      option.textContent = typed[i] ? `${i + 1}. ${typed[i]}` : String(i + 1);
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
    const body = {
      game,
      players: Number(players.value),
      names: [...names.querySelectorAll("input")].map((i) => i.value),
      ...(await page.setupBody(form)),
    };
    try {
      const made = await api("POST", "/api/companion", body);
      location.href = made.url;
    } catch (err) {
      toast(err.message);
    }
  });
  const code = el("input", { name: "code", "aria-label": t("companion.code"), autocomplete: "off" });
  const join = el(
    "form",
    { class: "panel join" },
    el("label", {}, el("span", { text: t("companion.join") }), code),
    el("button", { type: "submit", class: "big", text: t("companion.go") }),
  );
  join.addEventListener("submit", (event) => {
    event.preventDefault();
    const value = code.value.trim().toLowerCase();
    if (value) location.href = `/companion/${game}/${encodeURIComponent(value)}`;
  });
  return el("main", { class: "companion-main" }, form, join);
}

export async function start(gamePage) {
  page = gamePage;
  await loadMessages();
  if (storeKey) {
    const kept = JSON.parse(localStorage.getItem(storeKey) || "null");
    if (kept) ({ frame, queue } = kept);
    connect();
    keepAwake();
    document.addEventListener("visibilitychange", keepAwake);
  }
  draw();
}
