"""hex_kingdoms: four kingdoms on randomly assembled hex provinces."""
