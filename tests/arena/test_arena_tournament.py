"""Tournaments: seatings rotate evenly, games spread evenly, every game seeded and replayable."""

from __future__ import annotations

import pickle
import random
from collections import Counter
from itertools import combinations

import pytest

import bodoge
from bodoge.arena.tournament import (
    GameJob,
    MatchRecord,
    entrant_labels,
    plan,
    play_job,
    play_out,
    play_seated,
    seatings,
)
from bodoge.core.errors import BodogeError
from bodoge.play import derive_seed, make_agent

GAME = "extreme-mission"


@pytest.mark.parametrize(
    ("k", "n"),
    [(1, 2), (2, 2), (2, 3), (3, 3), (2, 4), (3, 4), (4, 5), (3, 2), (4, 2), (5, 3), (6, 5)],
)
def test_every_entrant_sits_in_every_seat_equally_often(k: int, n: int) -> None:
    table = seatings(k, n)
    assert len(set(table)) == len(table)
    assert all(len(s) == n for s in table)
    for seat in range(n):
        counts = Counter(s[seat] for s in table)
        assert set(counts) == set(range(k)) and len(set(counts.values())) == 1, (seat, counts)
    meetings = Counter(pair for s in table for pair in combinations(sorted(set(s)), 2))
    if k > 1:
        assert len(meetings) == k * (k - 1) // 2 and len(set(meetings.values())) == 1
    if k <= n:  # everyone plays every game
        assert all(set(s) == set(range(k)) for s in table)
    else:  # nobody is seated twice
        assert all(len(set(s)) == n for s in table)


def test_seatings_are_the_documented_sets() -> None:
    assert len(seatings(3, 3)) == 6  # 3! permutations
    assert len(seatings(2, 3)) == 6  # 2^3 - 2 onto maps
    assert len(seatings(3, 4)) == 36  # 3! * S(4, 3)
    assert len(seatings(6, 5)) == 30  # C(6, 5) subsets * 5 rotations
    assert seatings(1, 3) == ((0, 0, 0),)


def test_games_are_rounded_up_to_whole_rounds_and_spread_evenly() -> None:
    t = plan(GAME, ["random", "random", "random"], players=3, games=20, turn_cap=10)
    assert len(t.seatings) == 6 and t.games == 24 and t.games_requested == 20 and t.rounds == 4
    jobs = t.jobs()
    assert Counter(j.seating for j in jobs) == {s: 4 for s in range(6)}
    for seat in range(3):
        assert Counter(j.seats[seat] for j in jobs) == {label: 8 for label in t.labels}
    exact = plan(GAME, ["random", "random"], players=2, games=40, turn_cap=10)
    assert exact.games == 40 and exact.rounds == 20


def test_a_round_shares_one_deal_and_every_seat_has_its_own_seed() -> None:
    t = plan(GAME, ["random", "random"], players=2, games=4, seed=9, turn_cap=10)
    jobs = t.jobs()
    assert [j.round for j in jobs] == [0, 0, 1, 1]
    assert jobs[0].seed == jobs[1].seed == derive_seed(9, "arena", "deal", 0) != jobs[2].seed
    seeds = [s for j in jobs for s in j.agent_seeds]
    assert len(set(seeds)) == len(seeds)
    assert jobs[1].agent_seeds == (
        derive_seed(9, "arena", "agent", 1, 0),
        derive_seed(9, "arena", "agent", 1, 1),
    )


def test_repeated_bots_get_numbered_labels() -> None:
    assert entrant_labels(["a", "b", "a"]) == ("a#1", "b", "a#2")
    t = plan(GAME, ["random", "random"], players=2, games=2)
    assert t.labels == ("random#1", "random#2") and t.bots == ("random", "random")


def test_jobs_and_records_pickle_and_a_game_replays_on_its_own() -> None:
    t = plan("ruler-of-mana", ["random", "random"], players=2, games=2, seed=3, turn_cap=30)
    job = t.jobs()[1]
    assert pickle.loads(pickle.dumps(job)) == job
    record = play_job(job)
    assert pickle.loads(pickle.dumps(record)) == record
    assert MatchRecord.from_dict(record.to_dict()) == record
    again = play_job(GameJob(**{f: getattr(job, f) for f in GameJob.__slots__}))
    assert {**again.to_dict(), "seconds": 0} == {**record.to_dict(), "seconds": 0}
    assert record.seats == ("random#2", "random#1") and record.turns <= 30
    game = bodoge.make("ruler-of-mana", players=2, turn_cap=30)
    state, steps = play_seated(game, job.agents, job.seed, job.agent_seeds)
    assert steps == record.steps and state.result().ranks == record.ranks
    assert len(state.history) == steps
    assert game.replay(job.seed, state.history).result() == state.result()


def test_play_out_plays_agents_made_by_hand_as_play_seated_plays_them_by_name() -> None:
    game = bodoge.make(GAME, players=2, turn_cap=60)
    names, seeds = ("heuristic", "random"), (5, 9)
    state, steps = play_seated(game, names, 11, seeds)
    again = game.new_state(11)
    agents = [make_agent(n, game, s, random.Random(seeds[s])) for s, n in enumerate(names)]
    assert play_out(again, agents) == steps > 0
    assert again.history == state.history and again.is_over
    assert play_out(again, agents) == 0  # a finished game has nothing left to play


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"game_name": "chess", "bots": ["random"]}, "unknown game 'chess'"),
        ({"game_name": GAME, "bots": ["random", "robot"]}, "'robot'"),
        ({"game_name": GAME, "bots": ["random"], "players": 9}, "2–5 players"),
        ({"game_name": GAME, "bots": ["random"], "games": 0}, "games must be 1 or more"),
        ({"game_name": GAME, "bots": ["random"], "variant": "expert"}, "no variant"),
        ({"game_name": GAME, "bots": []}, "at least one bot"),
    ],
)
def test_bad_plans_raise_one_line_errors(kwargs: dict[str, object], fragment: str) -> None:
    with pytest.raises(BodogeError) as caught:
        plan(**kwargs)  # type: ignore[arg-type]
    message = str(caught.value)
    assert fragment in message and "\n" not in message
