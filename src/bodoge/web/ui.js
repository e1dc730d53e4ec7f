// Shared by every page: the catalogue's texts, the language switch, a tiny element builder.
export const LANGS = ["ja", "en"];
let messages = {};
let singular = {}; // key -> {count, text}: the text when its counted field is 1 ("1 card")
export let lang = "en";

export function chooseLang() {
  const stored = localStorage.getItem("bodoge.lang");
  if (LANGS.includes(stored)) return stored;
  return (navigator.language || "en").toLowerCase().startsWith("ja") ? "ja" : "en";
}

export async function loadMessages(code = chooseLang()) {
  const answer = await fetch(`/api/messages?lang=${code}`);
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
    parts.push(el("a", { class: "rule-id", href: `/rules/${encodeURIComponent(game)}?lang=${lang}#${found[0]}`,
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
          localStorage.setItem("bodoge.lang", code);
          onChange();
        },
      }),
    ),
  );
}

export async function api(method, path, body, token) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const answer = await fetch(path, {
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
export function filePicker(attrs) {
  const input = el("input", { ...attrs, type: "file", class: "file-input" });
  const chosen = el("span", { class: "file-name", text: t("web.file.none") });
  input.addEventListener("change", () => {
    chosen.textContent = input.files[0]?.name || t("web.file.none");
  });
  return el("span", { class: "file-pick" }, input,
    el("span", { class: "file-button", "aria-hidden": "true", text: t("web.file.choose") }), chosen);
}

export function toast(message) {
  const box = el("div", { class: "toast", role: "alert", text: message });
  document.body.append(box);
  setTimeout(() => box.remove(), 4000);
}

export function savedName() {
  return localStorage.getItem("bodoge.name") || "";
}

export function saveName(name) {
  localStorage.setItem("bodoge.name", name.trim());
}
