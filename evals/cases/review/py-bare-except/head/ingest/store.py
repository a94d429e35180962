"""Writes readings to the readings database, skipping duplicates."""
import logging
import sqlite3
from collections.abc import Iterable

from ingest.model import Reading

log = logging.getLogger(__name__)

SCHEMA = """
CREATE TABLE IF NOT EXISTS readings (
    meter_id TEXT NOT NULL,
    at TEXT NOT NULL,
    kwh REAL NOT NULL,
    PRIMARY KEY (meter_id, at)
)
"""


class ReadingStore:
    def __init__(self, path: str) -> None:
        self.conn = sqlite3.connect(path)
        self.conn.execute(SCHEMA)

    def save_all(self, readings: Iterable[Reading]) -> int:
        """Stores the readings; returns how many were new."""
        stored = 0
        for reading in readings:
            try:
                self.conn.execute(
                    "INSERT INTO readings (meter_id, at, kwh) VALUES (?, ?, ?)",
                    (reading.meter_id, reading.at.isoformat(), reading.kwh),
                )
                stored += 1
            except:
                pass
        self.conn.commit()
        log.info("stored %d new readings", stored)
        return stored

    def close(self) -> None:
        try:
            self.conn.close()
        except Exception:
            log.exception("closing the readings database failed")
