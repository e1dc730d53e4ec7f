"""Bots against bots, in bulk: simulations (and later tournaments, statistics and plots)."""

from bodoge.arena.simulate import DEFAULT_TURN_CAP, GameRecord, SimulationReport, simulate

__all__ = ["DEFAULT_TURN_CAP", "GameRecord", "SimulationReport", "simulate"]
