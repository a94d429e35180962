import unittest

from releases.changelog import changelog
from releases.versions import is_release, latest, ordered


class VersionsTest(unittest.TestCase):
    def test_only_release_tags(self):
        self.assertTrue(is_release("v1.2.3"))
        self.assertTrue(is_release("0.10.0"))
        self.assertFalse(is_release("nightly"))

    def test_orders_numerically(self):
        self.assertEqual(ordered(["v1.9.0", "v1.10.0", "v1.2.0"]), ["v1.10.0", "v1.9.0", "v1.2.0"])

    def test_latest(self):
        self.assertEqual(latest(["v2.0.0", "v10.0.0", "nightly"]), "v10.0.0")
        self.assertIsNone(latest(["nightly"]))

    def test_changelog_order(self):
        text = changelog({"v0.9.0": "Old.", "v0.10.0": "New."})
        self.assertLess(text.index("v0.10.0"), text.index("v0.9.0"))


if __name__ == "__main__":
    unittest.main()
