"""Package list for setuptools: every package under pnp/, plus the specs in templates/.

templates/ stays at the top of the repository and is installed as the package `pnp.templates`
(the mapping is in pyproject.toml). Automatic discovery cannot see a package that lives outside
pnp/, and pyproject.toml cannot add one to a discovered list, hence this file.
"""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["pnp", "pnp.*"]), "pnp.templates"])
