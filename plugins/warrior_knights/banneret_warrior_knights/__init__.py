"""Warrior Knights (Fantasy Flight Games, 2006) for Banneret: so far its data and their
validated loader (:mod:`banneret_warrior_knights.data_model`); the game itself is to come."""
