"""The full state as a JSON-ready dict and back (``State.to_json`` / ``Game.load``). Cards are
written by id; agenda tasks are lists of ints and strings; the play's effects and target sets
are not stored, they follow from the card data."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bodoge.core.state import JSON
from bodoge.games.ruler_of_mana.records import Ask, Play

if TYPE_CHECKING:
    from bodoge.games.ruler_of_mana.state import RMState


def to_dict(st: RMState) -> JSON:
    ids = st.game.ids

    def cards(cs: list[int]) -> list[str]:
        return [ids[c] for c in cs]

    return {
        "hands": [cards(h) for h in st.hands],
        "deck": cards(st.deck),
        "discard": cards(st.discard),
        "life": st.life,
        "shield": st.shield,
        "skips": st.skips,
        "bonus": st.bonus,
        "ko_by": st.ko_by,
        "seen": [[cards(known) for known in row] for row in st.seen],
        "start_player": st.start_player,
        "player": st.player,
        "turn": st.turn,
        "turns_done": st.turns_done,
        "deck_out": st.deck_out,
        "over": st.over,
        "truncated": st.truncated,
        "end_reason": st.end_reason,
        "ask": st.ask.to_dict(ids),
        "agenda": [list(task) for task in st.agenda],
        "play": None if st.play is None else st.play.to_dict(ids),
        "packs": None if st.packs is None else [cards(p) for p in st.packs],
        "picks": [ids[c] if c >= 0 else None for c in st.picks],
        "draft_round": st.draft_round,
        "exchangers": st.exchangers,
        "offers": [[seat, ids[c]] for seat, c in st.offers.items()],
        "table": [[seat, ids[c]] for seat, c in st.table.items()],
    }


def load_into(st: RMState, data: JSON) -> None:
    g = st.game
    index = g.index

    def cards(cs: list[str]) -> list[int]:
        return [index[c] for c in cs]

    n = g.players
    if len(data["hands"]) != n:
        raise ValueError(f"saved state has {len(data['hands'])} hands for {n} players")
    st.hands = [cards(h) for h in data["hands"]]
    st.deck = cards(data["deck"])
    st.discard = []
    st.gone = {}
    st.to_discard(cards(data["discard"]))
    st.life = list(data["life"])
    st.shield = list(data["shield"])
    st.skips = list(data["skips"])
    st.bonus = list(data["bonus"])
    st.ko_by = list(data["ko_by"])
    st.seen = [[cards(known) for known in row] for row in data["seen"]]
    st.start_player = data["start_player"]
    st.player = data["player"]
    st.turn = data["turn"]
    st.turns_done = data["turns_done"]
    st.deck_out = data["deck_out"]
    st.over = data["over"]
    st.truncated = data["truncated"]
    st.end_reason = data["end_reason"]
    st.ask = Ask.from_dict(data["ask"], index)
    st.agenda = [tuple(task) for task in data["agenda"]]
    st.play = None if data["play"] is None else Play.from_dict(g, data["play"])
    st.packs = None if data["packs"] is None else [cards(p) for p in data["packs"]]
    st.picks = [-1 if c is None else index[c] for c in data["picks"]]
    st.draft_round = data["draft_round"]
    st.exchangers = list(data["exchangers"])
    st.offers = {seat: index[c] for seat, c in data["offers"]}
    st.table = {seat: index[c] for seat, c in data["table"]}
