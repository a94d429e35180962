import csv
import io
import unittest

from exporter.export import export
from exporter.row import row


class RowTest(unittest.TestCase):
    def test_plain_fields(self):
        self.assertEqual(row(["Ada", 42, None]), "Ada,42,")

    def test_field_with_a_comma_is_quoted(self):
        self.assertEqual(row(["Lovelace, Ada", "x"]), '"Lovelace, Ada",x')

    def test_quotes_inside_a_field_are_doubled(self):
        self.assertEqual(row(['say "hi"']), '"say ""hi"""')

    def test_field_with_a_line_break_is_quoted(self):
        self.assertEqual(row(["line 1\nline 2"]), '"line 1\nline 2"')


class ExportTest(unittest.TestCase):
    def test_spreadsheets_read_back_the_same_values(self):
        contacts = [
            {"name": "Grace Hopper", "company": "Navy, US", "phone": "555-0100", "note": 'the "bug"'},
        ]
        rows = list(csv.reader(io.StringIO(export(contacts), newline="")))
        self.assertEqual(rows[1], ["Grace Hopper", "Navy, US", "555-0100", 'the "bug"'])


if __name__ == "__main__":
    unittest.main()
