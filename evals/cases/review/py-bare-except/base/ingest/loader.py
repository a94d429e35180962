"""Loads a CSV export, collecting the bad rows instead of stopping at the first."""
import csv
from dataclasses import dataclass, field

from ingest.model import Reading, ReadingError, parse_row


@dataclass
class LoadResult:
    readings: list[Reading] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def load_csv(path: str) -> LoadResult:
    result = LoadResult()
    with open(path, newline="", encoding="utf-8") as handle:
        reader = csv.reader(handle)
        next(reader, None)  # header
        for line_number, row in enumerate(reader, start=2):
            try:
                result.readings.append(parse_row(row))
            except ReadingError as error:
                result.errors.append(f"line {line_number}: {error}")
    return result
