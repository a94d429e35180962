from datetime import date

import pytest

from checkout.cart import Line, totals
from checkout.coupons import Coupon, CouponError

TODAY = date(2024, 6, 1)


def test_percentage_coupon():
    result = totals([Line("A", 2000, 3)], Coupon("SUMMER10", percent=10), TODAY)
    assert result.discount == 600
    assert result.total == 5400


def test_minimum_order_value():
    with pytest.raises(CouponError, match="at least 30.00"):
        totals([Line("A", 1000, 2)], Coupon("BIG", amount_cents=500, minimum_cents=3000), TODAY)
