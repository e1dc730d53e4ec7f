"""Ruler of Mana effect language (cards page §3) and the reaction language of scrolls (§5)."""

from __future__ import annotations

import pytest

from bodoge.core.testing import run_doctests
from bodoge.games.ruler_of_mana import effects as effects_module
from bodoge.games.ruler_of_mana.effects import (
    TARGET_KINDS,
    VERBS,
    Effect,
    ReactionEffect,
    TargetKind,
    parse_effect,
    parse_effects,
    parse_option,
    parse_reaction,
    resolve_targets,
)
from bodoge.games.ruler_of_mana.payment import parse_cost

# -- effects -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "effect"),
    [
        ("damage(one_opponent, 2, fire)", Effect("damage", "one_opponent", 2, "fire")),
        ("damage(all_players, 3, none)", Effect("damage", "all_players", 3, "none")),
        ("heal(self, 2)", Effect("heal", "self", 2)),
        ("shield(self, 8)", Effect("shield", "self", 8)),
        ("draw(3)", Effect("draw", None, 3)),
        ("steal(one_opponent, 1)", Effect("steal", "one_opponent", 1)),
        ("take(one_opponent, 2)", Effect("take", "one_opponent", 2)),
        ("discard(all_opponents, 1)", Effect("discard", "all_opponents", 1)),
        ("discard_random(one_opponent, 2)", Effect("discard_random", "one_opponent", 2)),
        ("scry(5)", Effect("scry", None, 5)),
        ("skip(one_opponent)", Effect("skip", "one_opponent")),
        ("swap_hands(one_opponent)", Effect("swap_hands", "one_opponent")),
        ("recover(3)", Effect("recover", None, 3)),
    ],
)
def test_cards_3_2_every_verb_parses_and_prints_back(text: str, effect: Effect) -> None:
    assert parse_effect(text) == effect
    assert str(effect) == text
    assert parse_effect(f"  {text.replace(', ', ',')}  ") == effect


def test_cards_3_2_vocabulary_is_closed() -> None:
    assert set(VERBS) == {
        "damage",
        "heal",
        "shield",
        "draw",
        "steal",
        "take",
        "discard",
        "discard_random",
        "scry",
        "skip",
        "swap_hands",
        "recover",
    }
    assert set(TARGET_KINDS) == {
        "self",
        "one_opponent",
        "all_opponents",
        "all_players",
        "left",
        "right",
    }


def test_parse_effects_in_order() -> None:
    parsed = parse_effects("damage(one_opponent, 2, fire) + heal(self, 2)")
    assert parsed == (Effect("damage", "one_opponent", 2, "fire"), Effect("heal", "self", 2))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("dmg(one_opponent, 2, fire)", "unknown effect verb 'dmg'"),
        ("heal(2)", r"heal takes \(T, n\), got 1 argument"),
        ("draw", "draw takes .*got no parentheses"),
        ("draw()", "got 0 arguments"),
        ("damage(one_opponent, 2)", "got 2 arguments"),
        ("damage(enemy, 2, fire)", "unknown target kind 'enemy'"),
        ("damage(one_opponent, 2, lava)", "unknown damage element 'lava'"),
        ("damage(one_opponent, 0, fire)", "whole number >= 1"),
        ("damage(one_opponent, -1, fire)", "whole number >= 1"),
        ("draw(two)", "whole number >= 1"),
        ("draw(1.5)", "whole number >= 1"),
        ("steal(self, 1)", "steal cannot target self"),
        ("take(all_players, 1)", "take cannot target all_players"),
        ("swap_hands(all_opponents)", "swap_hands cannot target all_opponents"),
        ("Draw(1)", "cannot read"),
        ("draw(1) draw(1)", "cannot read|whole number"),
        ("", "empty effect"),
        ("draw(1) +", "empty effect"),
        ("draw(1) + + draw(1)", "empty effect"),
    ],
)
def test_effect_errors(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message) as caught:
        parse_effects(text)
    assert "\n" not in str(caught.value)


# -- options -----------------------------------------------------------------------------------


