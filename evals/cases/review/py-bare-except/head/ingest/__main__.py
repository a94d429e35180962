"""python -m ingest EXPORT.csv [DB]: load an export and store its readings."""
import logging
import sys

from ingest.loader import load_csv
from ingest.store import ReadingStore


def main(argv: list[str]) -> int:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    if not 1 <= len(argv) <= 2:
        print("usage: python -m ingest EXPORT.csv [DB]", file=sys.stderr)
        return 2
    result = load_csv(argv[0])
    for error in result.errors:
        logging.warning(error)
    store = ReadingStore(argv[1] if len(argv) == 2 else "readings.db")
    try:
        new = store.save_all(result.readings)
    finally:
        store.close()
    print(f"{new} new readings, {len(result.errors)} bad rows")
    return 0 if result.errors else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
