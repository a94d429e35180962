from decimal import Decimal

import pytest

from invoices.money import cents, line_amount, vat_of


def test_cents_rounds_half_up():
    assert cents(Decimal("0.125")) == Decimal("0.13")
    assert cents(Decimal("2.675")) == Decimal("2.68")


def test_line_amount():
    assert line_amount(Decimal("1.5"), Decimal("99.99")) == Decimal("149.99")


def test_vat():
    assert vat_of(Decimal("360.00"), Decimal("19")) == Decimal("68.40")
    assert vat_of(Decimal("10.00"), Decimal("0")) == Decimal("0.00")


def test_negative_vat_is_refused():
    with pytest.raises(ValueError, match="negative"):
        vat_of(Decimal("10"), Decimal("-1"))
