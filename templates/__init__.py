"""The shipped game specs, installed as the package `pnp.templates` and read with importlib.resources."""
