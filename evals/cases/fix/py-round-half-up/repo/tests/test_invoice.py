import unittest
from decimal import Decimal as D

from invoicing.invoice import line_total, totals, vat
from invoicing.money import to_cents


class RoundingTest(unittest.TestCase):
    def test_rounds_half_up(self):
        self.assertEqual(to_cents(D("0.125")), D("0.13"))
        self.assertEqual(to_cents(D("2.345")), D("2.35"))

    def test_rounds_down_below_half(self):
        self.assertEqual(to_cents(D("0.124")), D("0.12"))


class InvoiceTest(unittest.TestCase):
    def test_line_total(self):
        self.assertEqual(line_total(3, "0.615"), D("1.85"))

    def test_vat_half_cent(self):
        self.assertEqual(vat(D("10.50"), 19), D("2.00"))
        self.assertEqual(vat(D("0.50"), 25), D("0.13"))

    def test_totals(self):
        result = totals([(2, "4.99"), (1, "0.50")], 25)
        self.assertEqual(result, {"net": D("10.48"), "vat": D("2.62"), "gross": D("13.10")})


if __name__ == "__main__":
    unittest.main()
