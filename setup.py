"""Package list for setuptools: every package under pnp/, plus the specs in templates/.

templates/ stays at the top of the repository and is installed as the package `pnp.templates`
(the mapping is in pyproject.toml). Automatic discovery cannot see a package that lives outside
pnp/, and pyproject.toml cannot add one to a discovered list, hence this file. Folders of data
without an __init__.py (pnp/studio/static) are listed as namespace packages, so setuptools ships
their files as package data without warning that it would ignore them.
"""

from setuptools import find_namespace_packages, setup

setup(packages=[*find_namespace_packages(include=["pnp", "pnp.*"], exclude=["*.__pycache__"]), "pnp.templates"])
