"""The HTTP API of DESIGN.md's contract through the app: rooms, seats, bots, start, rematch,
leave, replay, and every refusal with its status and one-line error."""

from __future__ import annotations

from pathlib import Path

import pytest
from server_helpers import bearer, client, new_room, play_to_the_end, receive, started_room
from starlette.testclient import TestClient

import bodoge
from bodoge.play.replay import load_record
from bodoge.server.app import MAX_BODY


def one_line_error(r: object, status: int) -> str:
    assert r.status_code == status, r.text  # type: ignore[attr-defined]
    message: str = r.json()["error"]  # type: ignore[attr-defined]
    assert message and "\n" not in message
    return message


def test_create_room_gives_the_creator_seat_0_and_a_seat_link(c: TestClient) -> None:
    made = new_room(c, players=3)
    assert made["seat"] == 0 and len(made["token"]) >= 40
    assert made["url"] == f"/r/{made['room']}#token={made['token']}"
    summary = c.get(f"/api/rooms/{made['room']}").json()
    assert summary["status"] == "open" and summary["players"] == 3
    ann = summary["seats"][0]
    assert ann.pop("away") < 10  # no page of hers connected yet: away since the room was made
    assert ann == {"name": "Ann", "bot": None, "taken": True, "left": False}
    assert summary["seats"][1] == {
        "name": None, "bot": None, "taken": False, "left": False, "away": None,
    }  # fmt: skip
    assert summary["rematch"] == []
    assert made["token"] not in str(summary)
    assert [r["room"] for r in c.get("/api/rooms").json()["rooms"]] == [made["room"]]


def test_games_lists_both_games_and_the_bots(c: TestClient) -> None:
    body = c.get("/api/games").json()
    assert {g["game"] for g in body["games"]} == {"extreme-mission", "ruler-of-mana"}
    assert body["bots"][:2] == ["random", "easy"]
    assert body["chat"] == {"length": 300, "lines": 5, "seconds": 10.0}  # what a page keeps to


def test_join_a_seat_then_409_when_taken(c: TestClient) -> None:
    room = new_room(c)["room"]
    r = c.post(f"/api/rooms/{room}/seats/1", json={"name": "Bob"})
    assert r.status_code == 200 and r.json()["seat"] == 1
    one_line_error(c.post(f"/api/rooms/{room}/seats/1", json={"name": "Cy"}), 409)
    one_line_error(c.post(f"/api/rooms/{room}/seats/0", json={"name": "Cy"}), 409)


def test_unknown_rooms_and_seats_are_404(c: TestClient) -> None:
    room = new_room(c)["room"]
    one_line_error(c.get("/api/rooms/nosuchroom"), 404)
    one_line_error(c.post("/api/rooms/nosuchroom/seats/1", json={"name": "Bob"}), 404)
    one_line_error(c.post(f"/api/rooms/{room}/seats/7", json={"name": "Bob"}), 404)
    one_line_error(c.post(f"/api/rooms/{room}/seats/x", json={"name": "Bob"}), 404)
    one_line_error(c.get("/api/nothing/here"), 404)


def test_bodies_that_are_not_json_objects_are_400(c: TestClient) -> None:
    for body in (b"{not json", b"[1, 2]", b'"text"', b"\xff\xfe"):
        one_line_error(c.post("/api/rooms", content=body), 400)
    room = new_room(c)["room"]
    one_line_error(c.post(f"/api/rooms/{room}/seats/1", content=b"nope"), 400)


def test_bad_fields_are_400_with_the_reason(c: TestClient) -> None:
    assert "chess" in one_line_error(c.post("/api/rooms", json={"game": "chess"}), 400)
    one_line_error(c.post("/api/rooms", json={"game": "extreme-mission", "players": 9}), 400)
    one_line_error(c.post("/api/rooms", json={"game": "extreme-mission", "variant": "x"}), 400)
    one_line_error(c.post("/api/rooms", json={"game": "extreme-mission", "players": "2"}), 400)
    one_line_error(c.post("/api/rooms", json={}), 400)
    room = new_room(c)["room"]
    for name in ("", "x" * 33, 5, None):
        one_line_error(c.post(f"/api/rooms/{room}/seats/1", json={"name": name}), 400)


