"""Couriers: the worked example of Banneret's plugin guide (docs/plugin-guide.md)."""
