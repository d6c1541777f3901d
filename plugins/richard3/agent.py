"""placeholder"""
from banneret import RandomAgent


def make_agent(game_id, faction, seed):
    return RandomAgent(seed)
