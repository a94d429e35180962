"""A meter reading and its validation."""
from dataclasses import dataclass
from datetime import datetime


class ReadingError(ValueError):
    """A row that is not a valid reading."""


@dataclass(frozen=True)
class Reading:
    meter_id: str
    at: datetime
    kwh: float


def parse_row(row: list[str]) -> Reading:
    if len(row) != 3:
        raise ReadingError(f"expected 3 columns, got {len(row)}")
    meter_id, stamp, kwh = (cell.strip() for cell in row)
    if not meter_id:
        raise ReadingError("empty meter id")
    try:
        at = datetime.fromisoformat(stamp)
    except ValueError as error:
        raise ReadingError(f"bad timestamp {stamp!r}") from error
    try:
        value = float(kwh)
    except ValueError as error:
        raise ReadingError(f"bad kWh value {kwh!r}") from error
    if value < 0:
        raise ReadingError("negative kWh")
    return Reading(meter_id, at, value)
