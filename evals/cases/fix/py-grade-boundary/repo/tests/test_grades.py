import unittest

from gradebook.grades import letter
from gradebook.summary import summarise


class LetterTest(unittest.TestCase):
    def test_inside_a_band(self):
        self.assertEqual(letter(95), "A")
        self.assertEqual(letter(72), "C")
        self.assertEqual(letter(12), "F")

    def test_lowest_score_of_a_band_gets_that_grade(self):
        self.assertEqual(letter(90), "A")
        self.assertEqual(letter(80), "B")
        self.assertEqual(letter(70), "C")
        self.assertEqual(letter(60), "D")

    def test_limits(self):
        self.assertEqual(letter(100), "A")
        self.assertEqual(letter(0), "F")
        with self.assertRaises(ValueError):
            letter(101)


class SummaryTest(unittest.TestCase):
    def test_summary(self):
        result = summarise({"ana": 90, "ben": 59, "chi": 80})
        self.assertEqual(result["grades"], {"A": 1, "B": 1, "F": 1})
        self.assertEqual(result["average"], 76.3)


if __name__ == "__main__":
    unittest.main()
