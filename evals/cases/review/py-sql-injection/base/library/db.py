"""SQLite access for the catalogue."""
import sqlite3
from dataclasses import dataclass

SCHEMA = """
CREATE TABLE IF NOT EXISTS books (
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    author TEXT NOT NULL,
    year INTEGER,
    on_loan INTEGER NOT NULL DEFAULT 0
)
"""


@dataclass
class Book:
    id: int
    title: str
    author: str
    year: int | None
    on_loan: bool


def connect(path: str = "library.db") -> sqlite3.Connection:
    conn = sqlite3.connect(path)
    conn.execute(SCHEMA)
    return conn


def _book(row: tuple) -> Book:
    return Book(id=row[0], title=row[1], author=row[2], year=row[3], on_loan=bool(row[4]))


def add_book(conn: sqlite3.Connection, title: str, author: str, year: int | None) -> int:
    cur = conn.execute(
        "INSERT INTO books (title, author, year) VALUES (?, ?, ?)", (title, author, year)
    )
    conn.commit()
    return cur.lastrowid


def list_books(conn: sqlite3.Connection) -> list[Book]:
    rows = conn.execute("SELECT id, title, author, year, on_loan FROM books ORDER BY title")
    return [_book(row) for row in rows]
