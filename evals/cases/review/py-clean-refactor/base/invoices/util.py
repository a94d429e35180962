"""Helpers shared by the invoice code."""
from datetime import date
from decimal import ROUND_HALF_UP, Decimal


def to_cents(value: Decimal) -> Decimal:
    """`value` rounded half-up to two places, as the tax office expects."""
    return value.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def invoice_number(year: int, sequence: int) -> str:
    """`YYYY-NNNN`; the sequence restarts every year."""
    if not 1 <= sequence <= 9999:
        raise ValueError(f"sequence out of range: {sequence}")
    return f"{year:04d}-{sequence:04d}"


def due_date(issued: date, days: int = 30) -> date:
    from datetime import timedelta

    return issued + timedelta(days=days)
