"""Cart lines and totals, in integer cents."""
from dataclasses import dataclass
from datetime import date

from checkout.coupons import Coupon, discount_for

FREE_SHIPPING_FROM = 5000
SHIPPING = 490


@dataclass(frozen=True)
class Line:
    sku: str
    unit_cents: int
    quantity: int

    @property
    def total(self) -> int:
        return self.unit_cents * self.quantity


@dataclass(frozen=True)
class Totals:
    subtotal: int
    discount: int
    shipping: int

    @property
    def total(self) -> int:
        return self.subtotal - self.discount + self.shipping


def totals(lines: list[Line], coupon: Coupon | None = None, today: date | None = None) -> Totals:
    subtotal = sum(line.total for line in lines)
    discount = discount_for(coupon, subtotal, today or date.today()) if coupon else 0
    shipping = 0 if subtotal >= FREE_SHIPPING_FROM else SHIPPING
    return Totals(subtotal=subtotal, discount=discount, shipping=shipping)
