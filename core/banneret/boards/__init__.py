"""Board geometry shared by every game: area graphs (Richard III, Warrior Knights) and
axial hex grids with hexside features (Guiscard, hex_kingdoms), and boards drawn for the
browser (:mod:`banneret.boards.drawing`)."""

from banneret.boards.areas import AreaMap
from banneret.boards.drawing import BoardContext, BoardDrawing, esc, tag
from banneret.boards.hexgrid import DIRECTIONS, Hex, HexMap, distance, hexside, line, neighbours

__all__ = ["AreaMap", "BoardContext", "BoardDrawing", "esc", "tag", "DIRECTIONS", "Hex", "HexMap", "distance", "hexside", "line", "neighbours"]
