// The lobby: the games, creating a room (with friends or against bots), the open rooms, joining.
import { address, api, botName, cardFileRefused, cardFileText, el, filePicker, lang, langSwitch, loadMessages, saveName, savedName, t, toast } from "./ui.js";

let games = [];
let bots = [];
let rooms = null; // the server's list of rooms, null until it comes
let roomsRefused = null; // why it did not come
let creating = false; // a room is being made: one click makes one room (a double click made two)

export function remember(room, seat, token) {
  localStorage.setItem(`bodoge.seat.${room}`, JSON.stringify({ seat, token }));
}

function header(redraw) {
  return el("header", { class: "bar" },
    el("a", { class: "brand", href: address("/") }, "bodoge"),
    el("span", { class: "tagline", text: t("web.lobby.tagline") }),
    langSwitch(redraw));
}

function nameField() {
  return el("label", { class: "name-field" }, t("web.lobby.your_name"),
    el("input", {
      id: "name", type: "text", maxlength: "24", autocomplete: "nickname",
      value: savedName(), placeholder: t("web.lobby.name_placeholder"),
      oninput: (e) => saveName(e.target.value),
    }));
}

function myName() {
  return savedName() || t("web.lobby.guest");
}

// Every create button is disabled while a room is being made, until the page leaves for the room;
// a refusal enables them again and says why.
function showCreating(on) {
  creating = on;
  for (const button of document.querySelectorAll("[data-create]")) button.disabled = on;
}

// A page come back to from the room (the browser's back-forward cache) is not making one any more.
addEventListener("pageshow", (e) => {
  if (e.persisted) showCreating(false);
});

async function create(game, form, withBots) {
  if (creating) return;
  showCreating(true);
  const players = Number(form.players.value);
  const body = { game: game.game, players, name: myName() };
  if (form.variant) body.variant = form.variant.value;
  try {
    const file = form.cards.files[0];
    if (file) {
      body.cards = await cardFileText(file);
      body.cards_name = file.name;
    }
    const made = await api("POST", "/api/rooms", body);
    remember(made.room, made.seat, made.token);
    if (withBots) {
      for (let seat = 1; seat < players; seat++) {
        await api("POST", `/api/rooms/${made.room}/seats/${seat}/bot`, { level: form.level.value }, made.token);
      }
      await api("POST", `/api/rooms/${made.room}/start`, {}, made.token);
    }
    location.href = address(`/r/${made.room}`);
  } catch (err) {
    showCreating(false);
    if (!cardFileRefused(form.cards, err)) toast(err.message);
  }
}

// Each game's banner: a hand of its cards fanned on the felt, drawn as the table draws them
// (style.css's card classes): Extreme Mission's info cards of the five colours, Ruler of Mana's
// mana of the four elements (one with 2 orbs) and a spell's back.
const fanned = (cards) => cards.map((card, k) => {
  card.style.setProperty("--turn", `${(k - (cards.length - 1) / 2) * 7}deg`);
  return card;
});
const ART = {
  "extreme-mission": () => fanned([["R", 3], ["B", 7], ["G", 1], ["Y", 9], ["P", 5]].map(([colour, n]) =>
    el("div", { class: `card info c-${colour}` }, el("span", { class: "corner" }, n), el("span", { class: "num" }, n)))),
  "ruler-of-mana": () => fanned([...[["fire", 1], ["water", 2], ["wind", 1], ["earth", 1]].map(([element, orbs]) =>
    el("div", { class: `card mana e-${element}` }, el("span", { class: "orbs" },
      Array.from({ length: orbs }, () => el("span", { class: "orb" }, t(`web.rm.glyph.${element}`)))))),
  el("div", { class: "card back spell-back" })]),
};

