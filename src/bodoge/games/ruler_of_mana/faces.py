"""Ruler of Mana's card faces for a front end that draws cards: every card id and notation code
(``F2``, ``RB``, ``S19``, ``S19/3``, ``R03``) with what is printed on it, in one language.

The browser table asks for this once per game and language (``bodoge.server.pages``): it is the
public card set, the same for every seat, so it carries nothing hidden.

>>> from bodoge.games.ruler_of_mana.cards import load_cards
>>> f = faces(load_cards(), "en")
>>> f["cards"]["MF2-01"]["code"], f["codes"]["F2"]["kind"], f["codes"]["F2"]["orbs"]
('F2', 'mana', 2)
>>> f["codes"]["S19"]["options"][0]["cost"]
['E']
>>> f["rules"]["hand_limit"], f["rules"]["penalty"], f["rules"]["life_cap"]
(10, 2, 15)
"""

from __future__ import annotations

from typing import Any

from bodoge.core.i18n import text
from bodoge.games.ruler_of_mana.cards import CardSet, ManaKind, Spell
from bodoge.games.ruler_of_mana.rules import CYCLE_CARDS, EXPERT_LIFE_CAP, HAND_LIMIT, PENALTY
from bodoge.games.ruler_of_mana.words import code_words, effects_words, face_words

__all__ = ["faces"]


def faces(cards: CardSet, lang: str) -> dict[str, Any]:
    """``cards``: card id -> its code; ``codes``: code -> kind (mana, spell, scroll), element,
    orbs, name, options with cost symbols and effects in words, and the whole face in words;
    ``names``: every code, option (``S19/3``) and one-unit payment (``W2/1``) in words, for
    labelling steps; ``rules``: the rule numbers the table warns by (RM-2.2 (C), RM-2.4, RM-5.1),
    from ``rules.py``, never repeated in the page."""
    codes: dict[str, dict[str, Any]] = {}
    names: dict[str, str] = {}
    for code, face in cards.by_code.items():
        entry: dict[str, Any] = {"name": face.name(lang), "words": face_words(cards, code, lang)}
        if isinstance(face, ManaKind):
            entry |= {"kind": "mana", "element": face.element, "orbs": face.orbs}
            if face.orbs == 2:  # RM-3.4: the step that pays one unit with a 2-orb card
                card = code_words(cards, code, lang)
                names[f"{code}/1"] = text("rm.step.pay_units", lang, card=card, units=1)
        elif isinstance(face, Spell):
            options = [
                {"cost": list(o.cost.symbols), "effects": effects_words(o, lang)}
                for o in face.options
            ]
            entry |= {"kind": "spell", "element": face.element, "options": options}
            for k, o in enumerate(options, 1):
                names[f"{code}/{k}"] = text(
                    "rm.card.option_named",
                    lang,
                    name=face.name(lang),
                    option=k,
                    effects=o["effects"],
                )
        else:
            entry |= {"kind": "scroll", "timing": face.timing}
        codes[code] = entry
        names[code] = code_words(cards, code, lang)
    ids = {c.id: {"code": c.code} for c in cards.cards}
    rules = {
        "cycle": CYCLE_CARDS,  # RM-2.2 (C)
        "hand_limit": HAND_LIMIT,  # RM-2.4 (expert)
        "penalty": PENALTY,  # RM-2.4 (expert)
        "life_cap": EXPERT_LIFE_CAP,  # RM-5.1 (expert)
    }
    return {"cards": ids, "codes": codes, "names": names, "rules": rules}
