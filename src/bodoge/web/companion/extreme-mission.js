// Extreme Mission's table: the twelve missions dealt, each player's cubes and collaborators,
// the last round's countdown, and the ranking (the server's, by EM-5).
import { draw, failure, handsForm, nameOf, roomId, send, start } from "./companion.js";
import { api, cardFileText, el, filePicker, lang, ruleLinks, t, toast } from "../ui.js";

const mineKey = `bodoge.companion.em.seat.${roomId}`; // per room: a phone is one seat at one table
const rules = (words) => ruleLinks(words, "extreme-mission", "em"); // EM-5.2 as a link to the rule

// A table that dealt its own missions enters them: every mission of its card set (fetched once,
// when the picker first opens), and the ids chosen so far while the picker is open (null: shut).
let cardMissions = null;
let picking = null;

// The seat this phone marks for, or null until the phone's owner has said which one is theirs
// (never a silent seat 0: a cube on the wrong seat is easy to miss).
function marking(table) {
  const kept = localStorage.getItem(mineKey);
  const seat = kept === null ? NaN : Number(kept);
  return Number.isInteger(seat) && seat >= 0 && seat < table.players ? seat : null;
}

// A waiting change laid over the server's table (the server has the last word on the rules).
function apply(table, change) {
  const s = change.seat;
  if (change.do === "complete") table.completed[s].push(change.mission);
  else if (change.do === "collaborator") {
    const down = new Set(table.down[s]);
    if (change.up) down.delete(change.kind);
    else down.add(change.kind);
    table.down[s] = [...down].sort();
  } else if (change.do === "next") table.player = (table.player + 1) % table.players;
  else if (change.do === "name") table.names[s] = change.name;
  else if (change.do === "lay" && cardMissions) {
    // Level 1 row first, each row as chosen (as the server lays them).
    const face = (id) => cardMissions.find((m) => m.id === id);
    table.missions = change.missions.map(face).sort((a, b) => a.level - b.level);
    table.own_deal = true;
  } else return null;
  return table;
}

function big(text, onclick, cls = "") {
  return el("button", { type: "button", class: `big ${cls}`, text, onclick });
}

function levelOf(table, id) {
  return table.missions.find((m) => m.id === id).level;
}

// The laid missions can be entered (or entered again) until the first cube is on one (EM-1.1).
function canLay(table) {
  return !table.over && table.completed.every((done) => done.length === 0);
}

async function openPicker(table) {
  try {
    if (!cardMissions) {
      cardMissions = (await api("GET", `/api/companion/${encodeURIComponent(roomId)}/missions?lang=${lang}`)).missions;
    }
  } catch (err) {
    toast(failure(err, "companion.em.pick_unreached"));
    return;
  }
  // Opened again to correct the table's own deal: what was entered is chosen already.
  picking = new Set(table.own_deal ? table.missions.map((m) => m.id) : []);
  draw();
  window.scrollTo(0, 0); // the picker is the page now
}

