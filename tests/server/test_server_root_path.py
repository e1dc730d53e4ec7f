"""``bodoge serve --root-path /bodoge``: everything the server answers under the prefix names
addresses under it (pages, their scripts, JSON, redirects), the API and the websockets answer
there, and nothing answers outside it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import bodoge
from bodoge.core.i18n import LANGUAGES, text
from bodoge.server.app import create_app
from bodoge.server.paths import web_dir

ROOT = "/bodoge"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """The app under :data:`ROOT`, as ``bodoge serve --root-path /bodoge`` runs it."""
    app = create_app(
        f"sqlite:///{tmp_path / 'bodoge.db'}",
        cards_dir=tmp_path / "cards",
        bot_workers="thread",
        root_path=ROOT,
    )
    with TestClient(app) as c:
        yield c


class Addresses(HTMLParser):
    """Every address a page's HTML names: its ``src``, ``href`` and ``action`` attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found += [v for k, v in attrs if k in ("src", "href", "action") and v is not None]


def addresses(page: str) -> list[str]:
    parser = Addresses()
    parser.feed(page)
    return parser.found


def outside(found: list[str]) -> list[str]:
    """The addresses of ``found`` that a browser would ask the server for outside the prefix: a
    place on the same page (``#…``), an inline icon (``data:``) and another site are none."""
    mine = (f"{ROOT}/", "#", "data:", "https://", "http://")
    return [a for a in found if not a.startswith(mine) or "127.0.0.1" in a or "testserver" in a]


def pages(c: TestClient) -> list[str]:
    """Every kind of page the server serves, under the prefix: the lobby, a room's (one that is,
    one that is not, an address no room has), the companions' (a table that is and one that is
    not), the rules, card-file and rulings pages in each language and a game there is none of."""
    room = c.post(f"{ROOT}/api/rooms", json={"game": "ruler-of-mana", "players": 2}).json()
    table = c.post(f"{ROOT}/api/companion", json={"game": "ruler-of-mana", "players": 2}).json()
    found = [f"{ROOT}/", f"{ROOT}/r/{room['room']}", f"{ROOT}/r/nosuch", f"{ROOT}/r/a/b"]
    found += [f"{ROOT}/companion", table["url"], f"{ROOT}/companion/ruler-of-mana/nosuch"]
    for name in bodoge.games():
        found += [f"{ROOT}/companion/{name}", f"{ROOT}/rulings/{name}"]
        found += [f"{ROOT}/rules/{name}{cards}?lang={lang}" for cards in ("", "/cards")
                  for lang in LANGUAGES]  # fmt: skip
    return [*found, f"{ROOT}/rules/chess", f"{ROOT}/cards/chess.toml"]


def test_every_page_under_the_prefix_names_no_address_outside_it(client: TestClient) -> None:
    """Each page's HTML names addresses under the prefix alone, each of which answers (its
    scripts, styles, the rules pages it links to), and it tells its scripts the prefix."""
    seen: set[str] = set()
    todo = pages(client)
    while todo:
        address = todo.pop()
        answer = client.get(address)
        assert answer.status_code in (200, 404), address  # a page saying there is none: 404
        if address.partition("?")[0].endswith((".js", ".css")):
            continue
        assert "text/html" in answer.headers["content-type"], address
        found = addresses(answer.text)
        assert found and not outside(found), (address, outside(found))
        if "<script" in answer.text:  # a page of the front end: its scripts read the prefix
            assert f'<html lang="en" data-root="{ROOT}">' in answer.text, address
        for href in found:
            href = href.partition("#")[0]
            if href.startswith(f"{ROOT}/") and href not in seen:
                seen.add(href)
                todo.append(href)
    assert f"{ROOT}/static/room.js" in seen and f"{ROOT}/rulings/ruler-of-mana" in seen


# A string of a script that starts as an address of the server does ("/api/…", `/r/${room}`), or
# goes on so after the page's own origin (`${location.origin}/r/${room}`).
_PATH_STRING = re.compile(r"""(?:["'`]|\$\{location\.\w+\})/[A-Za-z]""")
# What such a string may be the first argument of: the prefix is put before it there (ui.js).
_PUT_UNDER = re.compile(r"""(?:\baddress\(|\bsocketAddress\(|\bapi\("[A-Z]+", )$""")


