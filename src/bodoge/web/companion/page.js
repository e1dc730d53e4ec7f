// The one page of both companions: /companion/{game}[/{room}] loads that game's module;
// /companion alone lists the two companions.
import { el, langSwitch, loadMessages, ruleLinks, t } from "/static/ui.js";

const GAMES = { "ruler-of-mana": "rm", "extreme-mission": "em" }; // each with its rules' prefix
const game = location.pathname.split("/").filter(Boolean)[1];

function choose() {
  document.getElementById("app").replaceChildren(
    el(
      "header",
      { class: "bar" },
      el("a", { class: "brand", href: "/" }, "bodoge"),
      el("span", { class: "title", text: t("companion.choose.title") }),
      langSwitch(choose),
    ),
    el(
      "main",
      { class: "companion-main" },
      el("p", { class: "intro", text: t("companion.choose.intro") }),
      Object.entries(GAMES).map(([name, prefix]) =>
        el(
          "section",
          { class: "panel companion-choice", dataset: { game: name } },
          el("h2", {}, el("a", { href: `/companion/${name}` }, t(`companion.title.${name}`))),
          el("p", {}, ruleLinks(t(`companion.intro.${name}`), name, prefix)),
        ),
      ),
    ),
  );
}

if (game) {
  document.body.classList.add(game);
  import(`/static/companion/${encodeURIComponent(game)}.js`);
} else {
  await loadMessages();
  choose();
}