// Every mission of the card set by level, as the cards show them: the table taps the ones lying
// on it, as many of each level as it lays (EM-1.1), then enters them. A tap changes only the
// picker (no redraw: the focus stays where it was).
function picker(table) {
  const per = table.missions.filter((m) => m.level === table.missions[0].level).length;
  const levels = [...new Set(cardMissions.map((m) => m.level))].sort((a, b) => a - b);
  const chosen = (level) => cardMissions.filter((m) => m.level === level && picking.has(m.id)).length;
  const heads = new Map(levels.map((level) => [level, el("h3")]));
  const buttons = cardMissions.map((m) =>
    el(
      "button",
      {
        type: "button",
        class: `mission pick level-${m.level}`,
        dataset: { mission: m.id, level: String(m.level) },
        onclick: () => {
          if (picking.has(m.id)) picking.delete(m.id);
          else picking.add(m.id);
          refresh();
        },
      },
      el("strong", { text: m.name[lang] || m.id }),
      el("span", { class: "condition", text: m.condition[lang] }),
    ),
  );
  const total = per * levels.length;
  const confirm = el("button", {
    type: "button",
    class: "primary big",
    text: t("companion.em.pick_confirm", { total }),
    onclick: () => {
      const missions = cardMissions.filter((m) => picking.has(m.id)).map((m) => m.id);
      picking = null;
      send({ do: "lay", missions });
      window.scrollTo(0, 0); // back to the table, the missions just entered near its top
    },
  });
  function refresh() {
    for (const level of levels) {
      heads.get(level).textContent = t("companion.em.pick_level", { level, count: chosen(level), per });
    }
    for (const button of buttons) {
      const on = picking.has(button.dataset.mission);
      button.classList.toggle("chosen", on);
      button.setAttribute("aria-pressed", on ? "true" : "false");
      // A full level takes no more: tap a chosen one to free its place.
      button.disabled = !on && chosen(Number(button.dataset.level)) >= per;
    }
    confirm.disabled = !levels.every((level) => chosen(level) === per);
  }
  refresh();
  return el(
    "section",
    { class: "panel missions picker" },
    el("h2", { text: t("companion.em.own_deal") }),
    el("p", { class: "muted", text: t("companion.em.pick_intro", { per }) }),
    levels.map((level) =>
      el(
        "div",
        { class: "level-row", dataset: { level: String(level) } },
        heads.get(level),
        el("div", { class: "level-missions" }, buttons.filter((b) => b.dataset.level === String(level))),
      ),
    ),
    el(
      "div",
      { class: "tools pick-bar" },
      confirm,
      el("button", {
        type: "button",
        class: "big cancel",
        text: t("companion.em.pick_cancel"),
        onclick: () => {
          picking = null;
          draw();
        },
      }),
    ),
  );
}

function missions(table, me) {
  const rows = [1, 2, 3, 4].map((level) =>
    el(
      "div",
      { class: "level-row" },
      el("h3", { text: t("companion.em.level", { level }) }),
      el(
        "div",
        { class: "level-missions" },
        table.missions
          .filter((m) => m.level === level)
          .map((m) => {
            const cubes = table.completed.flatMap((done, s) => (done.includes(m.id) ? [s] : []));
            const mine = me === null || table.completed[me].some((id) => levelOf(table, id) === level);
            return el(
              "button",
              {
                type: "button",
                class: `mission level-${level}${cubes.includes(me) ? " done" : ""}`,
                disabled: table.over || mine,
                dataset: { mission: m.id },
                onclick: () => send({ do: "complete", seat: me, mission: m.id }),
              },
              el("strong", { text: m.name[lang] || m.id }),
              el("span", { class: "condition", text: m.condition[lang] }),
              el(
                "span",
                { class: "cubes" },
                cubes.map((s) => el("span", { class: `em-cube seat${s}`, title: nameOf(table, s), text: nameOf(table, s) })),
              ),
            );
          }),
      ),
    ),
  );
  return el(
    "section",
    { class: "panel missions" },
    // The phones deal: the table lays out these very cards (the app cannot see the real ones),
    // unless it dealt its own and entered them.
    table.over
      ? null
      : el("p", {
          class: "lay-out strong",
          text: t(table.own_deal ? "companion.em.own_dealt" : "companion.em.lay_out"),
        }),
    canLay(table)
      ? el(
          "div",
          { class: "tools own-deal" },
          big(t(table.own_deal ? "companion.em.own_change" : "companion.em.own_deal"), () => openPicker(table)),
        )
      : null,
    rows,
  );
}

function players(table, me) {
  return el(
    "div",
    { class: "seats" },
    table.names.map((_, s) => {
      const down = new Set(table.down[s]);
      return el(
        "section",
        { class: `panel seat-box${table.player === s && !table.over ? " turn" : ""}`, dataset: { seat: String(s) } },
        el(
          "header",
          {},
          el("span", { class: `dot seat${s}` }),
          el("strong", { class: "name", text: nameOf(table, s) }),
          table.player === s && !table.over ? el("span", { class: "badge turn", text: "▶" }) : null,
          table.finished[s] ? el("span", { class: "badge done" }, rules(t("companion.em.finished"))) : null,
        ),
        el("p", {
          class: "muted",
          text: t("companion.em.summary", {
            missions: table.completed[s].length,
            faceup: table.kinds.length - down.size,
          }),
        }),
        el(
          "div",
          { class: "collaborators", "aria-label": t("companion.em.collaborators") },
          table.kinds.map((k) =>
            el(
              "button",
              {
                type: "button",
                class: `collaborator ${down.has(k.code) ? "down" : "up"}`,
                disabled: table.over || s !== me,
                dataset: { kind: k.code },
                "aria-pressed": down.has(k.code) ? "false" : "true",
                onclick: () => send({ do: "collaborator", seat: s, kind: k.code, up: down.has(k.code) }),
              },
              el("span", { class: "kind", text: k.name[lang] || k.code }),
              el("span", { class: "side", text: t(down.has(k.code) ? "companion.em.down" : "companion.em.up") }),
            ),
          ),
        ),
      );
    }),
  );
}

