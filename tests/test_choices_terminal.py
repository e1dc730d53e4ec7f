"""``bodoge play`` builds a compound action with ``state.choices``: items in any order, one or
several a line, ``back``, ``cancel``, and the whole action applied only when confirmed. Includes
the two cases a new user hit (issue 9): Extreme Mission ``complete M1-07``, ``P8`` then ``R1``;
Ruler of Mana ``cast S22/3`` then ``E2``."""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

from extreme_mission.em_helpers import MISSIONS as LAID
from terminal_helpers import scripted

import bodoge
from bodoge.core.i18n import text
from bodoge.play.terminal import TerminalPlay

MISSIONS = ["M1-07", *LAID[1:]]  # Rooftop Escape laid
ROOFTOP = {"hands": {0: ["I-R1a", "I-R2a", "I-P8a", "I-G5a"]}, "missions": MISSIONS}


def session(
    game: bodoge.Game, setup: Mapping[str, Any], answers: list[str], lang: str = "en"
) -> tuple[str, bodoge.Result | None]:
    """Play seat 0 with ``answers`` (then quit) against a random seat 1; the screen and result."""
    from rich.console import Console

    buffer = io.StringIO()
    read = scripted(answers, buffer, then="quit")

    play = TerminalPlay(
        game,
        ["human", "random"],
        seed=1,
        lang=lang,
        setup=setup,
        console=Console(file=buffer, width=120),
        read_line=read,
    )
    result = play.run()
    return buffer.getvalue(), result


def em() -> bodoge.Game:
    return bodoge.make("extreme-mission", players=2, turn_cap=2)


def said(step: str, lang: str) -> str:
    """A first step at Rooftop Escape in words, as the builder says the action it begins."""
    legal = em().new_state(1, setup=ROOFTOP).legal_actions()
    return next(a for a in legal if a.notation == step).describe(lang)


def errors(out: str) -> list[str]:
    return [line for line in out.splitlines() if "Not accepted:" in line]


def test_em_3_4_rooftop_escape_p8_then_r1_is_accepted() -> None:
    """Issue 9: after ``complete M1-07`` and ``P8``, ``R1`` was refused ("legal: HK, DR, SN, IN,
    FG"), forcing a collaborator to be burnt."""
    state = em().new_state(1, setup=ROOFTOP)
    assert "R1" in state.choices("complete M1-07", ["P8"]).addable
    out, result = session(em(), ROOFTOP, ["complete M1-07", "P8", "R1", "R2", "ok", "pass"])
    assert errors(out) == []
    assert "Seat 0 completes Rooftop Escape (M1-07) with red 1, red 2, purple 8" in out
    assert result is not None and result.scores[0] == 1.0


def test_items_several_at_once_in_any_order_and_enter_confirms() -> None:
    out, _ = session(em(), ROOFTOP, ["complete M1-07", "P8 R2 R1", "", "pass"])
    assert errors(out) == []
    assert "Chosen: P8 (purple 8), R2 (red 2), R1 (red 1)" in out
    assert text("play.build.complete", "en") in out
    assert "completes Rooftop Escape (M1-07) with red 1, red 2, purple 8" in out


def test_numbers_pick_the_step_and_then_the_items_shown() -> None:
    legal = [a.notation for a in em().new_state(1, setup=ROOFTOP).legal_actions()]
    number = str(legal.index("complete M1-07") + 1)
    # the items are shown R1 R2 G5 P8 ...: 4 is P8, then 1 and 1 are R1 and (renumbered) R2
    out, _ = session(em(), ROOFTOP, [number, "4", "1", "1", "ok", "pass"])
    assert errors(out) == []
    assert "completes Rooftop Escape (M1-07) with red 1, red 2, purple 8" in out


def test_back_takes_the_last_item_out() -> None:
    out, _ = session(em(), ROOFTOP, ["complete M1-07", "P8", "G5", "back", "R1 R2", "ok", "pass"])
    assert "Chosen: P8 (purple 8), G5 (green 5)\n" in out
    after_back = out.split("back\n", 1)[1]
    assert after_back.startswith("Building:") and "Chosen: P8 (purple 8)\n" in after_back
    assert "with red 1, red 2, purple 8" in out


