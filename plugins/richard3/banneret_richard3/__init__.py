"""Richard III: The Wars of the Roses, the two-player block wargame."""
