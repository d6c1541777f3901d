"""Board geometry shared by every game: area graphs (Richard III, Warrior Knights) and
axial hex grids with hexside features (Guiscard, hex_kingdoms)."""

from banneret.boards.areas import AreaMap
from banneret.boards.hexgrid import DIRECTIONS, Hex, HexMap, distance, hexside, line, neighbours

__all__ = ["AreaMap", "DIRECTIONS", "Hex", "HexMap", "distance", "hexside", "line", "neighbours"]
