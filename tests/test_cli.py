"""The `bodoge` command (simulate, play) and the engine benchmark, driven as a user drives them."""

from __future__ import annotations

import copy
import csv
import io
import json
import math
import random
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import bodoge
from bodoge.agents import Budget, Decision, ISMCTSAgent
from bodoge.arena.command import write_csv
from bodoge.cli import app
from bodoge.core.i18n import text
from bodoge.play.terminal import GameWords, TerminalPlay, game_hooks, whole_action

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()

PLAY = ["play", "extreme-mission", "--seats", "human,random", "--seed", "3"]


# ------------------------------------------------------------------------------ simulate
def test_simulate_prints_tables_and_writes_the_json(tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    result = runner.invoke(
        app,
        [
            "simulate",
            "extreme-mission",
            "--players",
            "4",
            "--games",
            "20",
            "--seed",
            "1",
            "--json",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    for words in (
        "games",
        "turns, mean",
        "turns, median",
        "truncated by the turn cap",
        "win share",
        "turn cap 200",
    ):
        assert words in result.stdout
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["games"] == 20 and data["players"] == 4 and data["turn_cap"] == 200
    for key in ("turns_mean", "turns_median", "steps_mean", "truncated_share", "no_winner"):
        assert isinstance(data[key], (int, float))
    assert [s["seat"] for s in data["seats"]] == [0, 1, 2, 3]
    assert all({"wins", "win_share", "mean_score"} <= set(s) for s in data["seats"])
    assert len(data["records"]) == 20


def test_simulate_is_deterministic(tmp_path: Path) -> None:
    reports = []
    for name in ("a.json", "b.json"):
        args = [
            "simulate",
            "extreme-mission",
            "--players",
            "3",
            "--games",
            "5",
            "--seed",
            "7",
            "--turn-cap",
            "30",
            "--json",
            str(tmp_path / name),
        ]
        assert runner.invoke(app, args).exit_code == 0
        reports.append((tmp_path / name).read_text(encoding="utf-8"))
    assert reports[0] == reports[1]


def test_simulate_in_japanese() -> None:
    result = runner.invoke(
        app, ["simulate", "extreme-mission", "--games", "2", "--turn-cap", "10", "--lang", "ja"]
    )
    assert result.exit_code == 0
    assert "手番数（平均）" in result.stdout and "勝率" in result.stdout


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["simulate", "chess"], "unknown game 'chess'"),
        (["simulate", "extreme-mission", "--players", "9"], "2–5 players"),
        (["simulate", "extreme-mission", "--seats", "random,robot"], "unknown seat 'robot'"),
        (["simulate", "extreme-mission", "--lang", "fr"], "unknown language 'fr'"),
        (["play", "chess"], "unknown game 'chess'"),
        (["play", "extreme-mission", "--seats", "human,robot"], "unknown seat 'robot'"),
        (["play", "extreme-mission", "--seats", "human"], "2–5 players"),
        (["play", "extreme-mission", "--seats", "random,random"], "no human seat"),
    ],
)
def test_bad_arguments_get_one_line_and_exit_code_2(args: list[str], fragment: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and fragment in lines[0]
    assert "Traceback" not in result.output


# ------------------------------------------------------------------------------ play
def play(lines: list[str], lang: str = "en", *extra: str) -> str:
    result = runner.invoke(app, [*PLAY, "--lang", lang, *extra], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result.stdout


def test_first_prompt_shows_only_the_seat_view_and_numbered_steps() -> None:
    out = play(["quit"])
    state = bodoge.make("extreme-mission", players=2).new_state(3)
    hand = state.view(0)["hand"]
    assert "you are seat 0" in out and "Your hand (8)" in out
    assert "Seat 1 is dealt 8 cards" in out  # seat 1's cards are not shown
    assert "Seat 0 is dealt: red 2" in out
    other_hand = json.dumps(state.view(1)["hand"])
    assert other_hand not in out and len(hand) == 8
    for number, action in enumerate(state.legal_actions(), 1):
        assert f"{number}  {action}" in out
        assert action.describe("en").split(" (")[0] in out
    assert out.rstrip().endswith("Game abandoned.")


def test_bad_input_gets_one_line_and_play_goes_on() -> None:
    out = play(["no-such-step", "99", "1", "quit"])
    errors = [line for line in out.splitlines() if "Not accepted:" in line]
    assert len(errors) == 2
    assert "'no-such-step' is not legal now" in errors[0]
    assert "There is no choice 99: choose 1 to 14" in errors[1]
    # after the errors, "1" (draw) was taken: the drawn card is reported, then quit
    assert "Seat 0 draws " in out.split(errors[1])[1]
    assert out.rstrip().endswith("Game abandoned.")


def test_help_and_end_of_input() -> None:
    out = play(["help"])  # then the input ends: like quit
    assert text("play.help", "en") in out
    assert out.rstrip().endswith("Game abandoned.")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_whole_game_answering_1_finishes_with_the_result(lang: str) -> None:
    out = play(["1"] * 600, lang, "--turn-cap", "16")
    assert text("play.over", lang) in out and text("play.result", lang) in out
    assert text("play.truncated", lang) in out  # 16 turns: the cap ended it
    assert text("play.no_winner", lang) in out or text("play.winners", lang, seats="")[:3] in out
    if lang == "ja":
        for words in ("あなたの手札", "山札から補充", "選べる手", "結果", "順位"):
            assert words in out, words


def test_hot_seat_asks_to_pass_the_terminal() -> None:
    result = runner.invoke(
        app,
        ["play", "extreme-mission", "--seats", "human,human", "--seed", "1"],
        input="\npass\n\nquit\n",
    )
    assert result.exit_code == 0
    assert "Pass the terminal to seat 0" in result.stdout
    assert "Pass the terminal to seat 1" in result.stdout
    assert "you are seat 1" in result.stdout
    assert "seed" not in result.stdout.lower(), "the seed reveals the deck: not before the end"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_hot_seat_shows_the_seed_only_once_the_game_is_over(lang: str) -> None:
    args = ["play", "extreme-mission", "--seats", "human,human", "--seed", "4", "--lang", lang]
    answers = ["", "1", "14"] * 6  # each seat: take the terminal, draw, pass
    out = runner.invoke(app, [*args, "--turn-cap", "2"], input="\n".join(answers)).stdout
    replay = text("play.replay", lang, seed=4)
    assert text("play.over", lang) in out and replay in out
    assert "--seed" not in out.split(text("play.over", lang))[0]


def test_help_gives_the_games_own_examples() -> None:
    em = play(["help", "quit"])
    assert "complete M1-02 R4 B5 G6" in em and "cast S" not in em
    rm = runner.invoke(
        app, ["play", "ruler-of-mana", "--seats", "human,random", "--seed", "3"], input="help\n"
    ).stdout
    assert "cast S14/2 @1 F1 W1" in rm and "complete M1" not in rm


# ------------------------------------------------------------------------------ pieces
SCENARIO = {
    "hands": {0: ["I-R4a", "I-B5a", "I-G6a"]},
    "missions": [f"M{level}-0{i}" for level in (1, 2, 3, 4) for i in (1, 2, 3)],
}


def test_whole_actions_stay_within_the_seat_decisions() -> None:
    game = bodoge.make("extreme-mission", players=2)
    state = game.new_state(1, setup=SCENARIO)
    words = GameWords(game, "en")
    assert whole_action(state, 0, "complete M1-02 R4 B5 G6", words) == [
        "complete M1-02",
        "R4",
        "B5",
        "G6",
    ]
    with pytest.raises(bodoge.IllegalAction, match=r"past your own decisions|one action at a"):
        whole_action(state, 0, "pass draw", words)  # "draw" would be seat 1's
    assert state.history == []  # nothing was applied


def test_a_string_that_reaches_into_another_seat_decision_is_refused() -> None:
    """Even if a game's ``apply`` took steps of two seats in one string, the terminal would not."""

    class TwoSeats:  # every step hands the decision to the other seat
        def __init__(self, history: list[str]) -> None:
            self.history = history

        @property
        def current_player(self) -> int:
            return len(self.history) % 2

        def clone(self) -> TwoSeats:
            return TwoSeats(list(self.history))

        def apply(self, entry: str) -> None:
            self.history.extend(entry.split())

    words = GameWords(bodoge.make("extreme-mission", players=2), "en")
    state = TwoSeats([])
    assert whole_action(state, 0, "pass", words) == ["pass"]  # type: ignore[arg-type]
    with pytest.raises(bodoge.IllegalAction, match="goes on past your own decisions"):
        whole_action(state, 0, "pass draw", words)  # type: ignore[arg-type]
    assert state.history == []


def test_a_scripted_session_completes_a_mission_in_one_line() -> None:
    game = bodoge.make("extreme-mission", players=2, turn_cap=2)
    answers = iter(["complete M1-02 R4 B5 G6", "pass"])
    buffer = io.StringIO()
    session = TerminalPlay(
        game,
        ["human", "random"],
        seed=1,
        lang="en",
        setup=SCENARIO,
        console=Console(file=buffer, width=100),
        read_line=lambda prompt: next(answers),
    )
    result = session.run()
    out = buffer.getvalue()
    name = game.cards.mission("M1-02").en  # type: ignore[attr-defined]
    assert f"Seat 0 completes {name} (M1-02) with red 4, blue 5, green 6" in out
    assert result is not None and result.truncated and result.scores[0] == 1.0
    assert "Result" in out and "No winner." in out


def test_the_game_provides_its_words() -> None:
    game = bodoge.make("extreme-mission", players=2)
    describe_event, describe_card = game_hooks(game)
    assert describe_event is not None and describe_card is not None
    words = GameWords(game, "ja")
    assert words.event({"event": "draw", "seat": 1}) == "席1が山札から1枚引いた"
    assert words.value("hand", ["I-R7a", "I-P9b"]) == "R7 赤の7、P9 紫の9"  # the codes to type


# ------------------------------------------------------------------------------ bench
def _bench(script: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``bench/<script>`` run with ``args`` as a user runs it, its output captured."""
    return subprocess.run(
        [sys.executable, str(ROOT / "bench" / script), *args],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


def _bench_json(tmp_path: Path, script: str, *args: str) -> tuple[str, Any]:
    """``bench/<script>`` run with ``args`` and ``--json``: what it printed, and its figures."""
    out = tmp_path / "figures.json"
    done = _bench(script, *args, "--json", str(out))
    assert done.returncode == 0, done.stderr
    return done.stdout, json.loads(out.read_text(encoding="utf-8"))


def test_bench_runs_and_prints_the_ratio_to_uno(tmp_path: Path) -> None:
    printed, figures = _bench_json(tmp_path, "engine.py", "--games", "2", "--rounds", "1")
    assert "vs UNO" in printed and "extreme-mission" in printed and "×" in printed
    names = [e["game"] for e in figures["engines"]]
    assert "extreme-mission" in names and names[-1].startswith("uno")
    assert all(e["steps_per_second_vs_uno"] > 0 for e in figures["engines"])


def test_the_search_bench_prints_the_rate_and_its_spread_over_positions(tmp_path: Path) -> None:
    printed, (row,) = _bench_json(
        tmp_path,
        "ismcts.py",
        *("--games", "extreme-mission", "--players", "2", "--positions", "5"),
        *("--iterations", "10"),
    )
    assert "extreme-mission" in printed and "slow 10%" in printed
    assert row["iterations"] == 50 and row["iterations_per_second"] > 0
    slowest, median = (
        row["slowest_tenth_iterations_per_second"],
        row["median_position_iterations_per_second"],
    )
    assert 0 < slowest <= median
    # Five positions: the slowest tenth is the slowest, and the overall rate (all iterations
    # over all their time) is never below it.
    assert slowest <= row["iterations_per_second"]


def test_the_search_bench_times_hard_at_its_deeper_horizon_where_the_game_has_one(
    tmp_path: Path,
) -> None:
    """Both games' ``hard`` looks further than ``normal`` (``SEARCH_DEEP_HORIZON``): their
    searches are timed again at that horizon for the ``hard`` column."""
    _, rows = _bench_json(
        tmp_path,
        "ismcts.py",
        *("--games", "ruler-of-mana,extreme-mission", "--players", "2", "--positions", "3"),
        *("--iterations", "10"),
    )
    for row in rows:
        assert row["deep_iterations"] == 30 and row["deep_seconds"] > 0
        deep_rate = row["deep_iterations"] / row["deep_seconds"]
        assert row["hard_seconds"] == pytest.approx(min(4000 / deep_rate, 4.0))  # ceiling: 4 s
    # Below the ceiling, the hard column reads the deep rate, the normal one the usual rate.
    from bench.ismcts import Row
    from bodoge.agents.levels import HARD, NORMAL

    row = Row("ruler-of-mana", 2, 1, 4000, 1.0, 1, 1.0, deep_iterations=4000, deep_seconds=2.0)
    assert (row.level_seconds(NORMAL), row.level_seconds(HARD, deep=True)) == (0.25, 2.0)
    assert row.level_seconds(HARD) == 1.0


def test_departures_values_where_the_search_leaves_the_plan(tmp_path: Path) -> None:
    printed, figures = _bench_json(
        tmp_path,
        "departures.py",
        *("--deals", "1", "--iterations", "20", "--playouts", "3", "--workers", "1"),
    )
    assert "departures" in printed and "a game" in printed
    games = figures["games"]
    assert [(g["deal"], g["seat"]) for g in games] == [(0, 0), (0, 1)]
    assert any(g["departures"] for g in games)  # seeded: these two games have some
    for game in games:
        assert 0 <= game["score"] <= 1
        for d in game["departures"]:
            assert d["plan"] != d["chosen"] and -1 <= d["gain"] <= 1
            assert 0 <= d["turn"] <= d["turns"] and d["error"] >= 0


def test_the_horizon_trial_reports_its_settings_and_tallies_each_game() -> None:
    done = _bench(
        "horizon.py",
        *("--game", "extreme-mission", "--games", "2", "--horizon", "1", "--trust", "0.5"),
        *("--iterations", "5", "--workers", "1"),
    )
    assert done.returncode == 0, done.stderr
    assert "horizon 1, trust 0.5: horizon-trial won" in done.stdout
    tallies = [line for line in done.stderr.splitlines() if line.startswith("part 0:")]
    assert [t.split(" games")[0] for t in tallies] == ["part 0: 1/2", "part 0: 2/2"]


def test_the_horizon_trial_looks_further_near_the_end_where_the_game_counts_turns() -> None:
    args = ("--games", "2", "--iterations", "5", "--workers", "1", "--endgame", "30")
    done = _bench("horizon.py", "--game", "extreme-mission", *args, "--endgame-horizon", "1")
    assert done.returncode == 0, done.stderr
    assert "horizon the game's, 1 within 30 turns of the end, trust 1.5:" in done.stdout
    refused = _bench("horizon.py", "--game", "ruler-of-mana", *args)
    assert refused.returncode != 0
    assert "ruler-of-mana has no turns_to_finish for --endgame" in refused.stderr


def test_the_horizon_trial_writes_its_games_and_pairs_them_with_another_run(
    tmp_path: Path,
) -> None:
    args = ("--game", "extreme-mission", "--games", "2", "--iterations", "5", "--workers", "1")
    kept = tmp_path / "first.csv"
    first = _bench("horizon.py", *args, "--csv", str(kept))
    assert first.returncode == 0, first.stderr
    with kept.open(encoding="utf-8", newline="") as file:
        rows = list(csv.DictReader(file))
    assert [row["index"] for row in rows] == ["0", "1"]  # one row a game, as the arena's
    won = 0.0
    for row in rows:
        seat = [row[f"seat{s}_bot"] for s in range(2)].index("horizon-trial")
        winners = [int(w) for w in row["winners"].split(";") if w]
        won += 1 / len(winners) if seat in winners else 0.0
    assert f"horizon-trial won {won:g}/2 = " in first.stdout
    again = _bench("horizon.py", *args, "--paired", str(kept))  # iterations only: it replays
    assert again.returncode == 0, again.stderr
    assert f"paired with {kept}: +0.0 ± 0.0 points, 0 of 2 games ended differently" in (
        again.stdout
    )
    other = _bench("horizon.py", *args, "--seed", "2", "--paired", str(kept))
    assert other.returncode == 2 and "part 0:" not in other.stderr  # refused before any game
    assert f"{kept} was not played on these deals (game 0: seed " in other.stderr
    missing = _bench("horizon.py", *args, "--paired", str(tmp_path / "none.csv"))
    assert missing.returncode == 2 and "none.csv is not a CSV of games" in missing.stderr
    three = ("--game", "extreme-mission", "--players", "3", "--games", "6", *args[4:])
    assert _bench("horizon.py", *three, "--csv", str(kept)).returncode == 0
    again = _bench("horizon.py", *three, "--paired", str(kept))  # heuristic#1 and #2 beside it
    assert "+0.0 ± 0.0 points, 0 of 6 games ended differently" in again.stdout, again.stderr


def test_the_horizon_trial_adds_a_begun_actions_items_the_games_way_or_as_told(
    tmp_path: Path,
) -> None:
    """Extreme Mission searches them (``SEARCH_ITEMS_BY_POLICY``): ``--items search`` replays its
    default game for game; ``--items plan`` plays its searches as they were before."""
    args = ("--game", "extreme-mission", "--games", "2", "--iterations", "8", "--workers", "1")
    kept = tmp_path / "default.csv"
    assert _bench("horizon.py", *args, "--csv", str(kept)).returncode == 0
    searched = _bench("horizon.py", *args, "--items", "search", "--paired", str(kept))
    assert "+0.0 ± 0.0 points, 0 of 2 games ended differently" in searched.stdout
    planned = _bench("horizon.py", *args, "--items", "plan", "--paired", str(kept))
    assert planned.returncode == 0 and "games ended differently" in planned.stdout
    wrong = _bench("horizon.py", *args, "--items", "policy")
    assert wrong.returncode == 2 and "invalid choice: 'policy'" in wrong.stderr


def _games_csv(path: Path, games: list[tuple[int, int, list[str], str]]) -> str:
    """A CSV of games as the arena writes it: each game's seed, seating, bots and winners."""
    seats = len(games[0][2])
    header = ["index", "round", "seating", "seed", "turns", "steps", "truncated", "winners"]
    header += ["seconds"] + [f"seat{s}_{f}" for s in range(seats) for f in ("bot", "rank", "score")]
    with path.open("w", encoding="utf-8", newline="") as file:
        writer = csv.writer(file)
        writer.writerow(header)
        for index, (seed, seating, bots, winners) in enumerate(games):
            row: list[object] = [index, 0, seating, seed, 20, 80, 0, winners, 1.5]
            for bot in bots:
                row += [bot, 1, 0]
            writer.writerow(row)
    return str(path)


def test_two_runs_are_paired_game_by_game_over_several_files_in_any_order(
    tmp_path: Path,
) -> None:
    """``bench/paired.py``: the seat not held by the heuristic counted, whichever it is, a shared
    win as half; the games matched by deal and seating, not by their order or file."""
    n, h, t = "normal", "heuristic", "horizon-trial"
    first = _games_csv(tmp_path / "a1.csv", [(11, 0, [n, h], "0")])
    second = _games_csv(tmp_path / "a2.csv", [(12, 1, [h, n], "0;1"), (13, 0, [n, h], "1")])
    theirs = _games_csv(
        tmp_path / "b.csv", [(13, 0, [t, h], "0"), (11, 0, [t, h], "0"), (12, 1, [h, t], "0")]
    )
    done = _bench("paired.py", f"{second},{first}", theirs)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == f"{second},{first}: won 1.5/3 = 50.0% (Wilson 95%: 12.5%-87.5%)"
    assert lines[1] == f"{theirs}: won 2/3 = 66.7% (Wilson 95%: 20.8%-93.9%)"
    assert lines[2] == "paired: -16.7 ± 44.1 points, 2 of 3 games ended differently"
    short = _bench("paired.py", first, theirs)
    assert short.returncode == 2 and "seed 12, seating 1 is in one only" in short.stderr
    missing = _bench("paired.py", first, str(tmp_path / "none.csv"))
    assert missing.returncode == 2 and "none.csv is not a CSV of games" in missing.stderr
    many = _games_csv(tmp_path / "m.csv", [(11, 0, [f"{h}#1", n, f"{h}#2"], "1")])
    assert "won 1/1 = 100.0%" in _bench("paired.py", many, many).stdout  # as the arena labels
    three = _games_csv(tmp_path / "c.csv", [(11, 0, [n, t, h], "0")])
    mixed = _bench("paired.py", three, three)
    assert mixed.returncode == 2 and "game 0 has 2 seats not held by 'heuristic'" in mixed.stderr
    theirs_counted = _bench("paired.py", first, first, "--against", n)  # the heuristic's share
    assert "won 0/1 = 0.0%" in theirs_counted.stdout
    both = _bench("paired.py", f"{first},{first}", theirs)
    assert both.returncode == 2 and "the game of seed 11, seating 0 twice" in both.stderr


def test_the_horizon_trial_can_judge_the_root_on_common_samples(tmp_path: Path) -> None:
    args = ("--game", "extreme-mission", "--games", "2", "--iterations", "24", "--workers", "1")
    kept = tmp_path / "common.csv"
    first = _bench("horizon.py", *args, "--root", "common", "--csv", str(kept))
    assert first.returncode == 0, first.stderr
    assert "horizon-trial won" in first.stdout
    again = _bench("horizon.py", *args, "--root", "common", "--paired", str(kept))
    assert "+0.0 ± 0.0 points, 0 of 2 games ended differently" in again.stdout  # seeded: replays
    tree = _bench("horizon.py", *args, "--paired", str(kept))
    assert tree.returncode == 0 and "games ended differently" in tree.stdout


def test_common_samples_keep_the_plan_unless_a_step_beats_it_by_trust() -> None:
    from bench.horizon import CommonSamples
    from bodoge.agents.ismcts import Settings

    game = bodoge.make("extreme-mission", players=2)
    state = game.new_state(seed=3)
    decision = Decision.of(state)
    while len(decision.legal) < 4 or state._in_action():
        state.apply(decision.legal[0])
        decision = Decision.of(state)
    legal = decision.legal

    def agent(trust: float) -> CommonSamples:
        budget = Budget(iterations=10 * len(legal))
        search = ISMCTSAgent(game, decision.seat, random.Random(5), budget, Settings(trust=trust))
        return CommonSamples(search)

    probe = agent(0.0)  # the steps of ``act`` before its rollouts, so the generator agrees
    assert probe.search._policy_item(decision) is None
    plan = probe.search._plan_step(decision)
    assert plan is not None
    means, spreads = probe.rollouts(decision, legal.index(plan))
    assert probe.search.last_iterations == 10 * len(legal)  # every step on each of 10 samples
    assert all(0 <= m <= 1 for m in means)
    best = max(range(len(legal)), key=lambda i: (means[i], -i))
    # The same seed deals the same samples: trust 0 takes the best mean, endless trust the plan.
    assert agent(0.0).act(decision) == (legal[best] if spreads[best] > 0 else plan)
    assert agent(math.inf).act(decision) == plan


def test_the_horizon_trial_pairs_each_game_by_the_seat_the_search_held(tmp_path: Path) -> None:
    from bench.horizon import AGENT, paired_shares, shares
    from bodoge.arena.tournament import MatchRecord

    def record(index: int, seats: tuple[str, ...], winners: tuple[int, ...]) -> MatchRecord:
        return MatchRecord(
            index, 0, index, seats, 40 + index, winners, (1, 2), (1.0, 0.0), 9, 30, False, 0.1
        )

    ours = [record(0, (AGENT, "heuristic"), (0,)), record(1, ("heuristic", AGENT), (0,))]
    theirs = [record(0, ("normal", "heuristic"), (1,)), record(1, ("heuristic", "normal"), (0, 1))]
    path = tmp_path / "theirs.csv"
    write_csv(SimpleNamespace(tournament=SimpleNamespace(players=2), records=theirs), path)
    assert shares(ours) == [1.0, 0.0]
    assert paired_shares(path, ours) == [0.0, 0.5]  # the search's seat: 0, then 1
    with pytest.raises(ValueError, match="was not played on these deals"):
        paired_shares(path, [record(0, (AGENT, "heuristic"), (0,)), record(2, (AGENT, "x"), ())])
    path.write_text("index,seed\n0,40\n", encoding="utf-8")
    with pytest.raises(ValueError, match="is not a CSV of games"):
        paired_shares(path, ours)


def test_the_style_trial_plays_a_style_against_the_shipped_one() -> None:
    args = ("--games", "4", "--workers", "1")
    done = _bench("styles.py", "--style", "", "--style", "wilds=(0,0,0,2), take_gain=0.5", *args)
    assert done.returncode == 0, done.stderr
    # The shipped style against itself: a deterministic plan in both seatings of each deal
    # plays the same game, so the seat of entrant 1 wins exactly one of the two.
    assert "(shipped)" in done.stdout and "2/4" in done.stdout
    assert "wilds=(0,0,0,2), take_gain=0.5" in done.stdout
    refused = _bench("styles.py", "--style", "wild=(0,0,0,2)", *args)
    assert refused.returncode == 2
    assert "Style has no field 'wild'" in refused.stderr


def test_a_style_is_the_shipped_one_with_the_fields_named_changed() -> None:
    from bench.styles import parse_style
    from bodoge.games.extreme_mission.heuristic import STYLE

    style = parse_style("wilds=(0, 0, 1, 1), wilds_first={3, 4}, alternatives=0.2")
    assert (style.wilds, style.wilds_first) == ((0, 0, 1, 1), frozenset({3, 4}))
    assert (style.alternatives, style.take_gain) == (0.2, STYLE.take_gain)
    assert parse_style("wilds_first=()").wilds_first == frozenset()
    for bad in ("wilds", "wilds=x", "**{}", "1"):
        with pytest.raises(ValueError, match="not a style"):
            parse_style(bad)
    for bad in ("wilds=5", "take_gain='much'", "wilds_first=3"):
        with pytest.raises(ValueError, match=" is not like "):
            parse_style(bad)


def test_the_turns_fit_scores_the_shipped_models_and_refits_them() -> None:
    done = _bench(
        "fit_turns.py",
        *("--players", "2", "--games", "3", "--samples", "2", "--workers", "1", "--extra"),
    )
    assert done.returncode == 0, done.stderr  # it stops if its terms are not the engine's
    for model in ("own", "public", "own + extra"):
        assert f"\n{model}: base " in done.stdout
    assert "collaborators' gap" in done.stdout and "nan" not in done.stdout
    assert "luck: one playout lies " in done.stdout and "a label, the mean of 2, " in done.stdout


def test_the_endgame_trial_switches_the_horizon_by_the_turns_left() -> None:
    from bench.horizon import Endgame

    game = bodoge.make("extreme-mission", players=2)
    state = game.new_state(seed=5)
    for within, horizon in ((-1.0, 2.0), (99.0, 3.0)):
        search = ISMCTSAgent(game, 0, random.Random(1), Budget(iterations=5))
        agent = Endgame(search, within, 3.0)
        assert agent.act(Decision.of(state)) in state.legal_actions()
        assert search.horizon == horizon


def _midgame(steps: int = 60) -> Any:
    """A seeded two-player Extreme Mission game, ``steps`` heuristic steps in."""
    from bodoge.agents import make_agent

    game = bodoge.make("extreme-mission", players=2)
    state = game.new_state(seed=11)
    agents = [make_agent("heuristic", game, s, random.Random(s)) for s in range(2)]
    for _ in range(steps):
        state.apply(agents[state.current_player].act(Decision.of(state)))
    return state


def test_the_ceiling_deals_the_search_the_real_hands_or_everything() -> None:
    from bench.ceiling import dealer

    truth = _midgame()
    assert any(len(pile) > 1 for pile in truth.discards)  # something below a top to deal anew
    seen = dealer(truth, "all")(random.Random(3))
    assert (seen.hands, seen.deck, seen.discards) == (truth.hands, truth.deck, truth.discards)
    assert seen.rng.getstate() == truth.rng.getstate()  # the real future shuffles too
    dealt = dealer(truth, "hands")(random.Random(3))
    assert dealt.hands == truth.hands and dealt.spent == truth.spent
    assert [p[-1:] for p in dealt.discards] == [p[-1:] for p in truth.discards]
    assert [len(p) for p in dealt.discards] == [len(p) for p in truth.discards]
    unseen = sorted(dealt.deck + [c for p in dealt.discards for c in p[:-1]])
    assert unseen == sorted(truth.deck + [c for p in truth.discards for c in p[:-1]])
    assert dealt.deck != truth.deck and dealt.rng.getstate() != truth.rng.getstate()


def test_the_ceilings_search_samples_the_real_state_and_gives_the_game_back() -> None:
    from bench.ceiling import Seer
    from bodoge.games.extreme_mission.heuristic import rollout_step

    truth = _midgame()
    seat, other = truth.current_player, 1 - truth.current_player
    seen: list[list[int]] = []

    def recording(state: Any, rng: random.Random) -> Any:
        if state.turns_done == truth.turns_done:  # the root's turn: the other has not played
            seen.append(list(state.hands[other]))
        return rollout_step(state, rng)

    for sees, real in (("all", True), ("view", False)):
        seen.clear()
        game = copy.copy(truth.game)
        agent = ISMCTSAgent(game, seat, random.Random(1), Budget(iterations=20), rollout=recording)
        step = Seer(agent, sees).act(Decision.of(truth), truth)
        assert step in truth.legal_actions() and "sampler" not in vars(game)
        # The other seat's hand, as the policy met it: always the real one, or guesses.
        assert seen and [h == truth.hands[other] for h in seen] == [real] * len(seen)


def test_the_ceiling_reports_the_searchs_share_and_knows_what_it_can_deal() -> None:
    args = ("--games", "2", "--iterations", "5", "--workers", "1")
    done = _bench("ceiling.py", *args, "--sees", "all")
    assert done.returncode == 0, done.stderr
    assert "extreme-mission, 2 players, the search seeing all, 5 iterations: won " in done.stdout
    assert done.stderr.splitlines()[-1].startswith("2/2 games, the search won ")
    refused = _bench("ceiling.py", *args, "--game", "ruler-of-mana", "--sees", "hands")
    assert refused.returncode != 0
    assert "--sees hands knows Extreme Mission's deck and piles only" in refused.stderr


def test_the_ceiling_compares_two_runs_on_the_same_deals(tmp_path: Path) -> None:
    args = ("--games", "2", "--iterations", "5", "--workers", "1")
    _, first = _bench_json(tmp_path, "ceiling.py", *args, "--sees", "view")
    assert first["sees"] == "view" and first["seed"] == 1 and len(first["shares"]) == 2
    assert first["won"] == sum(first["shares"])
    kept = tmp_path / "view.json"
    kept.write_text(json.dumps(first), encoding="utf-8")
    done = _bench("ceiling.py", *args, "--sees", "all", "--paired", str(kept))
    assert done.returncode == 0, done.stderr
    assert (
        f"paired with the search seeing view, 5 iterations ({first['won']:g} won) on the same "
        in (done.stdout)
    )
    assert " games ended differently" in done.stdout
    other = _bench("ceiling.py", *args, "--seed", "2", "--paired", str(kept))
    assert other.returncode != 0
    assert "was not played on these deals: extreme-mission, 2 players, seed 1, 2 games" in (
        other.stderr
    )
