"""Money arithmetic: Decimal amounts rounded half-up to cents, as the tax office expects."""
from decimal import ROUND_HALF_UP, Decimal

CENT = Decimal("0.01")


def cents(value: Decimal) -> Decimal:
    """`value` rounded half-up to two places."""
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


def line_amount(hours: Decimal, rate: Decimal) -> Decimal:
    return cents(hours * rate)


def vat_of(net: Decimal, vat_percent: Decimal) -> Decimal:
    if vat_percent < 0:
        raise ValueError(f"VAT cannot be negative: {vat_percent}")
    return cents(net * vat_percent / 100)
