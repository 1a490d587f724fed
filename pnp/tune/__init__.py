"""`pnp tune`: a search over spec values too many for a grid (integer and decimal ranges, choice lists)
towards a designer's targets, with Optuna's sampler choosing the trials and its pruner, together with the
looks of `--games auto`, stopping the hopeless ones early. Needs the optional `tune` extra."""

from __future__ import annotations

from pnp.errors import PnpError

INSTALL_HINT = "pip install 'pnp[tune]'"


def require_optuna() -> None:
    """One line saying how to install the extra when Optuna is missing."""
    try:
        import optuna  # noqa: F401
    except ImportError as exc:
        raise PnpError(f"pnp tune needs its extra: {INSTALL_HINT} ({exc.name or 'optuna'} is missing)") from None
