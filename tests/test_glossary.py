"""One term per thing in the Japanese a player reads: the published rules (the seeds) name each
thing of a game, and the catalogues and the rules pages use that name and no other. The
glossary each game settled on heads its ``messages.toml``; the variants it replaced are listed
here, and none may come back.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bodoge.core import i18n

RULES = Path(__file__).resolve().parents[1] / "docs" / "rules"

# A variant that crept in, and the word of the glossary that replaces it (in every game).
BANNED = {
    "呪文": "スペル",
    "巻物": "スクロール",
    "とどめボーナス": "フィニッシュボーナス",
    "ノックアウト": "ライフ0",
    "脱落": "ライフ0",
    "致命の一撃": "とどめ",
    "唱え": "使う",
    "詠唱": "使う",
    "ワイルド": "オールマイティ",
    "表向き": "オモテ",
    "裏向き": "ウラ",
    "最後の一巡": "最終ラウンド",
    "無作為": "ランダム",
    "手番目": "第N手番",
    "指せ": "選べ",  # a shogi word for a move
    "知らない": "〜はありません",  # "unknown", word for word
    "ボット": "Bot",  # the web's seats, names and results say Bot: one word everywhere
}
# Each game's own pile: Ruler of Mana's shared 捨て場, Extreme Mission's 捨て札 of each player;
# a collaborator is activated (a server still starts: サーバー起動).
BANNED_IN = {
    "ruler-of-mana": {
        "捨て札": "捨て場",
        # a scroll's kind is the moment it answers, as the table and the terminal say
        "ウィンドウ": "リアクションの機会",
        "とどめに": "とどめの瞬間に",
    },
    "extreme-mission": {
        "捨て場": "捨て札",
        "起動": "アクティブ化",  # 起動: a server starts
        # a collaborator is オモテ or ウラ (表 alone is also a table)
        "表の協力者": "オモテの協力者",
        "裏の協力者": "ウラの協力者",
        "すべて表": "すべてオモテ",
        "裏にな": "ウラにな",
        "裏返": "オモテ・ウラ",
        "協力者5人": "協力者5枚",
        # the actions (a), (b) and the pass as the seed and the rules page name them
        "山札から引く": "山札から補充",
        "山札から1枚引く": "山札から補充",
        "捨て札から取る": "捨て札から補充",
        "一番上を取る": "捨て札から補充",
        "早めに終える": "アクションフェイズを終える",
        "アクションを終える": "アクションフェイズを終える",
    },
}
# The catalogue's words of one game: its own keys, the shared catalogue's keys under the game's
# prefix (web.rm.…, companion.error.em.…), and shared keys only one game's view fills.
PREFIX = {"ruler-of-mana": "rm", "extreme-mission": "em"}
ONLY_IN = {
    "play.view.discard": "ruler-of-mana",
    "play.view.discard_tops": "extreme-mission",
    "play.view.discard_sizes": "extreme-mission",
    "play.view.wilds": "extreme-mission",
    "play.value.pending.activate": "extreme-mission",
}


def game_of(key: str) -> str | None:
    if key in ONLY_IN:
        return ONLY_IN[key]
    parts = key.split(".")
    for game, prefix in PREFIX.items():
        if prefix in parts or game in parts:
            return game
    return None


def offending(words: str, game: str | None) -> list[str]:
    banned = dict(BANNED)
    if game is not None:
        banned |= BANNED_IN[game]
    return [f"{bad} (say {good})" for bad, good in banned.items() if bad in words]


def test_no_catalogue_says_a_banned_variant() -> None:
    found = []
    for key, entry in i18n.catalogue().items():
        for form in ("ja", "ja_one"):
            if form in entry and (bad := offending(entry[form], game_of(key))):
                found.append(f"{key}: {entry[form]!r}: {', '.join(bad)}")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("game", PREFIX)
def test_no_rules_page_says_a_banned_variant(game: str) -> None:
    found = [
        f"line {n}: {', '.join(bad)}"
        for n, line in enumerate((RULES / f"{game}.ja.md").read_text("utf-8").splitlines(), 1)
        if (bad := offending(line, game))
    ]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("game", PREFIX)
def test_each_game_catalogue_opens_with_its_glossary(game: str) -> None:
    """The glossary heads the game's catalogue, one term a line (Japanese ↔ English), and says
    none of the banned variants but as what it replaced."""
    package = {"ruler-of-mana": "ruler_of_mana", "extreme-mission": "extreme_mission"}[game]
    path = Path(i18n.__file__).parents[1] / "games" / package / "messages.toml"
    head = path.read_text("utf-8").split("\n\n", 1)[0]
    glossary = [line for line in head.splitlines() if "↔" in line]
    assert len(glossary) >= 10, head
    for line in glossary:
        assert line.startswith("#"), line
        used = line.split("(not ")[0]
        assert not offending(used, game), line


# Japanese punctuation: ASCII ": " or brackets around Japanese words (the catalogue says （） and
# ：); notation keeps its own (a card file's 動詞(引数), JSON's "0": 5, (B) the turn's option).
HALF_WIDTH = re.compile(
    r"(?:[^\x00-\x7f]|\}|\b[a-z_]+): |(?<!名前|動詞)\((?=[^()]*[^\x00-\x7f])[^()]*\)"
)


def test_japanese_says_its_colons_and_brackets_full_width() -> None:
    found = []
    for key, entry in i18n.catalogue().items():
        for form in ("ja", "ja_one"):
            if form in entry and (bad := HALF_WIDTH.findall(entry[form])):
                found.append(f"{key}: {entry[form]!r}: {bad}")
    assert not found, "\n".join(found)
