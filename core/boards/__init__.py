"""Board geometry shared by every game: area graphs and hex grids."""
