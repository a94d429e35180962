"""Conversions between the units recipes use."""

TO_ML = {
    "ml": 1.0,
    "l": 1000.0,
    "tsp": 4.92892,
    "tbsp": 14.7868,
    "cup": 236.588,
}

TO_G = {
    "g": 1.0,
    "kg": 1000.0,
    "oz": 28.3495,
    "lb": 453.592,
}


def _table(unit: str) -> dict[str, float]:
    for table in (TO_ML, TO_G):
        if unit in table:
            return table
    raise ValueError(f"unknown unit {unit!r}")


def convert(quantity: float, source: str, target: str) -> float:
    """`quantity` in `source` units expressed in `target` units, rounded to 2 decimals."""
    table = _table(source)
    if target not in table:
        raise ValueError(f"cannot convert {source} to {target}")
    return round(quantity * table[source] / table[target], 2)


def scale(quantity: float, servings_from: int, servings_to: int) -> float:
    if servings_from <= 0 or servings_to <= 0:
        raise ValueError("servings must be positive")
    return round(quantity * servings_to / servings_from, 2)
