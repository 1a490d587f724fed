"""Small summaries of simulated figures, JSON-ready."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence


def quantile(sorted_values: Sequence[float], q: float) -> float:
    """Linear interpolation between closest ranks (the common 'type 7' definition)."""
    if not sorted_values:
        return 0.0
    pos = (len(sorted_values) - 1) * q
    low = int(pos)
    high = min(low + 1, len(sorted_values) - 1)
    return sorted_values[low] + (sorted_values[high] - sorted_values[low]) * (pos - low)


def summary(values: Iterable[float]) -> dict[str, float]:
    data = sorted(values)
    if not data:
        return {"count": 0}
    return {
        "count": len(data),
        "mean": round(sum(data) / len(data), 3),
        "min": data[0],
        "q1": round(quantile(data, 0.25), 3),
        "median": round(quantile(data, 0.5), 3),
        "q3": round(quantile(data, 0.75), 3),
        "max": data[-1],
    }


def share(count: int, total: int) -> float:
    return round(count / total, 4) if total else 0.0


def histogram(values: Iterable[int]) -> dict[str, int]:
    """Counts per value, keys as strings so the result is JSON as it is."""
    counts = Counter(values)
    return {str(k): counts[k] for k in sorted(counts)}
