"""The routes the pages need beyond the rooms (bodoge.server.pages), through the app, without a
browser (the quiet passes: tests/server/test_server_quiet.py)."""

from __future__ import annotations

import html
import json
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest
from starlette.testclient import TestClient

import bodoge
from bodoge.agents.base import Decision
from bodoge.agents.heuristic import game_heuristic
from bodoge.core.i18n import LANGUAGES, catalogue
from bodoge.server.app import create_app
from bodoge.server.bots import BOT_LEVELS
from bodoge.server.pages import hint_steps

WEB = Path(bodoge.__file__).parent / "web"
PREFIX = {"extreme-mission": "em", "ruler-of-mana": "rm"}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'bodoge.db'}", bot_workers="thread")
    with TestClient(app) as c:
        yield c


def random_states(name: str, games: int = 3, players: int = 3) -> Iterator[Any]:
    """Every state of a few random games (capped, so random Extreme Mission ends)."""
    for seed in range(games):
        variant = "expert" if name == "ruler-of-mana" and seed % 2 else "basic"
        game = bodoge.make(name, players=players, variant=variant, turn_cap=40)
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            yield game, state
            state.apply(rng.choice(state.legal_actions()))
        yield game, state


def test_every_web_text_the_pages_use_is_in_both_languages() -> None:
    used = set()
    for source in WEB.rglob("*.js"):
        used |= set(re.findall(r"""t\("(web\.[\w.-]+)"\)?""", source.read_text()))
    used |= {f"web.bot.{b}" for b in BOT_LEVELS} | {f"web.lang.{code}" for code in LANGUAGES}
    used |= {f"web.status.{s}" for s in ("open", "running", "over")}
    for name in bodoge.games():
        used |= {f"web.game.{name}.description", f"web.{PREFIX[name]}.tiebreak"}
        used |= {f"web.variant.{v}" for v in type(bodoge.make(name)).variants}
    missing = sorted(k for k in used if not all(catalogue().get(k, {}).get(x) for x in LANGUAGES))
    assert not missing, f"texts missing in a language: {missing}"


@pytest.mark.parametrize("name", bodoge.games())
def test_every_step_and_card_of_a_game_has_words_at_the_table(
    client: TestClient, name: str
) -> None:
    """A step is named by the card set (``names``) or by web.<game>.step.<verb>; every card id a
    view shows is in the faces."""
    faces = client.get(f"/api/faces/{name}?lang=ja").json()
    for _game, state in random_states(name):
        view = state.view(state.current_player)
        for card in view["hand"]:
            assert card in faces["cards"]
        for step in map(str, state.legal_actions()):
            verb = step.split()[0]
            known = step in faces["names"] or re.fullmatch(r"@\d+", step)
            assert known or f"web.{PREFIX[name]}.step.{verb}" in catalogue(), step


@pytest.mark.parametrize("name", bodoge.games())
def test_log_events_in_words(client: TestClient, name: str) -> None:
    _, state = list(random_states(name, games=1))[-1]
    events = state.view(0)["log"]
    for lang in LANGUAGES:
        answer = client.post("/api/words", json={"game": name, "lang": lang, "events": events})
        lines = answer.json()["events"]
        assert len(lines) == len(events) and all(lines)
        assert not any("=" in line for line in lines), "an event fell back to its raw fields"


def test_words_refuses_bad_bodies_in_one_line(client: TestClient) -> None:
    for body in ("nope", json.dumps({"game": "chess"}), json.dumps({"game": "ruler-of-mana"})):
        answer = client.post("/api/words", content=body)
        assert answer.status_code == 400 and "\n" not in answer.json()["error"]


@pytest.mark.parametrize("name", bodoge.games())
def test_a_hint_is_a_legal_move_built_from_the_view_alone(name: str) -> None:
    """The heuristic's hint for a seat: its first step is legal, and the same whatever the seat
    cannot see (a determinized state gives the same view, hence the same hint). It is one whole
    move as the page builds it: each item one the builder offers next, and the last makes it
    whole (nothing of the decisions after it, which the page hints at once there)."""
    for k, (game, state) in enumerate(random_states(name, games=2)):
        if k % 7 or state.is_over:
            continue
        seat = state.current_player
        steps = hint_steps(game, state.view(seat), seat, seed=k)
        assert steps[0] in [str(a) for a in state.legal_actions()]
        first, items = steps[0], steps[1:]
        for n, item in enumerate(items):
            assert item in state.choices(first, items[:n]).addable, (steps, n)
        assert state.choices(first, items).complete, steps
        other = state.determinize(seat, seed=k)
        assert hint_steps(game, other.view(seat), seat, seed=k) == steps


