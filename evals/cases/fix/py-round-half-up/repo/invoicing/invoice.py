"""Lines and totals."""
from decimal import Decimal

from .money import to_cents


def line_total(quantity, unit_price):
    """Quantity times unit price, rounded to the cent."""
    return to_cents(Decimal(quantity) * Decimal(unit_price))


def vat(net, rate):
    """The VAT on a net amount at `rate` percent, rounded to the cent."""
    return to_cents(Decimal(net) * Decimal(rate) / 100)


def totals(lines, rate):
    """Net, VAT and gross of (quantity, unit price) lines."""
    net = sum((line_total(q, p) for q, p in lines), Decimal("0"))
    tax = vat(net, rate)
    return {"net": net, "vat": tax, "gross": net + tax}