function gameCard(game) {
  const form = el("form", { class: "create", onsubmit: (e) => e.preventDefault() });
  const name = game.game;
  const players = el("select", { name: "players", id: `players-${name}` });
  for (let n = game.min_players; n <= game.max_players; n++) {
    players.append(el("option", { value: n, selected: n === game.default_players }, t("web.lobby.n_players", { n })));
  }
  form.append(el("label", {}, t("web.lobby.players"), players));
  if (game.variants.length > 1) {
    const variant = el("select", { name: "variant", id: `variant-${name}` },
      game.variants.map((v) => el("option", { value: v }, t(`web.variant.${v}`))));
    form.append(el("label", {}, t("web.lobby.variant"), variant));
  }
  form.append(el("label", { class: "cards-file" }, t("web.lobby.card_set"),
    filePicker({ name: "cards", accept: ".toml,text/plain", id: `cards-${name}` }),
    el("span", { class: "muted" }, t("web.lobby.card_set_hint"))),
  // the shipped file to copy and edit, and how (outside the label: not part of the picker's name)
  el("div", { class: "card-set-links" },
    el("a", { class: "card-set-start", href: address(`/cards/${name}.toml`), download: `${name}.toml` }, t("web.lobby.card_set_start")),
    el("a", { class: "card-set-help", href: address(`/rules/${name}/cards?lang=${lang}`) }, t("web.lobby.card_set_help"))));
  const level = el("select", { name: "level", id: `level-${name}` },
    bots.map((b) => el("option", { value: b, selected: b === "easy" }, t(`web.bot.${b}`))));
  form.append(el("label", {}, t("web.lobby.bot_level"), level));
  form.append(el("div", { class: "buttons" },
    el("button", { type: "button", class: "primary", "data-create": name, "data-bots": "1", disabled: creating,
      onclick: () => create(game, form, true) }, t("web.lobby.play_bots")),
    el("button", { type: "button", "data-create": name, disabled: creating,
      onclick: () => create(game, form, false) }, t("web.lobby.create"))));
  return el("section", { class: `game-card ${name}` },
    el("div", { class: "game-art", "aria-hidden": "true" }, ART[name]?.()),
    el("h2", {}, game.title[lang] || name),
    el("p", { class: "desc" }, t(`web.game.${name}.description`)),
    el("a", { class: "rules-link", href: address(`/rules/${name}?lang=${lang}`) }, t("web.rules.link")),
    form);
}

// A seat as the table names it: the person's name, else the bot's ("easy bot 2"), as the room's
// seats do (room/seats.js).
function seatLabel(seat, n) {
  return seat.name || botName(seat.bot, n);
}

// A seat anyone may sit in: one free before the start, or after a game the seat of someone who left
// it (its bot's till a person takes it, as the room's page offers it).
const freeSeat = (room, seat) => !seat.taken || (room.status === "over" && seat.left);
const joinable = (room) => room.status === "open" || room.seats.some((seat) => freeSeat(room, seat));

// Who sits in the room, so a friend finds "Ann's room": each name its own element, as text (names
// are anyone's), cut with an ellipsis by the style past its width, whole in its title.
function roomPeople(room) {
  const names = room.seats.flatMap((seat, n) => (freeSeat(room, seat) ? [] : [seatLabel(seat, n)]));
  return el("span", { class: "room-people" }, names.flatMap((name, i) => [
    i ? t("web.list_sep") : null,
    el("bdi", { class: "who", title: name }, name)]));
}

// What the room is at: a room not started with every seat taken cannot be joined (it is listed
// for its people to find), one over is between games (its result shown, a rematch not agreed),
// waiting for players as an open room is while a leaver's seat is free.
function roomState(room) {
  if (room.status === "open" && room.seats.every((s) => s.taken)) return ["full", t("web.lobby.room_full")];
  if (room.status === "over" && joinable(room)) return ["open", t("web.status.open")];
  if (room.status === "over") return ["over", t("web.lobby.between_games")];
  return [room.status, t(`web.status.${room.status}`)];
}

function roomLine(room) {
  const title = games.find((g) => g.game === room.game)?.title[lang] || room.game;
  const taken = room.seats.filter((s) => !freeSeat(room, s)).length;
  const variant = room.variant && room.variant !== "basic" ? ` · ${t(`web.variant.${room.variant}`)}` : "";
  // a room with its own card file says so: who joins plays those cards
  const cards = room.cards ? ` · ${t("web.room.cards", { file: room.cards })}` : "";
  const [state, said] = roomState(room);
  return el("li", { class: `room-line ${state}`, "data-room": room.room }, el("a", { href: address(`/r/${room.room}`) },
    el("strong", {}, title), " ",
    t("web.lobby.room_line", { room: room.room, taken, players: room.players }), variant, cards, " ",
    el("span", { class: `room-status ${state}` }, said), roomPeople(room)));
}

