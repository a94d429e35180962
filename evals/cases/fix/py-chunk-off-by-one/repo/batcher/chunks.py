"""Splitting a list into batches."""


def chunks(records, size):
    """The records in lists of `size`, in order; the last one may be shorter."""
    if size < 1:
        raise ValueError(f"size must be at least 1, got {size}")
    return [records[start:start + size] for start in range(0, len(records) - size, size)]
