import unittest
from datetime import datetime, timedelta, timezone

from meetings.format import describe
from meetings.times import parse, to_utc


class ToUtcTest(unittest.TestCase):
    def test_naive_is_taken_as_utc(self):
        self.assertEqual(
            to_utc(datetime(2024, 5, 14, 7, 30)),
            datetime(2024, 5, 14, 7, 30, tzinfo=timezone.utc),
        )

    def test_converts_from_another_zone(self):
        new_york = timezone(timedelta(hours=-4))
        result = to_utc(datetime(2024, 5, 14, 9, 0, tzinfo=new_york))
        self.assertEqual((result.hour, result.utcoffset()), (13, timedelta(0)))

    def test_parse_with_offset(self):
        self.assertEqual(parse("2024-05-14T09:30:00+02:00").hour, 7)
        self.assertEqual(parse("2024-05-14T07:30:00Z").hour, 7)


class DescribeTest(unittest.TestCase):
    def test_describe_in_berlin(self):
        moment = parse("2024-05-14T07:30:00Z")
        self.assertEqual(describe(moment, "Europe/Berlin"), "Tue 14 May 09:30 (Europe/Berlin)")


if __name__ == "__main__":
    unittest.main()
