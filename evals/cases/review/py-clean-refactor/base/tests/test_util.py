from datetime import date

import pytest

from invoices.util import due_date, invoice_number


def test_invoice_number():
    assert invoice_number(2024, 7) == "2024-0007"


def test_sequence_out_of_range():
    with pytest.raises(ValueError):
        invoice_number(2024, 10000)


def test_due_date():
    assert due_date(date(2024, 1, 31)) == date(2024, 3, 1)
