import asyncio
import unittest

from probe.report import status_lines
from probe.runner import check_all

DELAYS = {"https://a.example": 0.04, "https://b.example": 0.0, "https://c.example": 0.02}


async def fake_check(url):
    await asyncio.sleep(DELAYS[url])
    return url != "https://c.example"


class CheckAllTest(unittest.TestCase):
    def test_results_follow_the_order_of_the_urls(self):
        urls = list(DELAYS)
        results = asyncio.run(check_all(urls, fake_check))
        self.assertEqual(results, [True, True, False])

    def test_status_lines(self):
        urls = list(DELAYS)
        lines = status_lines(urls, asyncio.run(check_all(urls, fake_check)))
        self.assertEqual(lines[2], "DOWN https://c.example")

    def test_limit(self):
        running = 0
        most = 0

        async def counting(url):
            nonlocal running, most
            running += 1
            most = max(most, running)
            await asyncio.sleep(0.01)
            running -= 1
            return True

        asyncio.run(check_all([str(i) for i in range(6)], counting, limit=2))
        self.assertEqual(most, 2)


if __name__ == "__main__":
    unittest.main()
