import unittest

from notes import make_note
from notes.search import by_tag


class MakeNoteTest(unittest.TestCase):
    def test_tags_are_lowercased(self):
        note = make_note("Groceries", tags=["Shopping", "home"])
        self.assertEqual(note.tags, ["shopping", "home"])

    def test_notes_without_tags_do_not_share_them(self):
        first = make_note("First")
        first.tag("work")
        second = make_note("Second")
        self.assertEqual(second.tags, [])

    def test_the_callers_list_is_not_changed(self):
        tags = ["Ideas"]
        make_note("Plan", tags=tags).tag("later")
        self.assertEqual(tags, ["Ideas"])


class SearchTest(unittest.TestCase):
    def test_by_tag(self):
        a = make_note("A", tags=["x"])
        b = make_note("B", tags=["y"])
        self.assertEqual(by_tag([a, b], "X"), [a])


if __name__ == "__main__":
    unittest.main()