def test_errors_speak_japanese_when_asked(c: TestClient) -> None:
    r = c.get("/api/rooms/nosuchroom", headers={"Accept-Language": "ja,en;q=0.5"})
    assert one_line_error(r, 404) == "部屋nosuchroomはありません"
    assert one_line_error(c.get("/api/rooms/nosuchroom?lang=en"), 404) == "no room nosuchroom"


def test_oversized_bodies_are_413(c: TestClient) -> None:
    big = b'{"game": "extreme-mission", "name": "' + b"x" * MAX_BODY + b'"}'
    one_line_error(c.post("/api/rooms", content=big), 413)


def test_bots_take_seats_for_the_creator_only(c: TestClient) -> None:
    made = new_room(c, players=3)
    room, token = made["room"], made["token"]
    bob = c.post(f"/api/rooms/{room}/seats/1", json={"name": "Bob"}).json()["token"]
    url = f"/api/rooms/{room}/seats/2/bot"
    one_line_error(c.post(url, json={"level": "random"}), 401)
    one_line_error(c.post(url, json={"level": "random"}, headers=bearer("forged")), 401)
    one_line_error(c.post(url, json={"level": "random"}, headers=bearer(bob)), 403)
    assert "random" in one_line_error(
        c.post(url, json={"level": "genius"}, headers=bearer(token)), 400
    )
    r = c.post(url, json={"level": "normal"}, headers=bearer(token))
    assert r.json() == {"seat": 2, "bot": "normal"}
    assert c.get(f"/api/rooms/{room}").json()["seats"][2] == {
        "name": None,
        "bot": "normal",
        "taken": True,
        "left": False,
        "away": None,
    }
    one_line_error(
        c.post(f"/api/rooms/{room}/seats/1/bot", json={"level": "easy"}, headers=bearer(token)),
        409,
    )
    # The creator may free a seat again before the start.
    assert c.delete(f"/api/rooms/{room}/seats/2", headers=bearer(token)).status_code == 200
    assert not c.get(f"/api/rooms/{room}").json()["seats"][2]["taken"]


def test_start_needs_the_creator_and_every_seat_and_happens_once(c: TestClient) -> None:
    made = new_room(c)
    room, token = made["room"], made["token"]
    start = f"/api/rooms/{room}/start"
    one_line_error(c.post(start, headers=bearer(token)), 409)  # seat 1 is empty
    bob = c.post(f"/api/rooms/{room}/seats/1", json={"name": "Bob"}).json()["token"]
    one_line_error(c.post(start), 401)
    one_line_error(c.post(start, headers=bearer(bob)), 403)
    one_line_error(c.post(start, json={"start_player": 5}, headers=bearer(token)), 400)
    assert c.post(start, json={"start_player": 1}, headers=bearer(token)).status_code == 200
    assert c.get(f"/api/rooms/{room}").json()["status"] == "running"
    one_line_error(c.post(start, headers=bearer(token)), 409)
    one_line_error(c.post(f"/api/rooms/{room}/seats/1", json={"name": "Cy"}), 409)
    one_line_error(c.get(f"/api/rooms/{room}/replay"), 409)
    one_line_error(c.post(f"/api/rooms/{room}/rematch", headers=bearer(token)), 409)


def test_start_player_at_random_covers_every_seat(c: TestClient) -> None:
    firsts = set()
    for _ in range(30):
        made = new_room(c)
        room = made["room"]
        c.post(f"/api/rooms/{room}/seats/1", json={"name": "Bob"})
        c.post(f"/api/rooms/{room}/start", headers=bearer(made["token"]))
        with c.websocket_connect(f"/ws/rooms/{room}") as ws:
            firsts.add(receive(ws, "state")["view"]["current_player"])
        if firsts == {0, 1}:
            break
    assert firsts == {0, 1}


