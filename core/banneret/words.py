"""Small helpers for the words the engine and the games write to players."""

from __future__ import annotations

__all__ = ["possessive"]


def possessive(name: str) -> str:
    """``name`` owning something: ``york's``, but ``normans'`` for a name ending in *s*
    (a side named by its people, a plural), so no message reads "normans's"."""
    return f"{name}'" if name.endswith(("s", "S")) else f"{name}'s"
