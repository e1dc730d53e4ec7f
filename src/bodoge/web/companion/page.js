// The one page of both companions: /companion/{game}[/{room}] loads that game's module;
// /companion alone lists the two companions.
import { address, el, langSwitch, loadMessages, pagePath, ruleLinks, t } from "../ui.js";

const GAMES = { "ruler-of-mana": "rm", "extreme-mission": "em" }; // each with its rules' prefix
const game = pagePath().split("/").filter(Boolean)[1];

function choose() {
  document.getElementById("app").replaceChildren(
    el(
      "header",
      { class: "bar" },
      el("a", { class: "brand", href: address("/") }, "bodoge"),
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
          el("h2", {}, el("a", { href: address(`/companion/${name}`) }, t(`companion.title.${name}`))),
          el("p", {}, ruleLinks(t(`companion.intro.${name}`), name, prefix)),
        ),
      ),
    ),
  );
}

if (game) {
  document.body.classList.add(game);
  import(`./${encodeURIComponent(game)}.js`);
} else {
  await loadMessages();
  choose();
}
