"""A `pnp` process whose writes are slowed, so a test can kill it between two of them: the child patches
pnp's file layer (each file it closes and each folder it swaps in is followed by a pause) before it
runs the command line. pnp itself reads no setting for this."""

from __future__ import annotations

import sys

SLOWED = """
import sys, time
from pnp.files import folders, journal

delay = float(sys.argv.pop(1))
plain_open, plain_swap_in = open, folders.swap_in


class Paused:
    def __init__(self, handle):
        self.handle = handle

    def __enter__(self):
        return self.handle.__enter__()

    def __exit__(self, *failure):
        ended = self.handle.__exit__(*failure)
        time.sleep(delay)
        return ended


def slow_open(*args, **kwargs):
    return Paused(plain_open(*args, **kwargs))


def slow_swap_in(*args, **kwargs):
    plain_swap_in(*args, **kwargs)
    time.sleep(delay)


folders.open = slow_open  # the staging folder's files are written through open() in pnp.files.folders
folders.swap_in = journal.swap_in = slow_swap_in  # one kit's swap, and each swap of a set
from pnp.cli import main

main(sys.argv[1:])
"""


def slowed_pnp(delay: float, *args: str) -> list[str]:
    """The command line of a `pnp` run (`args`) that pauses `delay` seconds after each file and swap."""
    return [sys.executable, "-c", SLOWED, str(delay), *args]
