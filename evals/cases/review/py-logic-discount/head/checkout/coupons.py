"""Coupon codes: a percentage off the subtotal, or a fixed amount, with a minimum order value."""
from dataclasses import dataclass
from datetime import date


@dataclass(frozen=True)
class Coupon:
    code: str
    percent: int = 0
    amount_cents: int = 0
    minimum_cents: int = 0
    expires: date | None = None


class CouponError(ValueError):
    pass


def discount_for(coupon: Coupon, subtotal: int, today: date) -> int:
    """The discount in cents; raises CouponError when the coupon does not apply."""
    if coupon.expires is not None and today < coupon.expires:
        raise CouponError(f"coupon {coupon.code} has expired")
    if subtotal < coupon.minimum_cents:
        raise CouponError(f"coupon {coupon.code} needs an order of at least {coupon.minimum_cents / 100:.2f}")
    if coupon.percent:
        return round(subtotal * coupon.percent / 100)
    return coupon.amount_cents
