from decimal import Decimal

from invoices.render import render


def test_totals():
    text = render("2024-0007", "ACME", [("Workshop", Decimal("3"), Decimal("120.00"))], Decimal("19"))
    assert "Invoice 2024-0007" in text
    assert text.splitlines()[-3].endswith("360.00")
    assert text.splitlines()[-2].endswith("68.40")
    assert text.splitlines()[-1].endswith("428.40")
