"""Rounding amounts to the cent."""
from decimal import Decimal

CENT = Decimal("0.01")


def to_cents(amount):
    """The amount rounded to the cent, half up."""
    return Decimal(amount).quantize(CENT)
