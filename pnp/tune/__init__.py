"""`pnp tune`: a search over spec values too many for a grid (integer and decimal ranges, choice lists)
towards a designer's targets, with Optuna's sampler choosing the trials and its pruner, together with the
looks of `--games auto`, stopping the hopeless ones early. Needs the optional `tune` extra."""

from __future__ import annotations
