"""Optional parts of pnp that need an extra (`pnp-tilekit[NAME]`), and the one line that says how to get it.

A command that needs an extra imports its module through `require_extra`: when a dependency of the
extra is not installed, the user gets one line naming the extra and the install commands for pip
and for pipx, instead of an internal error.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from pnp.errors import PnpError

DISTRIBUTION = "pnp-tilekit"  # the name on the package index; the command and the package are `pnp`


class MissingExtra(PnpError):
    """A command needs an optional dependency that is not installed."""


def install_hint(extra: str) -> str:
    spec = f"'{DISTRIBUTION}[{extra}]'"
    return (f"pip install {spec}, or with pipx: pipx install --force {spec} "
            f"(from a clone: pip install '.[{extra}]' / pipx install --force '.[{extra}]')")


def require_extra(module: str, extra: str, purpose: str) -> ModuleType:
    """Import `module`, which needs the extra `extra`; `purpose` names what needs it ("pnp studio").

    Only a missing module outside pnp is blamed on the extra: a missing module of pnp itself is a
    broken installation, and stays an error of its own."""
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        missing = exc.name or ""
        if missing == "pnp" or missing.startswith("pnp."):
            raise
        raise MissingExtra(f"{purpose} needs the '{extra}' extra ({missing} is not installed): "
                           f"{install_hint(extra)}") from None


def check_extra(module: str, extra: str, purpose: str) -> None:
    """Refuse at once when `module` of the extra is not installed, without importing it (for a command
    that checks its other inputs before paying for a slow import)."""
    import importlib.util

    try:
        found = importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        found = False
    if not found:
        raise MissingExtra(f"{purpose} needs the '{extra}' extra ({module} is not installed): {install_hint(extra)}")