function result(table) {
  const r = table.reckoning;
  if (!r) return null;
  const names = r.winners.map((s) => nameOf(table, s)).join(", ");
  return el(
    "section",
    { class: "panel result", dataset: { winners: r.winners.join(",") } },
    el("h2", { text: t("companion.result") }),
    el("p", { class: "winner" }, rules(t(`companion.em.won.${r.won_by || "none"}`, { names }))),
    el(
      "ol",
      { class: "ranking" },
      r.order.map((s, i) =>
        el(
          "li",
          {},
          el("span", { class: "place", text: t("companion.rank", { rank: r.ranks[s] }) }),
          el("span", { class: "who", text: nameOf(table, s) }),
          i < r.decided.length
            ? el(
                "span",
                { class: "decided", dataset: { key: r.decided[i] || "tie" } },
                rules(t(`companion.em.decided.${r.decided[i] || "tie"}`)),
              )
            : null,
        ),
      ),
    ),
  );
}

function render(table) {
  if (picking && !canLay(table)) picking = null; // a cube went on a mission meanwhile: too late
  document.body.classList.toggle("em-picking", picking !== null);
  if (picking) return el("div", { class: "em-companion" }, picker(table));
  const me = marking(table);
  // Until this phone's seat is known, the question stands out above the missions.
  const chooser = el(
    "div",
    { class: me === null ? "marking panel alert ask" : "marking" },
    el("span", { class: me === null ? "strong" : "", text: t(me === null ? "companion.em.which_seat" : "companion.em.marking") }),
    table.names.map((_, s) =>
      el("button", {
        type: "button",
        class: `big${s === me ? " on" : ""}`,
        "aria-pressed": s === me ? "true" : "false",
        text: nameOf(table, s),
        onclick: () => {
          localStorage.setItem(mineKey, String(s));
          draw();
        },
      }),
    ),
  );
  const lastRound =
    table.last_round && !table.over
      ? el(
          "p",
          { class: "panel alert strong" },
          rules(t("companion.em.last_round", { n: table.turns_left, name: nameOf(table, table.last_seat) })),
        )
      : null;
  return el(
    "div",
    { class: "em-companion" },
    table.over
      ? el("p", { class: "panel alert strong", text: t("companion.em.over") })
      : el(
          "div",
          { class: "turn-line" },
          el("span", { class: "strong", text: t("companion.turn", { name: nameOf(table, table.player) }) }),
          big(t("companion.next"), () => send({ do: "next" }), "primary"),
        ),
    lastRound,
    table.over ? handsForm(table) : null,
    result(table),
    chooser,
    table.over || me === null
      ? null
      : el("p", { class: "muted", text: t("companion.em.complete_hint", { name: nameOf(table, me) }) }),
    missions(table, me),
    players(table, me),
  );
}

function setupFields(n) {
  const startPlayer = el(
    "select",
    { name: "start_player", dataset: { seats: "" } },
    Array.from({ length: n }, (_, i) => el("option", { value: String(i), text: String(i + 1) })),
  );
  return el(
    "div",
    {},
    el("p", { class: "strong", text: t("companion.start_spy") }),
    el("label", {}, el("span", { text: t("companion.start_player") }), startPlayer),
    el(
      "label",
      {},
      el("span", { text: t("companion.cards_file") }),
      filePicker({ name: "cards", accept: ".toml,text/plain" }),
    ),
  );
}

async function setupBody(form) {
  const body = { start_player: Number(form.querySelector("[name=start_player]").value) };
  const file = form.querySelector("[name=cards]").files[0];
  if (file) {
    body.cards = await cardFileText(file);
    body.cards_name = file.name;
  }
  return body;
}

start({ apply, render, setupFields, setupBody, rules, minPlayers: 2, maxPlayers: 5 });
