"""Generic parts of the rule checker: seeded parallel simulation, statistics, reports."""
