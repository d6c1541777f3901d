"""Banneret: an engine for historical board games and wargames, with games as plugins."""
