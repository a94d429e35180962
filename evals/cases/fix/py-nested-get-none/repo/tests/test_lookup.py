import unittest

from settings import lookup
from settings.database import database_settings


class LookupTest(unittest.TestCase):
    def test_present(self):
        self.assertEqual(lookup({"a": {"b": {"c": 3}}}, "a.b.c"), 3)

    def test_missing_key(self):
        self.assertEqual(lookup({"a": {}}, "a.b.c", default=7), 7)

    def test_empty_section(self):
        self.assertEqual(lookup({"a": None}, "a.b", default="x"), "x")

    def test_a_value_that_is_not_a_section(self):
        self.assertEqual(lookup({"a": 5}, "a.b", default=0), 0)

    def test_falsy_values_are_kept(self):
        self.assertEqual(lookup({"a": {"b": 0}}, "a.b", default=9), 0)


class DatabaseTest(unittest.TestCase):
    def test_defaults_for_an_empty_pool_section(self):
        config = {"database": {"host": "db", "pool": None}}
        self.assertEqual(database_settings(config), {"host": "db", "port": 5432, "pool_size": 5})


if __name__ == "__main__":
    unittest.main()
