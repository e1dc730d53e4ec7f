"""What the browser pages need beyond the rooms: the catalogue's web texts, card faces,
log events in words, a hint, replay views and the rules pages.

These routes hold no game. What they compute comes from the public card set, from what the
seat's own view (a hint), or from a finished game's record (the replay, public once the game is
over or its room closed: Room.finished_games), so nothing here can show a seat more than it may
know.

>>> from starlette.testclient import TestClient
>>> from starlette.applications import Starlette
>>> client = TestClient(Starlette(routes=routes()))
>>> client.get("/api/messages?lang=ja").json()["messages"]["web.lobby.create"]
'友だちと遊ぶ部屋を作る'
>>> client.get("/api/faces/extreme-mission?lang=en").json()["names"]["R7"]
'red 7'
"""

from __future__ import annotations

import html
import random
import re
from importlib import import_module, resources
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.token import Token
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

import bodoge
from bodoge.agents.base import Decision
from bodoge.agents.heuristic import game_heuristic
from bodoge.core.action import Action, number
from bodoge.core.errors import BodogeError
from bodoge.core.game import Game
from bodoge.core.hooks import game_hook, game_module
from bodoge.core.i18n import LANGUAGES, catalogue, text
from bodoge.core.seen import shown_alone
from bodoge.core.state import State
from bodoge.play.rules import CARD_MARKER, RULES, rules_file
from bodoge.server import wire
from bodoge.server.body import json_body
from bodoge.server.reader import refused
from bodoge.server.reasons import hint_reason
from bodoge.server.rooms import RoomError, game_number
from bodoge.server.root import rooted

__all__ = ["routes"]

_RULINGS = RULES.parent / "rulings"
_ROOM_PAGE = Path(__file__).resolve().parents[1] / "web" / "room.html"
_MAX_EVENTS = 2000  # a log in words is asked for in pieces; more than this is not a log
_HINT_STEPS = 16  # a compound action has at most a handful of items


class BadRequest(ValueError):
    """A request this module refuses, with the one line that says why."""


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _refused(lang: str, key: str, status: int = 400, **fields: object) -> JSONResponse:
    """A refusal worded from the catalogue, in ``lang``."""
    return _error(text(key, lang, **fields), status)


def _lang(request: Request) -> str:
    lang = request.query_params.get("lang", "en")
    if lang not in LANGUAGES:
        raise BadRequest(f"unknown language {lang!r}: use one of {', '.join(LANGUAGES)}")
    return lang


def _game(name: Any, players: Any = None, variant: Any = "basic") -> Game:
    if not isinstance(name, str) or name not in bodoge.games():
        raise BadRequest(f"unknown game {name!r}: use one of {', '.join(bodoge.games())}")
    try:
        return bodoge.make(name, players=players, variant=variant or "basic")
    except BodogeError as exc:
        raise BadRequest(str(exc)) from None


def _refusing(handler: Any) -> Any:
    """A handler whose BadRequest becomes a 400 with a one-line error, and a RoomError (a body
    too big or not JSON) the app's own (:func:`~bodoge.server.reader.refused`)."""

    async def wrapped(request: Request) -> Response:
        try:
            response: Response = await handler(request)
        except BadRequest as exc:
            return _error(str(exc))
        except RoomError as exc:
            return refused(request, exc)
        return response

    return wrapped


_PAGE_KEYS = ("web.", "companion.")
_PAGE_ALSO = ("lang", "cards.error.line", "cards.error.not_utf8")
"""Beyond the pages' own texts: the loader's line for a card file that is not UTF-8, which the
page finds before sending it (ui.js cardFileText)."""


async def messages(request: Request) -> Response:
    """``GET /api/messages?lang=``: the catalogue's ``web.`` and ``companion.`` texts, and the
    language names; ``one`` holds the singular of those that count, in this language, with the
    counted field (``{"companion.offline": {"count": "n", "text": "offline: {n} change …"}}``).
    """
    lang = _lang(request)
    entries = {k: v for k, v in catalogue().items() if k.startswith(_PAGE_KEYS) or k in _PAGE_ALSO}
    found = {k: v[lang] for k, v in entries.items()}
    one = {
        k: {"count": v["count"], "text": v[f"{lang}_one"]}
        for k, v in entries.items()
        if "count" in v and f"{lang}_one" in v
    }
    return JSONResponse({"lang": lang, "messages": found, "one": one})