def test_the_hint_at_the_hand_limit_names_every_card_to_drop() -> None:
    """Extreme Mission's drop down to 10 cards (EM-4.1) is one chore of a step a card, with
    nothing pending in the view: the hint names every card of it, as the page builds it (the
    first as its step, the others as items, which the builder offers in turn and which make the
    drop whole), the bot's own drop, and the same whatever the seat cannot see."""
    game = bodoge.make("extreme-mission", players=2)
    hand = [c for c in game.card_ids if c.startswith("I-")][:13]
    state = game.new_state(seed=1, setup={"hands": {0: hand}})
    state.apply("pass")  # the action phase over with 13 cards: 3 to drop
    assert state.view(0)["phase"] == "drop" and not state.view(0)["pending"]
    steps = hint_steps(game, state.view(0), 0, seed=4)
    assert len(steps) == 3, steps
    first, items = steps[0], steps[1:]
    for k, item in enumerate(items):
        assert item in state.choices(first, items[:k]).addable, (first, items[:k], item)
    assert state.choices(first, items).complete
    bot, agent, dropped = state.clone(), game_heuristic(game, 0, random.Random(4)), []
    while bot.current_player == 0:
        dropped.append(str(agent.act(Decision.of(bot))))
        bot.apply(dropped[-1])
    assert dropped == [first, *(f"drop {item}" for item in items)]
    assert len(bot.view(0)["hand"]) == 10
    other = state.determinize(0, seed=9)
    assert hint_steps(game, other.view(0), 0, seed=4) == steps


def test_the_pages_html_says_what_it_is_in_every_language(client: TestClient) -> None:
    """The lobby's and a room's own HTML carry their first paint's lines from the catalogue in
    every language (the page shows the reader's), before any script comes."""
    for path, key in (("/", "web.lobby.loading"), ("/r/abc", "web.room.connecting")):
        for page in (client.get(path, headers={"Accept-Language": "ja"}), client.get(path)):
            assert page.status_code == 200 and "{{" not in page.text
            for lang in LANGUAGES:
                assert f'lang="{lang}">{html.escape(catalogue()[key][lang])}<' in page.text
    assert catalogue()["web.room.connecting"]["ja"] in client.get("/r/a/b").text


def test_rules_pages_in_both_languages(client: TestClient) -> None:
    for name in bodoge.games():
        for lang in LANGUAGES:
            page = client.get(f"/rules/{name}?lang={lang}")
            assert page.status_code == 200 and f'lang="{lang}"' in page.text
            source = Path("docs/rules") / (f"{name}.ja.md" if lang == "ja" else f"{name}.md")
            if source.is_file():  # the first heading of the rules text is on the page
                heading = next(x for x in source.read_text().splitlines() if x.startswith("#"))
                assert heading.lstrip("# ").strip() in page.text
    assert client.get("/rules/chess").status_code == 404


def test_a_rules_pages_language_switch_is_its_headers(client: TestClient) -> None:
    """The header's switch marks the language read; the rules text's own link to its other
    language (for readers of the file) is not on the page twice, and a card-file page keeps its
    link to how to play."""
    for name in bodoge.games():
        for lang, other in (("en", "ja"), ("ja", "en")):
            for path in (f"/rules/{name}", f"/rules/{name}/cards"):
                page = client.get(f"{path}?lang={lang}").text
                header, main = page.split("<main", 1)
                assert f'class="lang on" aria-current="page" href="{path}?lang={lang}"' in header
                assert f'class="lang" href="{path}?lang={other}"' in header
                assert f'href="{path}?lang={other}"' not in main, (path, lang)
            cards = client.get(f"/rules/{name}/cards?lang={lang}").text.split("<main", 1)[1]
            assert f'href="/rules/{name}?lang={lang}"' in cards


def test_messages_for_the_pages(client: TestClient) -> None:
    ja = client.get("/api/messages?lang=ja").json()["messages"]
    also = ("lang", "cards.error.line", "cards.error.not_utf8")  # a card file not UTF-8
    assert ja["web.hint"] == "ヒント" and all(
        k.startswith(("web.", "companion.")) or k in also for k in ja
    )
    assert client.get("/api/messages?lang=xx").status_code == 400


def test_messages_carry_the_singular_of_what_counts(client: TestClient) -> None:
    en = client.get("/api/messages?lang=en").json()
    assert en["messages"]["companion.offline"] == "offline: {n} changes waiting"
    assert en["one"]["companion.offline"] == {"count": "n", "text": "offline: {n} change waiting"}
    assert all(k in en["messages"] for k in en["one"])
    assert client.get("/api/messages?lang=ja").json()["one"] == {}  # Japanese has no plural


def test_every_rule_id_a_text_shows_is_an_anchor_of_its_rules_page(client: TestClient) -> None:
    """A rule id in any text (EM-5.2, RM-5.5) names a rule its game's rules page, in the text's
    language, has an anchor for: the table links it there (ui.js ruleLinks)."""
    games = {prefix.upper(): name for name, prefix in PREFIX.items()}
    anchors = {
        (name, lang): set(
            re.findall(r' id="([^"]*)"', client.get(f"/rules/{name}?lang={lang}").text)
        )
        for name in games.values()
        for lang in LANGUAGES
    }
    seen = set()
    for key, entry in catalogue().items():
        for lang in LANGUAGES:
            for found in re.finditer(r"\b(EM|RM)-\d+(?:\.\d+)*\b", entry[lang]):
                seen.add(found[0])
                assert found[0] in anchors[games[found[1]], lang], f"{key} ({lang}): {found[0]}"
    assert {"EM-5.2", "EM-5.4", "RM-5.5", "RM-1.1"} <= seen


