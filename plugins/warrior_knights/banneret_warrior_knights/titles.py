"""The two titles and the Assembly ban: who becomes Chairman or Head of the Church (7.3, 7.4,
9.3.7), and barring a baron who refused an Assembly decision (9.3.6). Cards, events, the
Assembly and Taxation all change them through these functions."""

from __future__ import annotations

from banneret.state import State
from banneret_warrior_knights.state import WKData

__all__ = ["check_chairman", "check_head_of_church", "ban"]


def check_chairman(data: WKData, baron: str) -> bool:
    """7.3: a baron with strictly more votes than every other, and not barred, becomes
    Chairman. Returns whether the title changed hands."""
    if data.barred[baron] or data.chairman == baron:
        return False
    if all(data.votes[baron] > data.votes[o] for o in data.barons if o != baron):
        data.chairman = baron
        return True
    return False


def check_head_of_church(data: WKData, baron: str) -> bool:
    """7.4: a baron with strictly more faith than every other becomes Head of the Church."""
    if data.head_of_church == baron:
        return False
    if all(data.faith[baron] > data.faith[o] for o in data.barons if o != baron):
        data.head_of_church = baron
        return True
    return False


def ban(state: State, baron: str) -> None:
    """The baron is barred from the Assembly (9.3.6-9.3.7): he refused a decision. Barred
    already, nothing more happens (AMB-42). A barred Chairman loses the title to the baron
    with the most votes who is not barred (ties at random); if every baron is barred, the
    title stays where it is."""
    data: WKData = state.data
    if data.barred[baron]:
        return
    data.barred[baron] = True
    state.emit(f"{baron} is barred from the Assembly", "assembly")
    if data.chairman != baron:
        return
    candidates = [b for b in data.barons if not data.barred[b]]
    if not candidates:
        return
    most = max(data.votes[b] for b in candidates)
    tied = [b for b in candidates if data.votes[b] == most]
    data.chairman = tied[0] if len(tied) == 1 else state.rng.choice(tied)
    state.emit(f"{data.chairman} becomes Chairman ({most} votes{', drawn among the tied' if len(tied) > 1 else ''})", "title")
