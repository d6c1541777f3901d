"""House rules for hex_kingdoms: a separate plugin that changes rule numbers without
touching the game.

It is registered through the ``banneret.plugins`` entry point, as a third-party package
would be, and offers its variants through the ``banneret_variants`` hook. A player picks one
with ``--option variant=short_crusade`` (several: ``variant=short_crusade,narrow_victory``).
The engine applies the variant to the game's rule parameters before set-up, and the choice
is kept in the save file's options, so a saved game replays under the same house rules.
"""

from __future__ import annotations

from typing import Any, Mapping

from banneret import Variant, hookimpl

GAME = "hex_kingdoms"


def _short_crusade(rules: dict[str, Any], options: Mapping[str, Any]) -> None:
    # The crusade needs 60 points instead of 100: the crusader kingdom arrives sooner.
    rules["crusade_goal"] = 60


def _narrow_victory(rules: dict[str, Any], options: Mapping[str, Any]) -> None:
    # An Emperor needs a margin of one province over the others together, not two.
    rules["victory_margin"] = 1


def _rich_provinces(rules: dict[str, Any], options: Mapping[str, Any]) -> None:
    # Every province pays one more point of income (ordinary and special alike).
    rules["province_income"] += 1
    rules["special_province_income"] += 1


VARIANTS = (
    Variant(GAME, "short_crusade", "The crusade succeeds at 60 points instead of 100.", _short_crusade),
    Variant(GAME, "narrow_victory", "An Emperor needs a margin of one province, not two.", _narrow_victory),
    Variant(GAME, "rich_provinces", "Each province yields one more income point.", _rich_provinces),
)


@hookimpl
def banneret_variants(game_id: str) -> list[Variant]:
    return list(VARIANTS) if game_id == GAME else []