async def _rooms_game(request: Request, game: Game, room_id: Any, lang: str) -> Game | JSONResponse:
    """The game of the room ``room_id`` (its own card set, when it plays with a card file; a
    closed room's too, for its replays), or ``game`` when no room is named; a room not found is
    the refusal to answer."""
    if not room_id:
        return game
    try:
        return (await request.app.state.rooms.find(str(room_id))).game  # type: ignore[no-any-return]
    except RoomError as exc:
        return _error(exc.message or text(exc.key, lang, **exc.fields), exc.status)


async def faces(request: Request) -> Response:
    """``GET /api/faces/{game}?lang=&room=``: the game's public card set (the room's own, when it
    plays with a card file), drawn-card ready (the game's own ``faces`` module)."""
    lang = _lang(request)
    game = await _rooms_game(
        request, _game(request.path_params["game"]), request.query_params.get("room"), lang
    )
    if isinstance(game, JSONResponse):
        return game
    module = game_module(game, "faces")
    if module is None:
        return _error(f"{game.name} has no card faces for the browser", 404)
    return JSONResponse(module.faces(getattr(game, "cards", None), lang))


async def words(request: Request) -> Response:
    """``POST /api/words {"game", "lang", "events": [...], "names": [...], "room"}``: log events
    (as the page's own view holds them) in words, one line each; a seat by its name in the
    optional ``names`` (one per seat, as the table shows them), else as ``Seat 2``; the cards by
    the optional ``room``'s card set (a room's own card file), else the game's own. An event
    naming a card that card set lacks is its bare name; one with fields of the wrong kind is
    refused, 400 (the body is read as the rooms' are: at most MAX_BODY)."""
    body = await json_body(request)
    lang = body.get("lang", "en")
    if lang not in LANGUAGES:
        raise BadRequest(f"unknown language {lang!r}")
    game = await _rooms_game(request, _game(body.get("game")), body.get("room"), lang)
    if isinstance(game, JSONResponse):
        return game
    events = body.get("events")
    if not isinstance(events, list) or len(events) > _MAX_EVENTS:
        raise BadRequest(f"events must be a list of at most {_MAX_EVENTS} events")
    names = _names(body)
    describe = game_hook(game, "describe_event")
    cards = getattr(game, "cards", None)
    lines = []
    for at, event in enumerate(events):
        if not isinstance(event, dict):
            raise BadRequest("each event must be a JSON object")
        try:
            if describe is None:
                lines.append(str(event.get("event")))
            else:
                lines.append(describe(cards, event, lang, names or None))
        except KeyError:  # a card this card set lacks (another room's file): its name alone
            lines.append(str(event.get("event", "?")))
        except (TypeError, ValueError, IndexError, AttributeError):
            # fields of a kind no view's log holds: refused in one line, not a traceback
            said = wire.quoted(str(event.get("event", "?")))
            return _refused(lang, "server.bad_event", at=at, event=said)
    return JSONResponse({"events": lines})


def _names(body: dict[str, Any]) -> list[str] | None:
    """The body's ``names`` (one per seat, as the table shows them), where it gives them."""
    names = body.get("names")
    if names is not None and not wire.names_ok(names):
        raise BadRequest(f"names must be a list of at most {wire.MAX_SEATS} texts, one a seat")
    return names


def hint_steps(game: Game, view: dict[str, Any], seat: int, seed: int = 0) -> list[str]:
    """The heuristic bot's choice for ``seat`` from its ``view`` alone: its first step and, for a
    compound action or a chore (cards dropped down to the hand limit), the items that complete
    it, spelled as the page builds it (a chore's items without its verb: ``drop P9``, ``R3``).

    >>> game = bodoge.make("extreme-mission", players=2)
    >>> state = game.new_state(seed=3)
    >>> steps = hint_steps(game, state.view(0), 0)
    >>> steps[0] in [str(a) for a in state.legal_actions()]
    True
    """
    return _hint(game, view, seat, seed)[0]


