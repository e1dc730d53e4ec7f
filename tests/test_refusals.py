"""Every refusal a person can meet reads in their language (issue 9, part 9): IllegalAction
carries a catalogue key, ``text("ja")`` is Japanese, and every key the code names has both texts."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import bodoge
from bodoge.core.errors import IllegalAction
from bodoge.core.i18n import catalogue
from bodoge.core.state import State
from bodoge.core.testing import is_japanese, random_game
from bodoge.games.ruler_of_mana.explain import WAITING

SRC = Path(bodoge.__file__).parent

# Words a person might type that no position accepts as they stand, whatever the game.
NONSENSE = ["R1", "draw R1", "pass pass", "take 0", "take 9", "complete M1-01 Y1", "activate HK"]
NONSENSE += ["cast S01/1", "cast S99/1", "cast S19/9", "scroll R03", "scroll R99", "react R06"]
NONSENSE += ["react", "cycle", "exchange", "@0", "@1", "keep F1", "pick 0", "W1", "complete M4-01"]


def refusals(game: bodoge.Game, seeds: range) -> list[IllegalAction]:
    """The refusals met by throwing the nonsense, and steps of other moments, at random play."""
    met: list[IllegalAction] = []
    seen_steps: set[str] = set()

    def probe(state: State) -> None:
        legal = {str(a) for a in state.legal_actions()}
        seen_steps.update(legal)
        tries = NONSENSE + sorted(seen_steps - legal)[:12]
        for entry in random.Random(len(state.history)).sample(tries, 6):
            try:
                state.clone().apply(entry)
            except IllegalAction as err:
                met.append(err)

    for seed in seeds:
        random_game(game, seed, on_step=lambda s: None if len(s.history) % 5 else probe(s))
    return met


@pytest.mark.parametrize(
    ("name", "variant"),
    [("extreme-mission", "basic"), ("ruler-of-mana", "basic"), ("ruler-of-mana", "expert")],
)
def test_refusals_in_random_play_read_in_japanese(name: str, variant: str) -> None:
    met = refusals(bodoge.make(name, players=3, variant=variant, turn_cap=40), range(2))
    reasons = {getattr(err.message.fields.get("reason"), "key", None) for err in met} - {None}
    assert len(met) > 100 and len(reasons) >= 3, "the probe met too few kinds of refusal"
    for err in met:
        ja, en = err.text("ja"), err.text("en")
        assert en == str(err) and ja != en and is_japanese(ja), f"{err.key}: {ja!r}"
        assert "\n" not in ja


def _named_keys() -> set[str]:
    """Every catalogue key the code names as a literal in a refusal or a result."""
    pattern = re.compile(
        r"""(?:Message|IllegalAction|SetupError|UnknownGame|Rung|_why)\(\s*"([a-z_.]+)"|"""
        r"""top_tie=\("([a-z_.]+)"|of="([a-z_.]+)"|"""
        r"""\(\s*"((?:em|rm|result)\.result\.[a-z_]+|result\.tied)\""""
    )
    keys: set[str] = set()
    for path in SRC.rglob("*.py"):
        for match in pattern.finditer(path.read_text("utf-8")):
            key = next(g for g in match.groups() if g)
            keys.add(f"rm.illegal.{key}" if "." not in key else key)
    return keys


def test_every_refusal_and_result_key_has_both_languages() -> None:
    entries = catalogue()
    keys = _named_keys()
    assert {"illegal.not_legal", "em.illegal.drop", "rm.illegal.cannot_pay"} <= keys
    assert {"setup.players", "em.setup.unknown_mission", "rm.setup.deck_empty"} <= keys
    keys |= {f"rm.waiting.{kind}" for kind in WAITING}
    wanted = set()
    for key in keys:
        forms = [key] if key in entries else [f"{key}.ahead", f"{key}.behind"]
        wanted.update(forms)
    missing = sorted(k for k in wanted if k not in entries)
    assert missing == []
    for key in wanted:
        en, ja = entries[key]["en"], entries[key]["ja"]
        frame_only = not re.sub(r"\{\w+\}|[「」：。、（）\s]", "", ja)  # "「{whole}」：{why}"
        if not re.sub(r"\{\w+\}", "", en).strip() and ja == en:
            continue  # "{text}": a text passed on as written (a parser's own), no words of ours
        assert not is_japanese(en) and ja != en and (frame_only or is_japanese(ja)), key


def test_illegal_action_keeps_its_english_one_liner() -> None:
    state = bodoge.make("extreme-mission", players=2).new_state(seed=1)
    with pytest.raises(IllegalAction) as err:
        state.apply("R1")
    assert str(err.value).startswith("'R1' is not legal now; legal: draw")
    assert err.value.text("ja").startswith("「R1」は今は選べません。選べる手：draw")
    assert err.value.key == "illegal.not_legal"


@pytest.mark.parametrize("name", ["extreme-mission", "ruler-of-mana"])
def test_a_japanese_terminal_session_gives_its_reasons_in_japanese(name: str) -> None:
    from typer.testing import CliRunner

    from bodoge.cli import app

    answers = ["R1", "draw R1", "take 0", "cast S01/1", "@1", "keep Q", "quit"]
    args = ["play", name, "--seats", "human,random", "--seed", "3", "--lang", "ja"]
    out = CliRunner().invoke(app, args, input="\n".join(answers) + "\n").stdout
    prefix = "受け付けられません："
    reasons = [line.split(prefix, 1)[1] for line in out.splitlines() if prefix in line]
    assert len(reasons) == 6
    for reason in reasons:
        assert is_japanese(reason) and "not legal" not in reason, reason