def test_the_scripts_name_every_address_under_the_pages_prefix(client: TestClient) -> None:
    """Every script the pages run (served under the prefix) names the server's addresses through
    ui.js's ``address`` (directly, or by ``api`` and ``socketAddress``), fetches and opens
    websockets only so, and imports the others by relative addresses, so a page under
    ``/bodoge/`` asks for nothing outside it."""
    scripts = sorted(p.relative_to(web_dir()).as_posix() for p in web_dir().rglob("*.js"))
    assert "ui.js" in scripts and "companion/companion.js" in scripts
    for name in scripts:
        answer = client.get(f"{ROOT}/static/{name}")
        assert answer.status_code == 200, name
        code = "\n".join(
            line for line in answer.text.splitlines() if not line.lstrip().startswith("//")
        )
        for found in _PATH_STRING.finditer(code):
            before = code[max(0, found.start() - 40) : found.start()]
            line = code[found.start() : code.find("\n", found.start())]
            assert _PUT_UNDER.search(before), f"{name}: {line}"
        for call in re.findall(r"\bfetch\((.{0,20})", code):
            assert call.startswith("address("), f"{name}: fetch({call}"
        for call in re.findall(r"new WebSocket\((.{0,20})", code):
            assert call.startswith("socketAddress("), f"{name}: new WebSocket({call}"
        for imported in re.findall(r"""(?:\bfrom |\bimport\()["'`]([^"'`]*)""", code):
            assert imported.startswith(("./", "../")), f"{name} imports {imported}"


def test_the_api_and_the_websockets_answer_under_the_prefix(client: TestClient) -> None:
    """A room made, a bot seated, the game started and played over the websocket, all under the
    prefix; the addresses in JSON and in a redirect's Location are under it too."""
    made = client.post(f"{ROOT}/api/rooms", json={"game": "ruler-of-mana", "players": 2})
    assert made.status_code == 201
    room, token = made.json()["room"], made.json()["token"]
    assert made.json()["url"] == f"{ROOT}/r/{room}#token={token}"
    seat = {"Authorization": f"Bearer {token}"}
    bot = {"level": "random"}
    assert client.post(f"{ROOT}/api/rooms/{room}/seats/1/bot", json=bot, headers=seat).is_success
    assert client.post(f"{ROOT}/api/rooms/{room}/start", json={}, headers=seat).status_code == 200
    assert client.get(f"{ROOT}/api/rooms/{room}").json()["status"] == "running"
    with client.websocket_connect(f"{ROOT}/ws/rooms/{room}?token={token}") as ws:
        frames = [ws.receive_json(), ws.receive_json()]
        assert [f["type"] for f in frames] == ["room", "state"]
        ws.send_json({"type": "ping"})
        while (frame := ws.receive_json())["type"] != "pong":
            assert frame["type"] in ("state", "room", "chat"), frame
    assert client.get(f"{ROOT}/health").json()["status"] == "ok"
    assert client.get(f"{ROOT}/api/games").status_code == 200

    table = client.post(f"{ROOT}/api/companion", json={"game": "ruler-of-mana", "players": 2})
    code = table.json()["room"]
    assert table.json()["url"] == f"{ROOT}/companion/ruler-of-mana/{code}"
    with client.websocket_connect(f"{ROOT}/ws/companion/{code}") as ws:
        assert ws.receive_json()["type"] == "companion"
    # a table asked for at the other game's address is sent to its own, under the prefix
    moved = client.get(f"{ROOT}/companion/extreme-mission/{code}", follow_redirects=False)
    assert moved.status_code == 302
    assert moved.headers["location"] == f"{ROOT}/companion/ruler-of-mana/{code}"
    bare = client.get(ROOT, follow_redirects=False)  # the prefix alone: the lobby, under it
    assert bare.status_code in (307, 308)
    assert bare.headers["location"].endswith(f"{ROOT}/")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_nothing_answers_outside_the_prefix(client: TestClient, lang: str) -> None:
    """A request that lost the prefix (a proxy that strips it) is a 404 saying where the server
    is, in one line of the reader's language; a websocket there is closed."""
    said = text("server.outside_root", lang, root=ROOT)
    for path in ("/", "/api/games", "/static/ui.js", "/r/abc", "/health", "/bodogex/"):
        answer = client.get(path, headers={"Accept-Language": lang})
        assert answer.status_code == 404 and answer.text == said, path
    for path in ("/ws/rooms/abc", "/ws/companion/abc"):
        with pytest.raises(WebSocketDisconnect), client.websocket_connect(path) as ws:
            ws.receive_json()
