// Shared by every page: the catalogue's texts, the language switch, a tiny element builder.
export const LANGS = ["ja", "en"];
let messages = {};
let singular = {}; // key -> {count, text}: the text when its counted field is 1 ("1 card")
export let lang = "en";

// Where the server is: the path it serves under (`bodoge serve --root-path /bodoge`), which it
// writes into every page (<html data-root>), "" at the root. Every address a page makes, of a
// page, a script, the API or a websocket, is one of the server's paths (as DESIGN.md names them)
// put under it by address(); the modules import one another by relative addresses.
const ROOT = document.documentElement.dataset.root || "";

export function address(path) {
  return ROOT + path;
}

// The page's own path as the server names it (`/r/ROOM`), the root path taken off.
export function pagePath() {
  return location.pathname.startsWith(ROOT) ? location.pathname.slice(ROOT.length) : location.pathname;
}

// A websocket's address, ws: or wss: as the page came.
export function socketAddress(path) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${location.host}${address(path)}`;
}

// The page's language: the one its address asks for (`?lang=ja`, as the rules pages link), taken as
// chosen; else the one chosen on a switch; else the browser's.
export function chooseLang() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (LANGS.includes(asked)) {
    remember(asked);
    return asked;
  }
  const stored = localStorage.getItem("bodoge.lang");
  if (LANGS.includes(stored)) return stored;
  return (navigator.language || "en").toLowerCase().startsWith("ja") ? "ja" : "en";
}

// A language chosen is kept for every page; an address that asks for one is made to ask for it,
// so a reload keeps what the switch chose.
function remember(code) {
  localStorage.setItem("bodoge.lang", code);
  const here = new URL(location.href);
  if (here.searchParams.has("lang") && here.searchParams.get("lang") !== code) {
    here.searchParams.set("lang", code);
    history.replaceState(history.state, "", here);
  }
}

export async function loadMessages(code = chooseLang()) {
  const answer = await fetch(address(`/api/messages?lang=${code}`));
  if (!answer.ok) throw new Error(`${answer.status}`); // the texts kept so far stay
  const data = await answer.json();
  messages = data.messages;
  singular = data.one || {};
  lang = code;
  document.documentElement.lang = code;
  return messages;
}

// The text of `key` with {fields} filled in, its singular when the field it counts is 1; a
// missing key shows itself, so it is easy to spot.
export function t(key, fields = {}) {
  const one = singular[key];
  const text = one && fields[one.count] === 1 ? one.text : messages[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in fields ? fields[name] : `{${name}}`));
}

// A seat as people count them, from 1 ("Seat 1" is the first; the companion counts so too): the
// wire, the notation (`@2`) and the terminal count from 0. A bot's name is its seat's number.
export const seatNo = (seat) => seat + 1;
export const seatWord = (seat) => t("web.seat", { n: seatNo(seat) });
export const botName = (level, seat) => t("web.seat_bot", { bot: t(`web.bot.${level}`), n: seatNo(seat) });

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else if (name === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// `text` with each of the game's rule ids (its catalogue prefix in capitals: EM-5.2) as a link to
// that rule on the rules page in the reader's language (the page gives every rule its id as an
// anchor), in a new tab. Strings and links for el()'s children: the text stays text, never HTML.
export function ruleLinks(text, game, prefix) {
  const ids = new RegExp(`\\b${prefix.toUpperCase()}-\\d+(?:\\.\\d+)*\\b`, "g");
  const parts = [];
  let at = 0;
  for (const found of text.matchAll(ids)) {
    parts.push(text.slice(at, found.index));
    parts.push(el("a", { class: "rule-id", href: address(`/rules/${encodeURIComponent(game)}?lang=${lang}#${found[0]}`),
      target: "_blank", rel: "noopener" }, found[0]));
    at = found.index + found[0].length;
  }
  parts.push(text.slice(at));
  return parts.filter((part) => part !== "");
}

// The language switch every page carries: changing it keeps the page and reloads its texts. With
// the server out of reach the page keeps its language and texts, and says why in them.
export function langSwitch(onChange) {
  return el(
    "nav",
    { class: "langs", "aria-label": t("web.lang.switch") },
    LANGS.map((code) =>
      el("button", {
        type: "button",
        class: code === lang ? "lang on" : "lang",
        "aria-pressed": code === lang ? "true" : "false",
        lang: code,
        text: messages[`web.lang.${code}`] || code,
        onclick: async () => {
          try {
            await loadMessages(code);
          } catch {
            toast(t("web.unreachable"));
            return;
          }
          remember(code);
          onChange();
        },
      }),
    ),
  );
}

// Copies `text`: by the clipboard API where the page may use it (https, localhost), else by the
// older copy command, which works over plain http too (a friend's table at a LAN address, where
// the invite's Copy did nothing). Whether it was copied.
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // no clipboard API here, or not allowed: the copy command
  }
  const before = document.activeElement;
  const area = document.createElement("textarea");
  area.value = text;
  area.readOnly = true;
  Object.assign(area.style, { position: "fixed", top: "0", left: "0", opacity: "0" }); // unseen
  document.body.append(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand("copy");
  } catch {
    copied = false;
  }
  area.remove();
  before?.focus?.({ preventScroll: true });
  return copied;
}