def test_leave_before_the_start_frees_the_seat(c: TestClient) -> None:
    room = new_room(c)["room"]
    bob = c.post(f"/api/rooms/{room}/seats/1", json={"name": "Bob"}).json()["token"]
    one_line_error(c.post(f"/api/rooms/{room}/leave"), 401)
    assert c.post(f"/api/rooms/{room}/leave", headers=bearer(bob)).json() == {"seat": 1}
    assert not c.get(f"/api/rooms/{room}").json()["seats"][1]["taken"]
    one_line_error(c.post(f"/api/rooms/{room}/leave", headers=bearer(bob)), 401)


def test_leave_during_a_game_hands_the_seat_to_a_bot(c: TestClient) -> None:
    room, tokens = started_room(c)
    assert tokens[1] is not None
    c.post(f"/api/rooms/{room}/leave", headers=bearer(tokens[1]))
    seat = c.get(f"/api/rooms/{room}").json()["seats"][1]  # the name kept for this game
    assert seat == {"name": "P1", "bot": "easy", "taken": True, "left": True, "away": None}


def test_a_rematch_starts_once_every_person_has_agreed(c: TestClient) -> None:
    """Any seat asks; the others agree one by one, the room summary (HTTP and the room frame)
    saying who has; the last agreement starts it, with the start player the creator asked for."""
    room, tokens = started_room(c, "ruler-of-mana", players=3)
    ann, bob, cy = (str(t) for t in tokens)
    play_to_the_end(c, room)
    url = f"/api/rooms/{room}/rematch"
    assert c.get(f"/api/rooms/{room}").json()["rematch"] == []
    with c.websocket_connect(f"/ws/rooms/{room}") as watcher:
        assert receive(watcher, "room")["rematch"] == []
        assert c.post(url, headers=bearer(bob)).json() == {"rematch": [1], "started": False}
        assert receive(watcher, "room")["rematch"] == [1]
    assert c.post(url, headers=bearer(bob)).json() == {"rematch": [1], "started": False}
    summary = c.get(f"/api/rooms/{room}").json()
    assert summary["status"] == "over" and summary["rematch"] == [1]
    # the start player is the creator's to choose, no one else's
    one_line_error(c.post(url, json={"start_player": 2}, headers=bearer(bob)), 403)
    one_line_error(c.post(url, json={"start_player": 7}, headers=bearer(ann)), 400)
    r = c.post(url, json={"start_player": 2}, headers=bearer(ann))
    assert r.json() == {"rematch": [0, 1], "started": False}
    assert c.post(url, headers=bearer(cy)).json() == {"rematch": [0, 1, 2], "started": True}
    summary = c.get(f"/api/rooms/{room}").json()
    assert (summary["status"], summary["game_no"], summary["rematch"]) == ("running", 2, [])
    assert c.app.state.rooms.rooms[room].setup == {"start_player": 2}  # type: ignore[attr-defined]
    one_line_error(c.post(url, headers=bearer(bob)), 409)  # this game is not over


def test_a_rematch_is_refused_to_a_non_seat_and_before_the_end(c: TestClient) -> None:
    room, tokens = started_room(c, "ruler-of-mana", players=2)
    url = f"/api/rooms/{room}/rematch"
    one_line_error(c.post(url, headers=bearer(str(tokens[1]))), 409)  # under way
    one_line_error(c.post("/api/rooms/nosuchroom/rematch", headers=bearer(str(tokens[1]))), 404)
    play_to_the_end(c, room)
    one_line_error(c.post(url), 401)
    one_line_error(c.post(url, headers=bearer("forged")), 401)
    other = new_room(c)["token"]  # a seat, but of another room
    one_line_error(c.post(url, headers=bearer(other)), 401)
    assert c.get(f"/api/rooms/{room}").json()["rematch"] == []


def test_bots_always_agree_to_a_rematch(c: TestClient) -> None:
    room, tokens = started_room(c, "ruler-of-mana", players=3, bots={2: "random"})
    play_to_the_end(c, room)
    url = f"/api/rooms/{room}/rematch"
    assert c.post(url, headers=bearer(str(tokens[0]))).json() == {
        "rematch": [0],
        "started": False,
    }
    assert c.post(url, headers=bearer(str(tokens[1]))).json() == {
        "rematch": [0, 1],
        "started": True,
    }
    # alone with bots, asking is agreeing for the whole table
    solo, solo_tokens = started_room(c, "ruler-of-mana", players=2, bots={1: "random"})
    play_to_the_end(c, solo)
    r = c.post(f"/api/rooms/{solo}/rematch", headers=bearer(str(solo_tokens[0])))
    assert r.json() == {"rematch": [0], "started": True}
    assert c.get(f"/api/rooms/{solo}").json()["status"] == "running"


