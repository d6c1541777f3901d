"""Warrior Knights data files (JSON), loaded by banneret_warrior_knights.data_model."""