export async function api(method, path, body, token) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const answer = await fetch(address(path), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await answer.json().catch(() => ({}));
  if (!answer.ok) throw new Error(data.error || `${answer.status}`);
  return data;
}

// A file input worded in the reader's language (a browser words its own "Choose File" in the
// browser's): the input itself hidden but still in the tab order, inside the label the caller
// puts it in, so a click on the label or Space on the focused input opens the chooser; beside it
// a button's face and the chosen file's name.
// A file changed or removed takes its error away (fileError).
export function filePicker(attrs) {
  const input = el("input", { ...attrs, type: "file", class: "file-input" });
  const chosen = el("span", { class: "file-name", text: t("web.file.none") });
  input.addEventListener("change", () => {
    chosen.textContent = input.files[0]?.name || t("web.file.none");
    fileError(input, null);
  });
  return el("span", { class: "file-pick" }, input,
    el("span", { class: "file-button", "aria-hidden": "true", text: t("web.file.choose") }), chosen);
}

// A file's error shown right after the label holding its picker, kept there until the file is
// changed or removed (a toast went in 4 s, too soon for a long card-file line); role="alert" so
// it is heard as it comes, and the input is described by it. `message` null: none any more.
let fileErrors = 0;
export function fileError(input, message) {
  const id = input.getAttribute("aria-describedby");
  const shown = id && document.getElementById(id);
  if (message === null) {
    shown?.remove();
    input.removeAttribute("aria-describedby");
    return;
  }
  if (shown) {
    shown.textContent = message;
    return;
  }
  fileErrors += 1;
  const box = el("p", { class: "file-error", role: "alert", id: `file-error-${fileErrors}`, text: message });
  (input.closest("label") || input.parentNode).after(box);
  input.setAttribute("aria-describedby", box.id);
}

// A refusal of the chosen card file (the loader's line opens with the file's name) is shown by its
// picker, kept (fileError); true if it was, else the caller says it as any other.
export function cardFileRefused(input, err) {
  const name = input?.files[0]?.name;
  if (!name || !err.message.startsWith(name) || !/^[:：]/.test(err.message.slice(name.length))) return false;
  fileError(input, err.message);
  return true;
}

// The offset of the first byte of a UTF-8 text's first broken sequence (where Python's decoder
// says it is), or -1: a sequence's lead byte gives its length and its second byte's range (no
// overlong forms, surrogates or code points past U+10FFFF), each next byte 80-BF.
function badUtf8At(bytes) {
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i];
    let [n, low, high] = [0, 0x80, 0xbf];
    if (b < 0x80) n = 1;
    else if (b >= 0xc2 && b <= 0xdf) n = 2;
    else if (b >= 0xe0 && b <= 0xef) [n, low, high] = [3, b === 0xe0 ? 0xa0 : 0x80, b === 0xed ? 0x9f : 0xbf];
    else if (b >= 0xf0 && b <= 0xf4) [n, low, high] = [4, b === 0xf0 ? 0x90 : 0x80, b === 0xf4 ? 0x8f : 0xbf];
    if (!n) return i;
    for (let k = 1; k < n; k += 1) {
      const next = bytes[i + k];
      if (next === undefined || next < (k === 1 ? low : 0x80) || next > (k === 1 ? high : 0xbf)) return i;
    }
    i += n;
  }
  return -1;
}

// A card file's text, its byte-order mark dropped. Not UTF-8 (a Shift-JIS file from a Windows
// editor): an Error with the loader's own line (file.text() put U+FFFD for the bad bytes and the
// cards came out garbled, or refused for a reason that was not the file's).
export async function cardFileText(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const bad = badUtf8At(bytes);
  if (bad >= 0) {
    throw new Error(t("cards.error.line", { file: file.name, problem: t("cards.error.not_utf8", { byte: bad }) }));
  }
  return new TextDecoder("utf-8").decode(bytes);
}

// The reader asked for less motion: nothing scrolls smoothly, no card flies.
export const lessMotion = matchMedia("(prefers-reduced-motion: reduce)");

// `above`: a bar at the window's foot (a room's move bar) the toast stands above where it is in
// sight, clear of its buttons; over a bar that fills most of the window, at the foot still.
export function toast(message, above = null) {
  const box = el("div", { class: "toast", role: "alert", text: message });
  const top = above?.offsetHeight ? above.getBoundingClientRect().top : innerHeight;
  if (top < innerHeight && top > innerHeight / 3) box.style.bottom = `${innerHeight - top + 8}px`;
  document.body.append(box);
  setTimeout(() => box.remove(), 4000);
}

export function savedName() {
  return localStorage.getItem("bodoge.name") || "";
}

export function saveName(name) {
  localStorage.setItem("bodoge.name", name.trim());
}
