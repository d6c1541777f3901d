"""Guiscard: man-to-man skirmishes of the Norman conquest of southern Italy (data for milestone 1 only)."""