def test_leaving_after_the_game_agrees_and_may_start_the_rematch(c: TestClient) -> None:
    """The bot that takes a leaver's seat agrees; a leaver's own agreement goes with them (the
    seat is the bot's); the leave that brings the last agreement starts the rematch."""
    room, tokens = started_room(c, "ruler-of-mana", players=4)
    ann, bob, cy, di = (str(t) for t in tokens)
    play_to_the_end(c, room)
    url = f"/api/rooms/{room}/rematch"
    c.post(url, headers=bearer(bob))
    c.post(url, headers=bearer(cy))
    c.post(f"/api/rooms/{room}/leave", headers=bearer(bob))  # had agreed: the bot's word now
    summary = c.get(f"/api/rooms/{room}").json()
    assert (summary["status"], summary["rematch"]) == ("over", [2])
    assert summary["seats"][1] == {
        "name": "P1", "bot": "easy", "taken": True, "left": True, "away": None,
    }  # fmt: skip
    assert c.post(url, headers=bearer(ann)).json() == {"rematch": [0, 2], "started": False}
    c.post(f"/api/rooms/{room}/leave", headers=bearer(di))  # the last one missing
    summary = c.get(f"/api/rooms/{room}").json()
    assert (summary["status"], summary["game_no"], summary["rematch"]) == ("running", 2, [])
    assert summary["seats"][3] == {
        "name": None, "bot": "easy", "taken": True, "left": False, "away": None,
    }  # fmt: skip


def test_a_rematch_keeps_every_finished_game_replayable(c: TestClient, tmp_path: Path) -> None:
    """The replay answers the latest finished game, an earlier one by ``?game=N`` (the step route
    too), and lists them; the game under way is refused (its seed would tell every hand) until
    it is over, and a restart of the server forgets none of them."""
    room, tokens = started_room(c, "ruler-of-mana", players=2)
    ann, bob = (str(t) for t in tokens)
    replay = f"/api/rooms/{room}/replay"
    one_line_error(c.get(replay), 409)
    one_line_error(c.get(f"{replay}?game=1"), 409)
    one_line_error(c.get(f"{replay}/0?game=1"), 409)
    play_to_the_end(c, room)
    first = c.get(replay).json()
    assert (first["game_no"], first["games"], first["room"]) == (1, [1], room)
    assert [s["name"] for s in first["seats"]] == ["Ann", "P1"]
    c.post(f"/api/rooms/{room}/rematch", headers=bearer(ann))
    assert c.post(f"/api/rooms/{room}/rematch", headers=bearer(bob)).json()["started"]
    # the rematch is under way: game 1 is still there, game 2 is not to be seen
    assert c.get(replay).json() == first
    assert c.get(f"{replay}?game=1").json() == first
    assert "seed" not in one_line_error(c.get(f"{replay}?game=2"), 409)
    one_line_error(c.get(f"{replay}/3?game=2"), 409)
    one_line_error(c.get(f"{replay}?game=3"), 404)
    one_line_error(c.get(f"{replay}?game=0"), 404)
    one_line_error(c.get(f"{replay}?game=two"), 400)
    game = bodoge.make("ruler-of-mana", players=2)
    step = len(first["history"]) // 2
    got = c.get(f"{replay}/{step}?game=1&seat=1").json()
    expected = game.replay(first["seed"], first["history"][:step], first["setup"]).view(1)
    assert (got["game_no"], got["view"]["log"]) == (1, expected["log"])
    play_to_the_end(c, room, seed=1)
    second = c.get(replay).json()
    assert (second["game_no"], second["games"]) == (2, [1, 2])
    assert second["seed"] != first["seed"]
    assert c.get(f"{replay}?game=1").json() == {**first, "games": [1, 2]}
    # who made each step, and where each turn begins, as a replay of the record finds them
    state = game.new_state(second["seed"], second["setup"])
    turns = [[0, 1]]
    for k, step_made in enumerate(second["history"]):
        assert second["actors"][k] == state.current_player
        state.apply(step_made)
        if state.view(None)["turn"] != turns[-1][1]:
            turns.append([k + 1, state.view(None)["turn"]])
    assert second["turns"] == turns and len(turns) > 2
    # the record as the page downloads it is what ``bodoge replay`` reads
    saved = tmp_path / "ruler-of-mana-2.json"
    saved.write_bytes(c.get(f"{replay}?game=2").content)
    assert load_record(saved).actors == tuple(second["actors"])


