"""Variant sweeps: many versions of a spec checked at once, on this machine or on a Dask cluster."""