def test_parse_option() -> None:
    option = parse_option("F F -> damage(one_opponent, 5, fire)")
    assert option.cost == parse_cost("F F")
    assert option.effects == (Effect("damage", "one_opponent", 5, "fire"),)
    assert str(option) == "F F -> damage(one_opponent, 5, fire)"
    assert parse_option(str(option)) == option


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("F F damage(one_opponent, 5, fire)", "cost -> effects"),
        ("F -> draw(1) -> draw(1)", "cost -> effects"),
        ("-> draw(1)", "empty cost"),
        ("F G -> draw(1)", "unknown cost symbol 'G'"),
        ("F ->", "empty effect"),
        ("F -> zap(1)", "unknown effect verb 'zap'"),
    ],
)
def test_option_errors(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_option(text)


def test_option_properties() -> None:
    s07 = parse_option("F F A A -> damage(all_opponents, 2, fire) + damage(one_opponent, 3, fire)")
    assert s07.needs_target
    assert s07.deals_damage
    assert s07.damage_targets == ("all_opponents", "one_opponent")
    assert s07.target_kinds == ("all_opponents", "one_opponent")
    # cards §3.3: a target of both parts takes 2 damage events
    assert s07.target_sets(caster=0, players=3, chosen=2) == ((1, 2), (2,))
    assert s07.targeted_players(0, 3, 2) == {1, 2}

    s29 = parse_option("A A -> draw(3) + steal(one_opponent, 1)")
    assert s29.needs_target and not s29.deals_damage
    assert s29.damage_targets == ()
    assert s29.targeted_players(1, 4, 3) == {3}
    assert s29.damage_targeted_players(1, 4, 3) == frozenset()

    s13 = parse_option("W W E -> heal(self, 6) + shield(self, 2)")
    assert not s13.needs_target
    assert s13.targeted_players(0, 4) == frozenset()  # the caster is never "targeted"

    s18 = parse_option("W F -> damage(all_players, 3, water)")
    assert s18.target_sets(1, 3) == ((2, 0, 1),)  # caster last
    assert s18.damage_targeted_players(1, 3) == {0, 2}

    s33 = parse_option("A -> scry(3) + draw(2)")
    assert s33.target_sets(0, 2) == ((), ())
    assert s33.target_kinds == ()


def test_cards_5_only_targeted_players_are_targeted_by_neighbour_spells() -> None:
    s04 = parse_option("F -> damage(left, 3, fire)")
    assert s04.targeted_players(caster=0, players=4) == {1}
    assert 3 not in s04.targeted_players(0, 4)  # the caster's right may only use R07
    assert s04.targeted_players(caster=0, players=2) == {1}  # 2 players: left is the opponent


# -- resolve_targets (cards §3.4) ----------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_cards_3_4_resolution_order(players: int) -> None:
    for caster in range(players):
        others = tuple((caster + i) % players for i in range(1, players))
        assert resolve_targets("self", caster, players) == (caster,)
        assert resolve_targets("all_opponents", caster, players) == others
        assert resolve_targets("all_players", caster, players) == (*others, caster)
        assert resolve_targets("left", caster, players) == ((caster + 1) % players,)
        assert resolve_targets("right", caster, players) == ((caster - 1) % players,)
        for chosen in others:
            assert resolve_targets("one_opponent", caster, players, chosen) == (chosen,)


def test_cards_0_two_players_left_and_right_are_the_opponent() -> None:
    assert resolve_targets("left", 0, 2) == resolve_targets("right", 0, 2) == (1,)
    assert resolve_targets("left", 1, 2) == resolve_targets("right", 1, 2) == (0,)


def test_resolve_targets_skips_seats_not_alive() -> None:
    alive = [True, False, True, True]
    assert resolve_targets("left", 0, 4, alive=alive) == (2,)
    assert resolve_targets("all_players", 0, 4, alive=alive) == (2, 3, 0)
    with pytest.raises(ValueError, match="one_opponent"):
        resolve_targets("one_opponent", 0, 4, chosen=1, alive=alive)


@pytest.mark.parametrize(
    ("kind", "caster", "players", "chosen"),
    [
        ("one_opponent", 0, 3, None),
        ("one_opponent", 0, 3, 0),
        ("one_opponent", 0, 3, 3),
        ("self", 3, 3, None),
        ("self", -1, 3, None),
        ("nobody", 0, 3, None),
    ],
)
def test_resolve_targets_errors(
    kind: TargetKind, caster: int, players: int, chosen: int | None
) -> None:
    with pytest.raises(ValueError):
        resolve_targets(kind, caster, players, chosen)


# -- reactions ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "trigger", "timing", "verbs", "own"),
    [
        ("cancel", "targeted", "window", [ReactionEffect("cancel")], []),
        ("untarget", "targeted", "window", [ReactionEffect("untarget")], []),
        ("halve", "damage_targeted", "window", [ReactionEffect("halve")], []),
        ("reflect", "damage_targeted", "window", [ReactionEffect("reflect")], []),
        ("retaliate(4)", "damage_targeted", "window", [ReactionEffect("retaliate", 4)], []),
        ("siphon", "spell_cast", "window", [ReactionEffect("siphon")], []),
        (
            "prevent + heal(self, 3)",
            "lethal",
            "lethal",
            [ReactionEffect("prevent")],
            [Effect("heal", "self", 3)],
        ),
        (
            "halve + retaliate(2) + siphon + draw(1)",
            "damage_targeted",
            "window",
            [ReactionEffect("halve"), ReactionEffect("retaliate", 2), ReactionEffect("siphon")],
            [Effect("draw", None, 1)],
        ),
    ],
)
def test_reactions_parse(
    text: str, trigger: str, timing: str, verbs: list[ReactionEffect], own: list[Effect]
) -> None:
    reaction = parse_reaction(text, trigger, timing)
    assert reaction.trigger == trigger
    assert reaction.timing == timing
    assert list(reaction.verbs) == verbs
    assert list(reaction.own_effects) == own
    assert str(reaction) == text
    for verb in verbs:
        assert reaction.has(verb.verb)


