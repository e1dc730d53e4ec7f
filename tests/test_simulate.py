"""Simulations: seeded, reproducible, summed up correctly; agents see only what their seat may."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import bodoge
from bodoge.arena import DEFAULT_TURN_CAP, SimulationReport, simulate
from bodoge.arena.simulate import count_turns, play_game
from bodoge.play import Decision, derive_seed, make_agent, parse_seats, register_agent

GAME = "extreme-mission"


@pytest.fixture(scope="module")
def report() -> SimulationReport:
    return simulate(GAME, players=3, games=12, seed=5, turn_cap=40)


def test_report_has_every_figure(report: SimulationReport) -> None:
    data = report.to_dict()
    for key in (
        "game",
        "players",
        "variant",
        "seed",
        "turn_cap",
        "agents",
        "games",
        "turns_mean",
        "turns_median",
        "steps_mean",
        "truncated",
        "truncated_share",
        "no_winner",
        "seats",
        "records",
    ):
        assert key in data, key
    assert data["games"] == 12 and len(data["records"]) == 12 and data["turn_cap"] == 40
    for seat in data["seats"]:
        assert set(seat) == {
            "seat",
            "agent",
            "wins",
            "wins_split",
            "win_share",
            "mean_score",
            "mean_rank",
        }
        assert seat["wins_split"] <= seat["wins"]  # a shared win counts 1/(winners) there
    json.dumps(data)  # JSON-ready


def test_figures_agree_with_the_records(report: SimulationReport) -> None:
    records = report.records
    assert all(r.turns <= 40 for r in records)  # EM-5.5: the cap holds
    assert report.truncated == sum(r.truncated for r in records)
    assert report.truncated_share == report.truncated / len(records)
    assert report.no_winner == sum(1 for r in records if not r.winners)
    for seat in range(3):
        assert report.wins[seat] == sum(seat in r.winners for r in records)
        assert report.mean_scores[seat] == pytest.approx(
            sum(r.scores[seat] for r in records) / len(records)
        )
    assert report.turns_mean == pytest.approx(sum(r.turns for r in records) / len(records))
    assert min(r.turns for r in records) <= report.turns_median <= max(r.turns for r in records)


def test_same_seed_same_report_other_seed_other_games() -> None:
    first = simulate(GAME, players=2, games=4, seed=9, turn_cap=30).to_dict()
    again = simulate(GAME, players=2, games=4, seed=9, turn_cap=30).to_dict()
    other = simulate(GAME, players=2, games=4, seed=10, turn_cap=30).to_dict()
    assert first == again
    assert first["records"] != other["records"]


def test_a_record_replays_on_its_own() -> None:
    """Game i depends on (seed, i) only: the 3rd game alone equals the 3rd of a run."""
    run = simulate(GAME, players=2, games=3, seed=4, turn_cap=25)
    alone = play_game(bodoge.make(GAME, players=2, turn_cap=25), ["heuristic"] * 2, 4, 2)
    assert alone == run.records[2]
    assert alone.seed == derive_seed(4, "game", 2)


def test_turn_cap_defaults_on_and_zero_means_none() -> None:
    assert simulate(GAME, players=2, games=1, seed=1).turn_cap == DEFAULT_TURN_CAP == 200
    assert simulate(GAME, players=2, games=0, seed=1, turn_cap=0).turn_cap is None


def test_progress_is_reported_after_each_game() -> None:
    calls: list[tuple[int, int]] = []
    simulate(
        GAME,
        players=2,
        games=3,
        seed=1,
        turn_cap=10,
        progress=lambda done, total: calls.append((done, total)),
    )
    assert calls == [(1, 3), (2, 3), (3, 3)]


def test_bad_arguments_are_one_line_errors() -> None:
    with pytest.raises(bodoge.UnknownGame):
        simulate("chess", games=1)
    with pytest.raises(bodoge.SetupError, match="2–5 players"):
        simulate(GAME, players=7, games=1)
    with pytest.raises(bodoge.SetupError, match="unknown seat 'human'"):
        simulate(GAME, seats=["human", "random"], games=1)
    with pytest.raises(bodoge.SetupError, match="3 seats given for 2 players"):
        simulate(GAME, players=2, seats=["random"] * 3, games=1)


def test_seats_name_the_players_and_the_number_of_players() -> None:
    report = simulate(GAME, seats=["random"] * 3, games=1, seed=2, turn_cap=10)
    assert report.players == 3 and report.seats == ("random", "random", "random")


def test_turns_come_from_the_view_or_else_the_steps() -> None:
    class NoTurns:
        def view(self, player: int | None) -> dict[str, Any]:
            return {"game": "x"}

    assert count_turns(NoTurns(), steps=17) == 17  # type: ignore[arg-type]
    state = bodoge.make(GAME, players=2).new_state(1)
    assert count_turns(state, steps=99) == state.view(None)["turn"]


def test_agents_decide_from_the_seat_view_and_legal_steps_only() -> None:
    seen: list[tuple[int, int | None]] = []

    class Watcher:
        def __init__(self, game: bodoge.Game, seat: int, rng: random.Random) -> None:
            self.seat, self.rng = seat, rng

        def act(self, decision: Decision) -> bodoge.Action:
            assert decision.seat == self.seat
            seen.append((self.seat, decision.view["you"]))
            return decision.legal[self.rng.randrange(len(decision.legal))]

    register_agent("watcher-test", Watcher)
    assert parse_seats("human,watcher-test") == ["human", "watcher-test"]
    simulate(GAME, seats=["watcher-test", "random"], games=1, seed=3, turn_cap=6)
    assert seen and all(seat == you == 0 for seat, you in seen)


def test_random_agent_uses_only_its_generator() -> None:
    game = bodoge.make(GAME, players=2)
    state = game.new_state(1)
    picks = [
        str(make_agent("random", game, 0, random.Random(7)).act(Decision.of(state)))
        for _ in range(2)
    ]
    assert picks[0] == picks[1]
    with pytest.raises(bodoge.SetupError, match="unknown agent"):
        make_agent("nobody", game, 0, random.Random(1))
