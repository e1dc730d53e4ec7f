"""The rule ids of the project's rules pages (docs/rules/*.md) are named where the rules live.

Each rule of a page is a paragraph that opens with its id in bold (``**EM-3.4 ...**``). Every id
must appear in the engine's code (the function that carries the rule out names it in its
docstring, so ``grep -rn EM-3.4 src`` finds it) and in some test (named after it, ``em_3_4``, or
naming ``EM-3.4``), the check that ``../shared/tools/rule-coverage`` makes on the shared pages.
The pages are the project's own, so these tests need nothing outside the checkout.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"
RULE = re.compile(r"^\*\*((?:EM|RM)-\d+\.\d+)\b", re.M)
GAMES = ("extreme-mission", "ruler-of-mana")


def page_ids(page: Path) -> list[str]:
    """The ids of the rules a page states, in page order.

    >>> page_ids(RULES / "extreme-mission.md")[:3]
    ['EM-1.1', 'EM-1.2', 'EM-1.3']
    """
    return RULE.findall(page.read_text(encoding="utf-8"))


def rule_ids() -> list[str]:
    """Every rule id of the English pages, in page order."""
    return [rid for game in GAMES for rid in page_ids(RULES / f"{game}.md")]


def mentions(rid: str) -> re.Pattern[str]:
    """The id itself, not a longer one that starts with it (``EM-3.1`` is not ``EM-3.12``)."""
    return re.compile(re.escape(rid) + r"(?!\d)")


def _texts(folder: Path, skip: Path | None = None) -> str:
    return "\n".join(
        p.read_text(encoding="utf-8") for p in sorted(folder.rglob("*.py")) if p != skip
    )


IDS = rule_ids()
SOURCE = _texts(ROOT / "src" / "bodoge")
TESTS = _texts(ROOT / "tests", skip=Path(__file__).resolve())


@pytest.mark.parametrize("game", GAMES)
def test_each_page_states_its_rules_once_in_both_languages(game: str) -> None:
    english = page_ids(RULES / f"{game}.md")
    japanese = page_ids(RULES / f"{game}.ja.md")
    prefix = "EM-" if game == "extreme-mission" else "RM-"
    assert len(english) >= 20 and all(rid.startswith(prefix) for rid in english)
    assert len(set(english)) == len(english), "a rule id stated twice"
    assert japanese == english, "the Japanese page states other rules than the English one"


@pytest.mark.parametrize("rid", IDS)
def test_rule_id_is_named_in_the_engine_code(rid: str) -> None:
    found = mentions(rid).search(SOURCE) is not None
    assert found, f"{rid} appears nowhere in src/bodoge"


@pytest.mark.parametrize("rid", IDS)
def test_rule_id_is_named_by_a_test(rid: str) -> None:
    test_name = rid.lower().replace("-", "_").replace(".", "_")
    named = any(re.search(re.escape(name) + r"(?!\d)", TESTS) for name in (rid, test_name))
    assert named, f"no test names {rid} (as {test_name} or {rid})"


def slug(heading: str) -> str:
    """A heading's anchor as GitHub and markdown-it's anchors plugin spell it.

    >>> slug("EM-3 Actions"), slug("RM-5 Life, the end and the winner")
    ('em-3-actions', 'rm-5-life-the-end-and-the-winner')
    """
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_links_to_the_rules_pages_land_on_a_heading() -> None:
    anchors = {
        page.name: {slug(h) for h in re.findall(r"^#+ (.+)$", page.read_text("utf-8"), re.M)}
        for page in RULES.glob("*.md")
    }
    texts = [*(ROOT / "src").rglob("*.py"), *(ROOT / "src").rglob("*.toml"), ROOT / "README.md"]
    texts += [*(ROOT / "tests").rglob("*.py"), *(ROOT / "docs").rglob("*.md")]
    links = [
        (path.name, page, anchor)
        for path in texts
        for page, anchor in re.findall(
            r"rules/([\w.-]+\.md)#([\w-]+)", path.read_text(encoding="utf-8")
        )
    ]
    assert links, "something links to a heading of a rules page"
    broken = [link for link in links if link[2] not in anchors.get(link[1], set())]
    assert not broken, f"links to no heading: {broken}"