// A room someone is at: a person whose page is open on it, or was within ABANDONED seconds (the
// seat's `away`). A game against bots whose one person closed the page long ago is no game to
// watch: such rooms stood in the list as "being played" for days, till the server closed them.
const ABANDONED = 15 * 60;
const attended = (room) => room.seats.some((s) => s.name && !s.left && (s.away ?? 0) < ABANDONED);

// The server lists every room not closed. Under "open rooms" the rooms not started: those one can
// sit down in, and those full (their people look for them; one may leave a seat); and the rooms
// between games with a leaver's seat free. Under their own heading, to watch, the games being
// played and the other rooms between games (still their group's), where someone is at them.
// Until the list comes the section says it is loading (the rest of the lobby does not wait for it).
function roomLists() {
  const box = el("div", { class: "room-lists" });
  if (rooms === null) {
    box.append(el("p", { class: "muted loading-rooms" }, roomsRefused ?? t("web.lobby.loading")));
    return box;
  }
  const open = rooms.filter(joinable);
  const playing = rooms.filter((r) => !joinable(r) && (r.status === "running" || r.status === "over") && attended(r));
  box.append(open.length ? el("ul", { class: "open-rooms" }, open.map(roomLine))
    : el("p", { class: "muted" }, t("web.lobby.no_rooms")));
  if (playing.length) {
    box.append(el("h2", {}, t("web.lobby.playing_rooms")), el("ul", { class: "playing-rooms" }, playing.map(roomLine)));
  }
  return box;
}

function roomList() {
  const box = el("section", { class: "rooms" }, el("h2", {}, t("web.lobby.open_rooms")), roomLists());
  const join = el("input", { id: "join", type: "text", placeholder: t("web.lobby.join_placeholder") });
  box.append(el("form", { class: "join", onsubmit: (e) => {
    e.preventDefault();
    const text = join.value.trim();
    const match = text.match(/.*\/r\/([^/#?\s]+)(#.*)?/); // the last /r/: a root path may hold one
    if (match) location.href = address(`/r/${match[1]}${match[2] || ""}`);
    else if (text) location.href = address(`/r/${encodeURIComponent(text)}`);
  } }, el("label", {}, t("web.lobby.join"), join), el("button", { type: "submit" }, t("web.lobby.join_go"))));
  return box;
}

// The companions, for a table playing with the physical cards: a small line under the games.
const COMPANIONS = ["ruler-of-mana", "extreme-mission"];

function companionLine() {
  const links = games.filter((g) => COMPANIONS.includes(g.game)).map((g) =>
    el("a", { href: address(`/companion/${g.game}`), "data-companion": g.game }, g.title[lang] || g.game));
  if (!links.length) return null;
  return el("p", { class: "companion-line" }, t("web.lobby.companion"), " ",
    links.flatMap((link, i) => (i ? [" / ", link] : [link])));
}

function draw() {
  document.title = `bodoge — ${t("web.lobby.title")}`;
  const app = document.getElementById("app");
  const main = el("main", { class: "lobby" },
    nameField(),
    el("div", { class: "games" }, games.map(gameCard)),
    companionLine(),
    roomList());
  app.replaceChildren(header(draw), main);
  app.removeAttribute("aria-busy");
}

// The words, the games and the rooms are asked for at once: the lobby is drawn when the first two
// are in (the page's own HTML says it is loading till then), the rooms' list when it comes.
const listed = api("GET", "/api/rooms").then(
  (got) => { rooms = got.rooms; },
  (err) => { roomsRefused = err.message; });
const [, got] = await Promise.all([loadMessages(), api("GET", "/api/games")]);
({ games, bots } = got);
draw();
await listed;
document.querySelector(".room-lists")?.replaceWith(roomLists());