def _hint(
    game: Game, view: dict[str, Any], seat: int, seed: int
) -> tuple[list[str], Action | None, list[Action]]:
    """``hint_steps``, with the first step as the bot chose it and the steps legal then (what
    the hint's reason weighs)."""
    state: State = game.sample_state(view, seed)
    agent = game_heuristic(game, seat, random.Random(seed))
    legal = state.legal_actions() if state.current_player == seat else []
    # what the first step begins goes on as core.choices builds it: a chore while the chore does
    # (a drop is one step a card, with nothing pending in the view), else while an action is
    chore = state._chore() if state.current_player == seat else None
    going = state._chore_going if chore is not None else state._in_action
    steps: list[str] = []
    first: Action | None = None
    while state.current_player == seat and len(steps) < _HINT_STEPS:
        step = agent.act(Decision.of(state))
        if first is None:
            first = step
        said = str(step)
        if steps and chore is not None:
            said = said.removeprefix(f"{chore} ")
        steps.append(said)
        state.apply(step)
        if state.current_player != seat or not going():
            break
    return steps, first, legal


def _bearer(request: Request) -> str | None:
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


async def hint(request: Request) -> Response:
    """``POST /api/rooms/{room}/hint`` with the seat's token: the heuristic's suggestion for that
    seat, computed from the seat's view alone (the bot never sees the state)."""
    lang = _lang(request)
    rooms = request.app.state.rooms
    try:  # a closed room refused as its other seated routes refuse it (409), not as none
        room = await rooms.open_room(request.path_params["room"])
    except RoomError as exc:
        return _error(exc.message or text(exc.key, lang, **exc.fields), exc.status)
    token = _bearer(request)
    seat = room.seat_of(token) if token else None
    if seat is None:
        why = room.refused_token(token) if token else RoomError(401, "server.bad_token")
        return _error(text(why.key, lang, **why.fields), 401)
    state = room.state
    if state is None or state.current_player != seat:
        return _error(text("server.act.not_yours", lang), 409)
    body = await json_body(request)
    names = _names(body)
    view = state.view(seat)
    steps, first, legal = _hint(room.game, view, seat, room.seq)
    why = None if first is None else hint_reason(room.game, view, first, legal, lang, names)
    return JSONResponse({"steps": steps, "why": why})


async def replay_view(request: Request) -> Response:
    """``GET /api/rooms/{room}/replay/{step}?seat=&game=``: the view of ``seat`` (none: a
    spectator) after ``step`` steps of a finished game of the room (``game``; none: the latest),
    as its state frame showed it live.
    The server replays its own record (a 62-bit seed does not survive a trip through
    JavaScript's numbers)."""
    lang = _lang(request)
    rooms = request.app.state.rooms
    room_id = request.path_params["room"]
    try:
        record = await rooms.replay(room_id, game_number(request.query_params.get("game")))
        game: Game = (await rooms.find(room_id)).game
    except RoomError as exc:
        return _error(exc.message or text(exc.key, lang, **exc.fields), exc.status)
    history: list[str] = record["history"]
    raw_step, raw_seat = request.path_params["step"], request.query_params.get("seat", "")
    step, seat = number(raw_step), number(raw_seat) if raw_seat else None
    if step is None or step > len(history):
        return _refused(lang, "server.bad_step", step=wire.quoted(raw_step), steps=len(history))
    if raw_seat and (seat is None or seat >= game.players):
        return _refused(
            lang, "server.bad_view_seat", seat=wire.quoted(raw_seat), last=game.players - 1
        )
    state = game.replay(record["seed"], history[: max(step - 1, 0)], record["setup"])
    unseen = False
    if step > 0:
        before = len(state.view(seat)["log"])
        state.apply(history[step - 1])
        actor = record["actors"][step - 1]
        if actor is not None and actor != seat:
            alone = shown_alone(state, before, actor, seat)
            # the cards its notation names (`W2/1`: the card `W2`), shown that seat alone?
            named = {item.split("/")[0] for item in history[step - 1].split()}
            unseen = alone is None or not named.isdisjoint(alone)
    view = state.view(seat)
    # written as the live frames are (keys sorted): the page lays the table out in the order of
    # the view's keys, so the replay's table is the one that was played; ``unseen``: the step
    # that led here is another seat's that this view did not see (a card kept, offered, put back)
    answer = {
        "step": step,
        "steps": len(history),
        "game_no": record["game_no"],
        "view": view,
        "unseen": unseen,
    }
    return Response(wire.dumps(answer), media_type="application/json")


_PAGE = """<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title><link rel="icon" href="data:,">
<link rel="stylesheet" href="{root}/static/style.css"></head>
<body class="rules-page"><header class="bar"><a class="brand" href="{home}">bodoge</a>
<nav class="langs">{langs}</nav></header><main class="rules">{body}</main></body></html>"""


