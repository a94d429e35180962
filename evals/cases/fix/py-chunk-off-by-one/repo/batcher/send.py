"""Sending batches."""
from .chunks import chunks


def send_all(records, post, size=100):
    """Calls `post(batch)` for each batch; returns how many records were sent."""
    sent = 0
    for batch in chunks(records, size):
        post(batch)
        sent += len(batch)
    return sent