def test_cancel_abandons_and_nothing_is_done() -> None:
    out, result = session(em(), ROOFTOP, ["complete M1-07", "P8", "R1", "cancel", "quit"])
    assert result is None
    assert text("play.build.cancelled", "en", what=said("complete M1-07", "en")) in out
    assert "complete M1-07:" not in out  # the audit: "cycle: abandoned, nothing was done."
    assert "completes" not in out
    after = out.split("cancel\n", 1)[1]
    assert text("play.steps", "en") in after  # the choices are shown again


def test_ok_before_complete_is_refused_and_a_wrong_item_is_explained() -> None:
    out, _ = session(em(), ROOFTOP, ["complete M1-07", "P8", "ok", "R1 Y9", "quit"])
    refused = errors(out)
    assert len(refused) == 2
    assert "not complete yet" in refused[0]
    assert "you do not hold Y9 (yellow 9)" in refused[1]
    # all or nothing: R1 of the refused line was not added either
    assert out.count("Chosen: P8 (purple 8)\n") == 3


def test_a_whole_action_typed_at_once_still_works_in_any_order() -> None:
    out, _ = session(em(), ROOFTOP, ["complete M1-07 P8 R2 R1", "pass"])
    assert errors(out) == [] and "Building:" not in out
    assert "completes Rooftop Escape (M1-07) with red 1, red 2, purple 8" in out


def test_em_3_4_a_mission_that_needs_collaborators_says_how_many() -> None:
    setup = {"hands": {0: ["I-R1a", "I-P8a"]}, "missions": MISSIONS}
    out, _ = session(em(), setup, ["complete M1-07", "quit"])
    flat = " ".join(out.split())  # the table of steps wraps long lines
    assert "(M1-07, level 1: a run of 2 numbers in one colour + any card) — Needs 1" in flat
    assert "(M1-02, level 1: a run of 3 numbers) — Needs 2 collaborators as wilds." in flat
    building = out.split("complete M1-07\n", 1)[1]
    assert text("em.build.wild", "en") in building  # R2 is missing: one collaborator as a wild
    out, _ = session(em(), setup, ["complete M1-07", "P8", "R1", "HK", "ok", "pass"], "ja")
    assert text("em.build.wild", "ja") in out
    assert "ハッカー" in out or "HK" in out
    assert "受け付けられません" not in out


def test_rm_3_4_cast_s22_3_then_e2_offers_every_payment_the_hand_allows() -> None:
    """Issue 9: after ``cast S22/3`` (E E W) and ``E2``, only ``RB`` was offered though the hand
    holds a W1 that pays the W."""
    game = bodoge.make("ruler-of-mana", players=2)
    setup = {
        "hands": {0: ["S22", "ME2-01", "ME1-01", "MW1-01", "MR-01"], 1: ["S01"]},
        "deck": ["MF1-01"],
    }
    state = game.new_state(1, setup=setup)
    assert {"W1", "RB"} <= set(state.choices("cast S22/3", ["E2"]).addable)
    out, _ = session(game, setup, ["cast S22/3", "E2", "W1", "ok"])
    assert errors(out) == []
    paid = out.split("): W1\n", 1)[1]
    assert "Chosen: E2 [Earth mana (2 orbs)], W1 (Water mana)" in paid
    assert "Complete: ok (or 1, or Enter) does it" in paid  # E2 pays E E; ok applies the cast
    assert "Seat 0 casts Gaia's Blessing (S22), option 3, paying" in out


def test_in_japanese_the_builder_speaks_japanese() -> None:
    out, _ = session(em(), ROOFTOP, ["complete M1-07", "P8", "back", "cancel", "quit"], "ja")
    for key in ("play.build.addable", "play.build.incomplete"):
        assert text(key, "ja") in out
    assert text("play.build.cancelled", "ja", what=said("complete M1-07", "ja")) in out
    assert "紫の8" in out


def test_once_complete_1_confirms() -> None:
    out, _ = session(em(), ROOFTOP, ["complete M1-07", "R1 R2 P8", "1", "pass"])
    assert errors(out) == []
    assert "1  ok" in out and text("play.build.do_it", "en") in out
    assert "completes Rooftop Escape (M1-07) with red 1, red 2, purple 8" in out
