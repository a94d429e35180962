import unittest

from batcher.chunks import chunks
from batcher.send import send_all


class ChunksTest(unittest.TestCase):
    def test_even_split(self):
        self.assertEqual(chunks([1, 2, 3, 4], 2), [[1, 2], [3, 4]])

    def test_last_batch_is_shorter(self):
        self.assertEqual(chunks([1, 2, 3, 4, 5], 2), [[1, 2], [3, 4], [5]])

    def test_fewer_records_than_size(self):
        self.assertEqual(chunks([1, 2], 10), [[1, 2]])

    def test_empty(self):
        self.assertEqual(chunks([], 3), [])

    def test_size_must_be_positive(self):
        with self.assertRaises(ValueError):
            chunks([1], 0)


class SendTest(unittest.TestCase):
    def test_sends_every_record(self):
        batches = []
        self.assertEqual(send_all(list(range(250)), batches.append), 250)
        self.assertEqual([len(batch) for batch in batches], [100, 100, 50])


if __name__ == "__main__":
    unittest.main()
