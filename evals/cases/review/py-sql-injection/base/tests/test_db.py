from library.db import add_book, connect, list_books


def test_add_and_list_sorted_by_title():
    conn = connect(":memory:")
    add_book(conn, "Dune", "Frank Herbert", 1965)
    add_book(conn, "Beloved", "Toni Morrison", 1987)
    titles = [book.title for book in list_books(conn)]
    assert titles == ["Beloved", "Dune"]
