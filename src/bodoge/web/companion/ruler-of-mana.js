// Ruler of Mana's life counter: each sorcerer's life and shield, whose turn, the end and the
// reckoning (the server's, by RM-5).
import { draw, handsForm, nameOf, send, start } from "./companion.js";
import { el, ruleLinks, t } from "../ui.js";

const rules = (words) => ruleLinks(words, "ruler-of-mana", "rm"); // RM-5.5 as a link to the rule
const CAP = 15; // RM-5.1, for the count shown while a change is on its way (the server's rules)
let amount = 2; // the "n" of the ±n buttons

// A waiting change laid over the server's table (RM-5.1, RM-5.2; the server has the last word).
function apply(table, change) {
  const s = change.seat;
  const life = table.life;
  if (change.do === "damage") {
    const absorbed = Math.min(change.amount, table.shield[s]);
    table.shield[s] -= absorbed;
    life[s] = Math.max(0, life[s] - (change.amount - absorbed));
  } else if (change.do === "heal") {
    const grown = life[s] + change.amount;
    life[s] = table.variant === "expert" ? Math.min(grown, Math.max(CAP, life[s])) : grown;
  } else if (change.do === "shield") {
    table.shield[s] += change.amount;
  } else if (change.do === "penalty") {
    life[s] = Math.max(0, life[s] - 2);
  } else if (change.do === "next") {
    table.player = (table.player + 1) % table.players;
    table.shield[table.player] = 0;
  } else if (change.do === "name") {
    table.names[s] = change.name;
  } else {
    return null; // the end and the hand sizes wait for the server
  }
  table.knocked_out = life.flatMap((v, i) => (v === 0 ? [i] : []));
  return table;
}

function big(text, onclick, cls = "") {
  return el("button", { type: "button", class: `big ${cls}`, text, onclick });
}

function seatBox(table, seat) {
  const ended = table.ending !== null;
  const life = table.life[seat];
  const buttons = ended
    ? null
    : el(
        "div",
        { class: "pad" },
        big("−1", () => send({ do: "damage", seat, amount: 1 }), "minus"),
        big(`−${amount}`, () => send({ do: "damage", seat, amount }), "minus"),
        big("+1", () => send({ do: "heal", seat, amount: 1 }), "plus"),
        big(`+${amount}`, () => send({ do: "heal", seat, amount }), "plus"),
        big(t("companion.rm.shield_up"), () => send({ do: "shield", seat, amount: 1 }), "shield-up"),
        table.variant === "expert"
          ? big(t("companion.rm.penalty"), () => send({ do: "penalty", seat }), "penalty wide")
          : null,
      );
  return el(
    "section",
    {
      class: `panel seat-box${table.player === seat && !ended ? " turn" : ""}${life === 0 ? " out" : ""}`,
      dataset: { seat: String(seat) },
    },
    el(
      "header",
      {},
      el("button", {
        type: "button",
        class: "name",
        text: nameOf(table, seat),
        title: t("companion.rename"),
        onclick: () => {
          const name = prompt(t("companion.rename"), nameOf(table, seat));
          if (name && name.trim()) send({ do: "name", seat, name: name.trim() });
        },
      }),
      table.player === seat && !ended ? el("span", { class: "badge turn", text: "▶" }) : null,
      table.shield[seat]
        ? el("span", { class: "badge shield", text: t("companion.rm.shield", { n: table.shield[seat] }) })
        : null,
    ),
    el("div", { class: "life-count", "aria-label": t("companion.rm.life"), text: String(life) }),
    buttons,
  );
}

function endPanel(table) {
  if (table.ending !== null) return null;
  const out = table.knocked_out;
  if (out.length) {
    const names = out.map((s) => nameOf(table, s)).join(", ");
    return el(
      "section",
      { class: "panel alert" },
      el("p", { class: "strong" }, rules(t("companion.rm.knocked_out", { names }))),
      el("p", { class: "muted", text: t("companion.rm.still_healing") }),
      el(
        "div",
        { class: "choices" },
        table.names.map((_, s) =>
          big(nameOf(table, s), () => send({ do: "end", ending: "ko", blow_by: s }), "blow"),
        ),
        big(t("companion.rm.blow_none"), () => send({ do: "end", ending: "ko", blow_by: null })),
      ),
    );
  }
  return el(
    "div",
    { class: "tools" },
    big(t("companion.rm.deck_out"), () => {
      if (confirm(t("companion.rm.deck_confirm"))) send({ do: "end", ending: "deck" });
    }),
  );
}

function result(table) {
  const r = table.reckoning;
  if (!r) return null;
  const order = r.ranks.map((rank, s) => [rank, s]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const title =
    r.winner === null ? t("companion.rm.why.no_game") : t("companion.rm.winner", { name: nameOf(table, r.winner) });
  return el(
    "section",
    { class: "panel result", dataset: { winner: r.winner === null ? "none" : String(r.winner) } },
    el("h2", { text: t("companion.result") }),
    el("p", { class: "muted", text: t(`companion.rm.ending.${r.ending}`) }),
    el("p", { class: "winner" }, rules(title)),
    r.winner === null ? null : el("p", { class: "why" }, rules(t(`companion.rm.why.${r.why}`))),
    el(
      "ol",
      { class: "ranking" },
      order.map(([rank, s]) =>
        el(
          "li",
          {},
          el("span", { class: "place", text: t("companion.rank", { rank }) }),
          el("span", { class: "who", text: nameOf(table, s) }),
          el("span", { class: "score", text: `${t("companion.score")} ${r.scores[s]}` }),
          r.bonus[s] ? el("span", { class: "badge", text: t("companion.rm.bonus") }) : null,
        ),
      ),
    ),
  );
}

function render(table) {
  const ended = table.ending !== null;
  const stepper = el(
    "div",
    { class: "stepper" },
    el("span", { class: "stepper-label", text: t("companion.amount", { n: amount }) }),
    big("−", () => {
      amount = Math.max(2, amount - 1);
      draw();
    }),
    el("strong", { class: "n", text: String(amount) }),
    big("+", () => {
      amount = Math.min(20, amount + 1);
      draw();
    }),
  );
  // Which rules this table plays (the expert ones cap life and cost the hand penalty).
  const variant = el(
    "p",
    { class: "variant-line", dataset: { variant: table.variant } },
    t("companion.rm.rules_line", { variant: t(`companion.variant.${table.variant}`) }),
  );
  return el(
    "div",
    { class: "rm-companion" },
    variant,
    ended
      ? null
      : el(
          "div",
          { class: "turn-line" },
          el("span", { class: "strong", text: t("companion.turn", { name: nameOf(table, table.player) }) }),
          big(t("companion.next"), () => send({ do: "next" }), "primary"),
        ),
    ended ? null : stepper,
    el("div", { class: "seats" }, table.names.map((_, s) => seatBox(table, s))),
    endPanel(table),
    ended ? handsForm(table) : null,
    result(table),
  );
}

function setupFields() {
  const variant = el(
    "select",
    { name: "variant" },
    ["basic", "expert"].map((v) => el("option", { value: v, text: t(`companion.variant.${v}`) })),
  );
  return el(
    "div",
    {},
    el("label", {}, el("span", { text: t("companion.variant") }), variant),
    el("p", { class: "muted" }, rules(t("companion.start_random"))),
  );
}

async function setupBody(form) {
  return { variant: form.querySelector("[name=variant]").value };
}

start({ apply, render, setupFields, setupBody, rules, minPlayers: 2, maxPlayers: 6 });
