// Shared by every page: the catalogue's texts, the language switch, a tiny element builder.
export const LANGS = ["ja", "en"];
let messages = {};
export let lang = "en";

export function chooseLang() {
  const stored = localStorage.getItem("bodoge.lang");
  if (LANGS.includes(stored)) return stored;
  return (navigator.language || "en").toLowerCase().startsWith("ja") ? "ja" : "en";
}

export async function loadMessages(code = chooseLang()) {
  const answer = await fetch(`/api/messages?lang=${code}`);
  messages = (await answer.json()).messages;
  lang = code;
  document.documentElement.lang = code;
  return messages;
}

// The text of `key` with {fields} filled in; a missing key shows itself, so it is easy to spot.
export function t(key, fields = {}) {
  const text = messages[key] ?? key;
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

// The language switch every page carries: changing it keeps the page and reloads its texts.
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
          localStorage.setItem("bodoge.lang", code);
          await loadMessages(code);
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
