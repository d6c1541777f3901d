"""Placeholder; replaced below."""
from banneret.agents import RandomAgent


def make_agent(game_id: str, faction: str, seed: int) -> RandomAgent:
    return RandomAgent(seed)
