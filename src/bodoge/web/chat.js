// The room chat: a small panel beside the log, folded away on a phone. It is built once and kept
// across redraws (the table is redrawn on every state frame), so a half-written line and its
// focus survive, and a screen reader hears each new line of its live list (and only the new one).
// Lines are put in as text, never as markup: what people write cannot inject HTML.
// The page keeps to the server's limits (GET /api/games "chat") before the server has to refuse.
// What was read is kept in the browser by room and seat (the `at` of the newest line read, never
// the token), so a reload calls new only the lines come since; one's own lines are never new.
import { el, lang, t } from "./ui.js";

const KEPT = 100; // lines the panel holds; the server sends a newcomer the last 50
const PHONE = "(max-width: 900px)";
const READ = "bodoge.chat.read"; // + `.${room}.${seat or "watch"}`

// Storage refused (private browsing, a full disk) leaves the page to count from its own start.
function storedRead(key) {
  try {
    return Number(localStorage.getItem(key)) || -Infinity;
  } catch {
    return -Infinity;
  }
}

export class Chat {
  // `say`: how the page shows a line of its own (the room's toast, above its move bar)
  constructor(send, say) {
    this.send = send;
    this.say = say;
    this.lines = [];
    this.read = -Infinity; // `at` of the newest line read: newer lines of others are unread
    this.readKey = null;
    this.you = null; // the page's seat: its lines are its own
    this.newest = -Infinity; // `at` of the newest line ever shown: lines sent again are not new
    this.sent = []; // when this page sent its recent lines
    this.limits = { length: 300, lines: 5, seconds: 10 };
    this.canWrite = false;
    this.nameOf = (seat) => String(seat);
    this.summary = el("summary", { class: "chat-title" });
    this.list = el("ol", { class: "chat", "aria-live": "polite" });
    this.shown = null; // the lines in the list, in the language `this.shownLang`; null: none yet
    this.shownLang = null;
    this.input = el("input", { type: "text", id: "chat-input", autocomplete: "off", enterkeyhint: "send" });
    this.button = el("button", { type: "submit", class: "chat-send" });
    this.form = el("form", { class: "chat-form", onsubmit: (e) => { e.preventDefault(); this.submit(); } },
      this.input, this.button);
    this.note = el("p", { class: "muted chat-note" });
    this.node = el("details", { class: "chat-box", id: "chat" }, this.summary, this.list, this.form, this.note);
    this.node.open = !window.matchMedia(PHONE).matches;
    this.node.addEventListener("toggle", () => {
      if (this.node.open) this.markRead();
      this.refresh();
    });
  }

  // A new connection is sent the recent lines again: start the list afresh.
  reset() {
    this.lines = [];
    this.refresh(true);
  }

  add(line) {
    this.lines.push(line);
    if (this.lines.length > KEPT) this.lines.splice(0, this.lines.length - KEPT);
    const fresh = line.at > this.newest;
    if (fresh) this.newest = line.at;
    if (this.node.open || this.own(line)) this.markRead(line.at); // one writes having read the lines before
    this.refresh(!fresh); // a line sent again (a new connection) is not read out again
  }

  // The page's seat's line, written by its person (not by one who held the seat before).
  own(line) {
    return this.you !== null && line.seat === this.you && (!line.name || line.name === this.nameOf(line.seat));
  }

  // Every line kept read up to `at` (all of them by default), here and in the browser's storage.
  markRead(at = Math.max(-Infinity, ...this.lines.map((l) => l.at))) {
    if (at <= this.read) return;
    this.read = at;
    try {
      if (this.readKey) localStorage.setItem(this.readKey, String(at));
    } catch {
      // refused: kept for this page only
    }
  }

  get unread() {
    if (this.node.open) return 0;
    return this.lines.filter((l) => l.at > this.read && !this.own(l)).length;
  }

  // Who may write (a seated person, `you`), how seats are named, and the room whose lines these
  // are: the room frame can change them.
  update({ canWrite, nameOf, limits, room, you }) {
    this.canWrite = canWrite;
    if (room !== undefined) {
      this.you = you ?? null;
      const key = `${READ}.${room}.${this.you ?? "watch"}`;
      if (key !== this.readKey) {
        this.readKey = key;
        this.read = Math.max(this.read, storedRead(key));
        if (this.node.open) this.markRead();
      }
    }
    this.nameOf = nameOf;
    if (limits) this.limits = limits;
    this.refresh();
  }

  submit() {
    const text = this.input.value.trim();
    if (!text || !this.canWrite) return;
    const now = Date.now() / 1000;
    const { lines, seconds } = this.limits;
    this.sent = this.sent.filter((at) => at > now - seconds);
    if (this.sent.length >= lines) {
      this.say(t("web.chat.too_fast", { lines, seconds }));
      return;
    }
    if (!this.send({ type: "chat", text })) return; // not connected (the page says so): the line stays
    this.sent.push(now);
    this.input.value = "";
  }

  line({ seat, name, text, at }) {
    const when = new Date(at * 1000);
    return el("li", { class: "chat-line" },
      el("strong", { class: `who seat-${seat}` }, name || this.nameOf(seat)), " ",
      el("span", { class: "said" }, text), " ",
      el("time", { datetime: when.toISOString(), class: "muted" },
        when.toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" })));
  }

  // Texts (in the page's language) and lines, drawn again; the input keeps what is typed. New lines
  // are added to the list on show; else (`quietly`, another language, lines sent again) the list
  // is a new one in its place, which a screen reader does not read out.
  refresh(quietly = false) {
    const title = t("web.chat.title");
    this.summary.textContent = this.unread ? `${title} · ${t("web.chat.unread", { n: this.unread })}` : title;
    let shown = this.shown || [];
    while (shown.length && !this.lines.includes(shown[0])) { // the oldest lines let go (KEPT)
      this.list.firstChild.remove();
      shown = shown.slice(1);
    }
    const anew = quietly || this.shown === null || this.shownLang !== lang || shown.some((l, k) => this.lines[k] !== l);
    if (anew) {
      const list = el("ol", { class: "chat", "aria-live": "polite" });
      this.list.replaceWith(list);
      this.list = list;
      shown = [];
    }
    const added = this.lines.slice(shown.length);
    if (anew || added.length) {
      if (!shown.length) this.list.replaceChildren(); // "no messages yet" goes with the first line
      this.list.append(...added.map((l) => this.line(l)));
      if (!this.lines.length) this.list.append(el("li", { class: "muted" }, t("web.chat.none")));
    }
    [this.shown, this.shownLang] = [[...this.lines], lang];
    this.list.setAttribute("aria-label", t("web.chat.list"));
    this.input.maxLength = this.limits.length;
    this.input.placeholder = t("web.chat.placeholder", { limit: this.limits.length });
    this.input.setAttribute("aria-label", t("web.chat.input"));
    this.button.textContent = t("web.chat.send");
    this.form.hidden = !this.canWrite;
    this.note.hidden = this.canWrite;
    this.note.textContent = t("web.chat.spectator");
    requestAnimationFrame(() => { this.list.scrollTop = this.list.scrollHeight; });
  }
}