def test_finished_games_stay_replayable_after_a_restart(sqlite_url: str, tmp_path: Path) -> None:
    with client(sqlite_url, tmp_path / "cards") as c:
        room, tokens = started_room(c, "ruler-of-mana", players=2, bots={1: "random"})
        play_to_the_end(c, room)
        first = c.get(f"/api/rooms/{room}/replay").json()
        c.post(f"/api/rooms/{room}/rematch", headers=bearer(str(tokens[0])))
    with client(sqlite_url, tmp_path / "cards") as c:
        assert c.get(f"/api/rooms/{room}").json()["game_no"] == 2
        assert c.get(f"/api/rooms/{room}/replay?game=1").json() == first


def test_the_lobby_lists_a_room_between_games_and_a_full_one_not_started(c: TestClient) -> None:
    """A room whose game is over (its result shown, no rematch yet) is still its group's room:
    listed, as ``over`` (it was left out, as if the room were gone); a room with every seat
    taken but not started too (it was listed already). A closed room is not."""
    over, tokens = started_room(c, "ruler-of-mana", players=2, bots={1: "random"})
    play_to_the_end(c, over)
    full = new_room(c)
    c.post(f"/api/rooms/{full['room']}/seats/1", json={"name": "Bo"})
    closed = new_room(c)
    c.post(f"/api/rooms/{closed['room']}/leave", headers=bearer(closed["token"]))
    listed = {r["room"]: r for r in c.get("/api/rooms").json()["rooms"]}
    assert {room: r["status"] for room, r in listed.items()} == {over: "over", full["room"]: "open"}
    assert [s["name"] for s in listed[full["room"]]["seats"]] == ["Ann", "Bo"]
    assert [s["bot"] for s in listed[over]["seats"]] == [None, "random"]
    c.post(f"/api/rooms/{over}/rematch", headers=bearer(str(tokens[0])))
    assert c.get("/api/rooms").json()["rooms"][-1]["status"] == "running"


def test_the_last_person_leaving_closes_the_room(c: TestClient) -> None:
    made = new_room(c)
    c.post(f"/api/rooms/{made['room']}/leave", headers=bearer(made["token"]))
    summary = c.get(f"/api/rooms/{made['room']}").json()
    assert (summary["status"], summary["games"]) == ("closed", [])  # no game to replay
    one_line_error(c.post(f"/api/rooms/{made['room']}/seats/0", json={"name": "Di"}), 409)
    assert c.get("/api/rooms").json()["rooms"] == []


SHIPPED = Path(__file__).parents[2] / "src/bodoge/games/extreme_mission/cards.toml"


def test_an_uploaded_card_set_plays(c: TestClient) -> None:
    text = SHIPPED.read_text("utf-8")
    made = new_room(c, cards=text, cards_name="mine.toml")
    assert c.get(f"/api/rooms/{made['room']}").json()["cards"] == "mine.toml"


@pytest.mark.parametrize("game", ["extreme-mission", "ruler-of-mana"])
def test_the_shipped_card_file_is_a_download(c: TestClient, game: str) -> None:
    """GET /cards/<game>.toml: the game's own card file, to start one's own from, as is."""
    answer = c.get(f"/cards/{game}.toml")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "text/plain; charset=utf-8"
    assert answer.headers["content-disposition"] == f'attachment; filename="{game}.toml"'
    shipped = SHIPPED.parents[1] / game.replace("-", "_") / "cards.toml"
    assert answer.content == shipped.read_bytes()
    assert c.get("/cards/chess.toml").status_code == 404


