import pytest

from ingest.model import ReadingError, parse_row


def test_parses_a_row():
    reading = parse_row(["M-1", "2024-05-01T10:00:00", "1.25"])
    assert reading.meter_id == "M-1"
    assert reading.kwh == 1.25


def test_rejects_negative_values():
    with pytest.raises(ReadingError, match="negative"):
        parse_row(["M-1", "2024-05-01T10:00:00", "-3"])
