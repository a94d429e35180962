"""Invoice numbers and due dates."""
from datetime import date, timedelta


def invoice_number(year: int, sequence: int) -> str:
    """`YYYY-NNNN`; the sequence restarts every year."""
    if not 1 <= sequence <= 9999:
        raise ValueError(f"sequence out of range: {sequence}")
    return f"{year:04d}-{sequence:04d}"


def due_date(issued: date, days: int = 30) -> date:
    """The payment deadline, `days` calendar days after the invoice date."""
    return issued + timedelta(days=days)