def test_the_log_of_a_room_with_its_own_cards_is_worded_with_them(c: TestClient) -> None:
    """/api/words with the room: an added card's event in words (not the bare event name), a
    renamed card by its new name, in both languages; without the room, the shipped names."""
    shipped = (SHIPPED.parents[1] / "ruler_of_mana/cards.toml").read_text("utf-8")
    mine = shipped.replace('en = "Fireball"\nja = "ファイアボール"', 'en = "Ember"\nja = "残り火"')
    mine += '\n[[spell]]\nid = "S36"\nen = "New Spell"\nja = "新呪文"\nelement = "fire"\n'
    mine += 'options = ["F -> damage(one_opponent, 1, fire)"]\n'
    room = new_room(c, "ruler-of-mana", cards=mine, cards_name="mine.toml")["room"]
    casts = [
        {"event": "cast", "seat": 0, "card": card, "option": 1, "paid": ["MF1-01"]}
        for card in ("S36", "S01")
    ]
    body = {"game": "ruler-of-mana", "events": casts, "names": ["Ann", "Bob"]}
    words = {
        lang: c.post("/api/words", json={**body, "lang": lang, "room": room}).json()["events"]
        for lang in ("en", "ja")
    }
    assert words["en"][0].startswith("Ann casts New Spell (S36), option 1, paying")
    assert words["en"][1].startswith("Ann casts Ember (S01), option 1, paying")
    assert words["ja"][0].startswith("Annが新呪文（S36）の選択肢1を使った")
    assert words["ja"][1].startswith("Annが残り火（S01）の選択肢1を使った")
    shipped_words = c.post("/api/words", json={**body, "lang": "en"}).json()["events"]
    assert shipped_words == ["cast", "Ann casts Fireball (S01), option 1, paying Fire mana"]
    gone = c.post("/api/words", json={**body, "lang": "en", "room": "nope"})
    assert gone.status_code == 404 and "\n" not in gone.json()["error"]


def test_a_bad_card_file_is_refused_with_the_loaders_line(c: TestClient) -> None:
    r = c.post(
        "/api/rooms",
        json={"game": "extreme-mission", "cards": "[[mission]\nid=", "cards_name": "mine.toml"},
    )
    message = one_line_error(r, 400)
    assert message.startswith("mine.toml: ") and "TOML" in message
    assert c.get("/api/rooms").json()["rooms"] == []


def test_an_error_repeats_at_most_40_characters_of_what_was_sent(c: TestClient) -> None:
    made = new_room(c)
    long = "z" * 5_000
    r = c.post(
        f"/api/rooms/{made['room']}/seats/1/bot",
        json={"level": long},
        headers=bearer(made["token"]),
    )
    assert one_line_error(r, 400).startswith(f"unknown bot {'z' * 40}…: use one of random")
    for r in (
        c.get(f"/api/rooms/{long}"),
        c.post(f"/api/rooms/{made['room']}/seats/{long}", json={"name": "Bob"}),
        c.get(f"/api/{long}"),
    ):
        assert len(one_line_error(r, 404)) < 120, r.text
    with c.websocket_connect(f"/ws/rooms/{long}") as ws:
        assert receive(ws, "error")["message"] == f"no room {'z' * 40}…"


@pytest.mark.parametrize(("lang", "header"), [("en", "Turn 2: Bob"), ("ja", "第2手番：Bob")])
def test_the_web_log_of_extreme_mission_has_turn_headers(
    c: TestClient, lang: str, header: str
) -> None:
    """EM-2.1: a seat's log, as the room page has /api/words word it, opens each turn with a
    header, as Ruler of Mana's does."""
    state = bodoge.make("extreme-mission", players=2).new_state(1)
    while state.view(None)["turn"] < 3:
        state.apply(state.legal_actions()[-1])
    body = {"game": "extreme-mission", "events": state.view(0)["log"], "names": ["Ann", "Bob"]}
    said = c.post("/api/words", json={**body, "lang": lang}).json()["events"]
    assert said[3] == ("Turn 1: Ann" if lang == "en" else "第1手番：Ann")  # after the deal
    assert header in said and said[-1] == header.replace("2", "3").replace("Bob", "Ann")