def _person_and_bot(client: TestClient) -> tuple[str, str]:
    made = client.post(
        "/api/rooms", json={"game": "ruler-of-mana", "players": 2, "name": "Ann"}
    ).json()
    auth = {"Authorization": f"Bearer {made['token']}"}
    client.post(f"/api/rooms/{made['room']}/seats/1/bot", json={"level": "random"}, headers=auth)
    client.post(f"/api/rooms/{made['room']}/start", json={"start_player": 0}, headers=auth)
    return made["room"], made["token"]


def _frames(ws: Any) -> Iterator[dict[str, Any]]:
    while True:
        yield json.loads(ws.receive_text())


def test_a_hint_for_the_seat_that_decides_by_its_token(client: TestClient) -> None:
    room, token = _person_and_bot(client)
    with client.websocket_connect(f"/ws/rooms/{room}?token={token}") as ws:
        frame = next(f for f in _frames(ws) if f["type"] == "state")
    hint = client.post(f"/api/rooms/{room}/hint", headers={"Authorization": f"Bearer {token}"})
    assert hint.json()["steps"][0] in frame["legal"]
    assert client.post(f"/api/rooms/{room}/hint").status_code == 401
    assert client.post("/api/rooms/nope/hint").status_code == 404


def test_replays_step_by_step_from_any_seat(client: TestClient) -> None:
    room, token = _person_and_bot(client)
    assert client.get(f"/api/rooms/{room}/replay/0").status_code == 409
    with client.websocket_connect(f"/ws/rooms/{room}?token={token}") as ws:
        for frame in _frames(ws):
            if frame["type"] == "state" and frame["view"]["is_over"]:
                break
            if frame["type"] == "state" and frame["legal"]:
                act = {"type": "act", "action": frame["legal"][0], "seq": frame["seq"]}
                time.sleep(0.06)  # under the server's 20 frames a second
                ws.send_text(json.dumps(act))
    record = client.get(f"/api/rooms/{room}/replay").json()
    n = len(record["history"])
    game = bodoge.make("ruler-of-mana", players=2)
    for step, seat in ((0, 0), (n // 2, 1), (n, None)):
        got = client.get(f"/api/rooms/{room}/replay/{step}?seat={'' if seat is None else seat}")
        expected = game.replay(record["seed"], record["history"][:step], record["setup"])
        assert got.json()["view"] == json.loads(json.dumps(expected.view(seat)))
    assert client.get(f"/api/rooms/{room}/replay/{n + 1}").status_code == 400


def test_the_rules_pages_links_lead_to_pages_that_exist(client: TestClient) -> None:
    """Every link of a rules or rulings page (the other language, the rulings, the rules from the
    rulings) answers, and its ``#anchor`` is a heading of the page it leads to."""
    seen: set[str] = set()
    todo = [f"/rules/{name}?lang={lang}" for name in bodoge.games() for lang in LANGUAGES]
    while todo:
        address = todo.pop()
        page = client.get(address.partition("#")[0])
        assert page.status_code == 200, address
        anchor = address.partition("#")[2]
        if anchor:
            ids = [unquote(i) for i in re.findall(r' id="([^"]*)"', page.text)]
            assert unquote(anchor) in ids, address
        for href in re.findall(r'<a [^>]*href="([^"]*)"', page.text):
            href = html.unescape(href)
            if href.startswith("#"):
                href = address.partition("#")[0] + href
            if href.startswith("/") and href not in seen:
                seen.add(href)
                todo.append(href)
    assert any(a.startswith("/rulings/") for a in seen)
    assert "/rules/extreme-mission?lang=en" in seen and "/rules/extreme-mission?lang=ja" in seen


def test_a_rulings_page_leads_back_to_the_rules_in_either_language(client: TestClient) -> None:
    """The rulings are in English alone; a Japanese reader come from the Japanese rules page goes
    back to it (the one English link took them, and from there the lobby, to English), and the
    brand leads to the lobby in the reader's own language, not English."""
    for name in bodoge.games():
        page = client.get(f"/rulings/{name}").text
        header = page.split("</header>")[0]
        for lang in LANGUAGES:
            rules = html.escape(catalogue()["web.rules.link"][lang])
            assert (
                f'href="/rules/{name}?lang={lang}" hreflang="{lang}" lang="{lang}">{rules}<'
                in header
            )
        assert '<a class="brand" href="/">' in header


def test_an_unknown_games_rules_page_is_a_translated_404(client: TestClient) -> None:
    for lang in LANGUAGES:
        page = client.get(f"/rules/nosuchgame?lang={lang}")
        assert page.status_code == 404 and f'lang="{lang}"' in page.text
        assert html.escape(catalogue()["web.rules.no_game"][lang]) in page.text
        assert f'href="/?lang={lang}"' in page.text
