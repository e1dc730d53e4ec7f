"""An uploaded card file that cannot be loaded: the loader's line, naming the file as uploaded,
in the language the page asks for (``?lang=`` or Accept-Language)."""

from __future__ import annotations

from pathlib import Path

from starlette.testclient import TestClient

BROKEN_RM = "[[mana]]\ncode = 'F1'\nprefix = 'MF1'\nelement = 'fire'\nsymbol = 'F'\norbs = 1\n"


def refused(c: TestClient, game: str, cards: str, lang: str) -> str:
    body = {"game": game, "players": 2, "name": "Ann", "cards": cards, "cards_name": "mine.toml"}
    r = c.post("/api/rooms", json=body, headers={"Accept-Language": lang})
    assert r.status_code == 400, r.text
    message: str = r.json()["error"]
    assert "\n" not in message
    return message


def test_a_bad_card_file_is_refused_in_the_pages_language(c: TestClient) -> None:
    assert refused(c, "ruler-of-mana", BROKEN_RM, "en") == (
        "mine.toml: card F1: field 'copies': missing"
    )
    assert refused(c, "ruler-of-mana", BROKEN_RM, "ja,en;q=0.5") == (
        "mine.toml：カード F1：項目 'copies'：ありません（必ず書く項目です）"
    )
    toml = refused(c, "extreme-mission", "[[mission]\nid=", "ja")
    assert toml == (
        "mine.toml：TOML の書き方に誤りがあります（1行目、10文字目）："
        "表の見出しが ]] で閉じられていません"
    )
    assert c.get("/api/rooms").json()["rooms"] == []


def test_a_refused_card_file_leaves_nothing_on_disk(c: TestClient, tmp_path: Path) -> None:
    """Only a card file that loads is kept (under its content's hash): a refused one, however
    often sent, is not written (anonymous uploads would fill the disk)."""
    folder = tmp_path / "cards"
    for game, cards in (("ruler-of-mana", BROKEN_RM), ("extreme-mission", "[[mission]\nid=")):
        refused(c, game, cards, "en")
        refused(c, game, cards, "en")
    assert not folder.exists() or list(folder.iterdir()) == []
    shipped = Path(__file__).parents[2] / "src/bodoge/games/ruler_of_mana/cards.toml"
    body = {"game": "ruler-of-mana", "players": 2, "name": "Ann", "cards_name": "mine.toml"}
    made = c.post("/api/rooms", json={**body, "cards": shipped.read_text("utf-8")})
    assert made.status_code == 201, made.text
    assert [p.suffix for p in folder.iterdir()] == [".toml"]
