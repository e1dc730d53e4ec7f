"""Reaction scrolls are put in words in both languages, never as their card-file notation."""

import re

import pytest

import bodoge
from bodoge.games.ruler_of_mana.cards import Scroll
from bodoge.games.ruler_of_mana.words import face_words

VERBS = re.compile(r"\b(cancel|untarget|halve|reflect|retaliate|siphon|prevent)\b")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_rm_3_6_reaction_scrolls_in_words(lang: str) -> None:
    """Japanese words hold no English verb; neither language shows the notation (``retaliate(4)``,
    ``prevent + heal(self, 3)``)."""
    cards = bodoge.make("ruler-of-mana").cards
    reactions = [
        code
        for code in cards.by_code
        if isinstance(cards.face(code), Scroll) and cards.face(code).reaction is not None
    ]
    assert reactions
    for code in reactions:
        words = face_words(cards, code, lang)
        notation = str(cards.face(code).reaction)
        assert "(" not in notation or notation not in words, words
        assert " + " not in words, words
        if lang == "ja":
            assert not VERBS.search(words), words