def test_reaction_retaliation_amount() -> None:
    assert parse_reaction("retaliate(4)", "damage_targeted").retaliation == 4
    assert parse_reaction("halve", "damage_targeted").retaliation is None


@pytest.mark.parametrize(
    ("text", "trigger", "timing", "message"),
    [
        ("prevent", "targeted", "window", "prevent is a lethal reaction verb"),
        ("cancel", "lethal", "lethal", "cancel is a window reaction verb"),
        ("heal(self, 3)", "lethal", "lethal", "needs a reaction verb"),
        ("explode", "targeted", "window", "unknown reaction verb 'explode'"),
        ("cancel + halve", "targeted", "window", "cancel and halve cannot be combined"),
        ("halve + reflect", "damage_targeted", "window", "cannot be combined"),
        ("siphon + siphon", "spell_cast", "window", "siphon appears twice"),
        ("retaliate", "damage_targeted", "window", r"retaliate takes \(n\)"),
        ("retaliate(0)", "damage_targeted", "window", "whole number >= 1"),
        ("retaliate(1, 2)", "damage_targeted", "window", r"retaliate takes \(n\)"),
        ("cancel(1)", "targeted", "window", "cancel takes no arguments"),
        ("cancel + damage(one_opponent, 2, none)", "targeted", "window", "only target self"),
        ("draw(1) + cancel", "targeted", "window", "reaction verbs before"),
        ("cancel", "lethal", "window", "trigger lethal does not fit timing window"),
        ("prevent", "targeted", "lethal", "trigger targeted does not fit timing lethal"),
        ("cancel", "attacked", "window", "unknown trigger 'attacked'"),
        ("cancel", "targeted", "instant", "unknown timing 'instant'"),
        ("cancel", "targeted", "main", "main scroll"),
        ("", "targeted", "window", "empty effect"),
    ],
)
def test_reaction_errors(text: str, trigger: str, timing: str, message: str) -> None:
    with pytest.raises(ValueError, match=message) as caught:
        parse_reaction(text, trigger, timing)
    assert "\n" not in str(caught.value)


def test_doctests() -> None:
    result = run_doctests(effects_module)
    assert result.failed == 0 and result.attempted > 0
