"""Data files of the Couriers example (the road's marked stages)."""
