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

COLUMNS = "id, title, author, year, on_loan"


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
    rows = conn.execute(f"SELECT {COLUMNS} FROM books ORDER BY title")
    return [_book(row) for row in rows]


def find_by_author(conn: sqlite3.Connection, author: str, available_only: bool = False) -> list[Book]:
    """Books whose author contains `author` (case-insensitive)."""
    query = f"SELECT {COLUMNS} FROM books WHERE author LIKE '%{author}%'"
    if available_only:
        query += " AND on_loan = 0"
    rows = conn.execute(query + " ORDER BY year")
    return [_book(row) for row in rows]


def mark_loaned(conn: sqlite3.Connection, book_id: int, loaned: bool) -> None:
    conn.execute("UPDATE books SET on_loan = ? WHERE id = ?", (int(loaned), book_id))
    conn.commit()
