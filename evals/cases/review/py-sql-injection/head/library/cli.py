"""Command line for the librarians: add, list, search and lend books."""
import argparse

from library.db import add_book, connect, find_by_author, list_books, mark_loaned


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="library")
    sub = parser.add_subparsers(dest="command", required=True)
    add = sub.add_parser("add")
    add.add_argument("title")
    add.add_argument("author")
    add.add_argument("year", type=int, nargs="?")
    sub.add_parser("list")
    search = sub.add_parser("author")
    search.add_argument("name")
    search.add_argument("--available", action="store_true")
    lend = sub.add_parser("lend")
    lend.add_argument("book_id", type=int)
    args = parser.parse_args(argv)

    conn = connect()
    if args.command == "add":
        print(add_book(conn, args.title, args.author, args.year))
    elif args.command == "list":
        for book in list_books(conn):
            print(f"{book.id:4} {book.title} ({book.author}, {book.year or '?'})")
    elif args.command == "author":
        for book in find_by_author(conn, args.name, args.available):
            print(f"{book.id:4} {book.title} ({book.year or '?'})")
    elif args.command == "lend":
        mark_loaned(conn, args.book_id, True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