def _slug(heading: str) -> str:
    """A heading's anchor as GitHub spells it, which the rules texts' ``#…`` links use."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _served(href: str, root: str = "") -> str:
    """A link of a rules or rulings text to another of those files (as on GitHub), as the address
    that serves it here (under the server's ``root`` path); any other link as it is.

    >>> _served("extreme-mission.cards.ja.md"), _served("../rules/ruler-of-mana.md#rm-2-a-turn")
    ('/rules/extreme-mission/cards?lang=ja', '/rules/ruler-of-mana?lang=en#rm-2-a-turn')
    >>> _served("../rulings/ruler-of-mana.md", "/bodoge"), _served("#rm-2-a-turn", "/bodoge")
    ('/bodoge/rulings/ruler-of-mana', '#rm-2-a-turn')
    """
    path, hash_, anchor = href.partition("#")
    found = re.fullmatch(r"(?:\.\./(rules|rulings)/)?([a-z-]+?)(\.cards)?(\.ja)?\.md", path)
    if found is None or found[2] not in bodoge.games():
        return href
    kind, name, cards, ja = found[1] or "rules", found[2], found[3], found[4]
    if kind == "rulings":
        return f"{root}/rulings/{name}{hash_}{anchor}"
    return f"{root}{_rules_path(name, bool(cards))}?lang={'ja' if ja else 'en'}{hash_}{anchor}"


def _rules_path(name: str, cards: bool) -> str:
    """The address of a game's rules page, or of its page on one's own card file."""
    return f"/rules/{name}/cards" if cards else f"/rules/{name}"


# A rule's id where the rules text states it: a section's heading ("## EM-5 End of the game") or
# the bold start of a rule's paragraph ("**EM-5.2 The last round.**").
_RULE_ID = re.compile(r"[A-Z]{2,}-\d+(?:\.\d+)*\b")


def _rule_anchor(block: Token, inline: Token) -> None:
    """Gives the rule stated by ``block`` its id as an anchor (``#EM-5.2``, the same in every
    language), so a rule id the table shows links to the rule itself. A heading keeps its own
    anchor (the rules texts link to it): its words are wrapped in a span with the rule's id."""
    if block.type == "paragraph_open" and inline.content.startswith("**"):
        found = _RULE_ID.match(inline.content, 2)
        if found:
            block.attrSet("id", found[0])
    elif block.type == "heading_open" and inline.children:
        found = _RULE_ID.match(inline.content)
        if found:
            inline.children.insert(0, Token("rule_open", "span", 1, attrs={"id": found[0]}))
            inline.children.append(Token("rule_close", "span", -1))


def _figure(game: Game, found: re.Match[str], lang: str) -> str:
    """The cards a marker names, drawn by the game's ``figures`` module as the table draws them,
    from its own card set, in ``lang``."""
    module = game_module(game, "figures")
    if module is None:
        raise ValueError(f"{game.name} has no figures module to draw {found[0]}")
    cards = getattr(game, "cards", None)
    drawn: str = module.figure(cards, found[2].split(), lang, written=found[1] == "written")
    return drawn


def _picture(source: Path, image: Token) -> str | None:
    """A picture of the rules folder (``![alt](extreme-mission-table.svg)``) put in the page as
    the SVG itself, named by its alt text; None for any other image."""
    name = str(image.attrGet("src") or "")
    if not re.fullmatch(r"[a-z-]+\.svg", name) or not (source.parent / name).is_file():
        return None
    named = f'<svg role="img" aria-label="{html.escape(image.content)}" '
    svg = (source.parent / name).read_text().replace("<svg ", named, 1)
    svg = re.sub(r"\s*<!--.*?-->", "", svg, flags=re.S)  # its notes are for its file's readers
    return f'<figure class="picture">{svg}</figure>'


def _drawn(source: Path, tokens: list[Token], game: Game | None, lang: str) -> list[Token]:
    """``tokens`` with each paragraph that is a card marker or a picture of the folder alone
    replaced by what it draws."""
    out: list[Token] = []
    k = 0
    while k < len(tokens):
        token = tokens[k]
        if token.type == "paragraph_open":
            inline = tokens[k + 1]
            found = CARD_MARKER.fullmatch(inline.content.strip())
            children = inline.children or []
            drawn = None
            if found and game is not None:
                drawn = _figure(game, found, lang)
            elif len(children) == 1 and children[0].type == "image":
                drawn = _picture(source, children[0])
            if drawn is not None:
                block = Token("html_block", "", 0, content=drawn + "\n", block=True)
                out.append(block)
                k += 3  # the paragraph's open, inline and close
                continue
        out.append(token)
        k += 1
    return out


def _without_switch(source: Path, text: str) -> str:
    r"""A docs file's ``text`` without its link to itself in its other language (and the `` · ``
    after it), the way there for the docs' readers, which a page has in its header's switch; a
    line that held nothing else goes with it.

    >>> here = Path("docs/rules/ruler-of-mana.cards.ja.md")
    >>> _without_switch(here, "*[English](ruler-of-mana.cards.md) · [遊び方](ruler-of-mana.ja.md)*")
    '*[遊び方](ruler-of-mana.ja.md)*'
    >>> _without_switch(Path("extreme-mission.md"), "*[日本語](extreme-mission.ja.md)*\n")
    ''
    """
    stem = source.name.removesuffix(".md")
    other = stem.removesuffix(".ja") if stem.endswith(".ja") else f"{stem}.ja"
    text = re.sub(rf"\[[^\]]*\]\({re.escape(other)}\.md\)( · )?", "", text)
    return re.sub(r"^\*\*\n", "", text, flags=re.MULTILINE)


def _markdown(source: Path, game: Game | None = None, lang: str = "en", root: str = "") -> str:
    """A docs file as HTML: no raw HTML, headings with their anchors, each rule with its id as
    an anchor, links to served pages (under ``root``); the cards a marker names and the folder's
    pictures drawn (for ``game``, in ``lang``)."""
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    tokens = _drawn(source, md.parse(_without_switch(source, source.read_text())), game, lang)
    for k, token in enumerate(tokens):
        if token.type in ("heading_open", "paragraph_open"):
            _rule_anchor(token, tokens[k + 1])
        if token.type == "heading_open":
            token.attrSet("id", _slug(tokens[k + 1].content))
        for child in token.children or []:
            if child.type == "link_open":
                child.attrSet("href", _served(str(child.attrGet("href") or ""), root))
    html_text: str = md.renderer.render(tokens, md.options, {})
    return html_text


# In a page of the front end, a text of the catalogue (``{{ja:web.lobby.loading}}``) or a piece
# of HTML the pages share (``{{file:first-paint.html}}``).
_PAGE_TEXT = re.compile(r"\{\{(\w+):([\w.-]+)\}\}")


def page_html(path: Path, root: str = "") -> str:
    """A page of the front end (``web/index.html``) with what it names filled in: the shared
    pieces, the catalogue's texts in every language, and the server's ``root`` path
    (``{{root}}``: before its own addresses, and for its scripts, ``web/ui.js``). So its first
    paint says what it is, in the reader's language, before its scripts come (a slow network
    showed a blank page).

    >>> page = page_html(_ROOM_PAGE.with_name("index.html"))
    >>> "読み込み中…" in page and "Loading…" in page and "{{" not in page
    True
    >>> '<html lang="en" data-root="/bodoge">' in page_html(_ROOM_PAGE, "/bodoge")
    True
    """

    def fill(found: re.Match[str]) -> str:
        if found[1] == "file":
            return (path.parent / found[2]).read_text()
        return html.escape(text(found[2], found[1]))

    return _PAGE_TEXT.sub(fill, path.read_text()).replace("{{root}}", html.escape(root))


def _no_game(lang: str, root: str) -> Response:
    home = f"{root}/?lang={lang}"
    body = (
        f"<p>{html.escape(text('web.rules.no_game', lang))}</p>"
        f'<p><a class="button" href="{home}">{html.escape(text("web.result.lobby", lang))}</a></p>'
    )
    title = html.escape(text("web.rules.no_game", lang))
    page = _PAGE.format(lang=lang, title=title, langs="", body=body, root=root, home=home)
    return HTMLResponse(page, 404)


async def rules(request: Request) -> Response:
    """``GET /rules/{game}?lang=``: the project's rules text of a game (docs/rules), as a page."""
    return _rules_page(request, cards=False)


async def rules_cards(request: Request) -> Response:
    """``GET /rules/{game}/cards?lang=``: how to write a card file of one's own for a game
    (docs/rules/<game>.cards.md), as a page: the lobby's card-set picker and the rules link here."""
    return _rules_page(request, cards=True)


def _rules_page(request: Request, cards: bool) -> Response:
    name = request.path_params["game"]
    lang = _lang(request)
    root = rooted(request, "")
    if name not in bodoge.games():
        return _no_game(lang, root)
    game = bodoge.make(name)
    stem = f"{name}.cards" if cards else name
    source = rules_file(stem, lang)
    if source.is_file():
        body = _markdown(source, game, lang, root)
    elif cards:
        return _no_game(lang, root)
    else:
        body = f"<p>{html.escape(text('web.rules.none', lang))}</p>"
    title = type(game).title.get(lang, name)
    if cards:
        title = f"{title} — {text('web.rules.card_file', lang)}"
    path = rooted(request, _rules_path(name, cards))
    # the switch as the other pages have it (their buttons), as links: a rules page runs no script
    mark = {code: ' class="lang"' for code in LANGUAGES} | {
        lang: ' class="lang on" aria-current="page"'
    }
    langs = "".join(
        f'<a{mark[code]} href="{path}?lang={code}" '
        f'hreflang="{code}" lang="{code}">{text("lang", code)}</a>'
        for code in LANGUAGES
    )
    # the lobby in the language read here (the lobby takes ?lang= as chosen)
    home = f"{root}/?lang={lang}"
    page = _PAGE.format(
        lang=lang, title=html.escape(title), langs=langs, body=body, root=root, home=home
    )
    return HTMLResponse(page)


async def rulings(request: Request) -> Response:
    """``GET /rulings/{game}``: the project's rulings of a game (docs/rulings), written in English
    alone (the Japanese rules text says so where it links here)."""
    name = request.path_params["game"]
    source = _RULINGS / f"{name}.md"
    root = rooted(request, "")
    if name not in bodoge.games() or not source.is_file():
        return _no_game(_lang(request), root)
    game = bodoge.make(name)
    title = type(game).title.get("en", name)
    # back to the rules in either language: a Japanese reader come from the Japanese rules page
    # goes back to it (the English link alone took them, and then the lobby, to English)
    langs = " ".join(
        f'<a href="{root}/rules/{name}?lang={code}" hreflang="{code}" lang="{code}">'
        f"{html.escape(text('web.rules.link', code))}</a>"
        for code in LANGUAGES
    )
    body = _markdown(source, game, root=root)
    # English alone here, so the lobby keeps the reader's own language
    page = _PAGE.format(
        lang="en", title=html.escape(title), langs=langs, body=body, root=root, home=f"{root}/"
    )
    return HTMLResponse(page)


async def no_room_page(request: Request) -> Response:
    """``/r/`` and ``/r/a/b``: no room has such an address; the room page says so in the reader's
    language and leads back to the lobby. A 200, as ``/r/{room}`` of a room that is not: a 404
    would be a console error in the browser."""
    return HTMLResponse(page_html(_ROOM_PAGE, rooted(request, "")))


async def card_file(request: Request) -> Response:
    """``GET /cards/{game}.toml``: the game's own card file as a download, to start one's own
    card file from (the rules pages' "Your own card file" and the lobby's picker link here)."""
    name = request.path_params["game"]
    if name not in bodoge.games():
        return _no_game(_lang(request), rooted(request, ""))
    package = import_module(type(bodoge.make(name)).__module__).__package__ or ""
    return Response(
        resources.files(package).joinpath("cards.toml").read_bytes(),
        media_type="text/plain; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{name}.toml"'},
    )


def routes() -> list[Route]:
    """The pages' routes, to add to the app's."""
    return [
        Route("/api/messages", _refusing(messages)),
        Route("/api/faces/{game}", _refusing(faces)),
        Route("/api/words", _refusing(words), methods=["POST"]),
        Route("/api/rooms/{room}/hint", _refusing(hint), methods=["POST"]),
        Route("/api/rooms/{room}/replay/{step}", _refusing(replay_view)),
        Route("/rules/{game}", _refusing(rules)),
        Route("/rules/{game}/cards", _refusing(rules_cards)),
        Route("/rulings/{game}", _refusing(rulings)),
        Route("/cards/{game}.toml", _refusing(card_file)),
        Route("/r/{rest:path}", no_room_page),  # after the app's own /r/{room}
    ]
