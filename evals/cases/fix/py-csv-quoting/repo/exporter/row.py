"""One CSV row."""


def field(value):
    """One field: None as empty, everything else as text."""
    if value is None:
        return ""
    return str(value)


def row(values):
    """A CSV line (without the line break) for the values."""
    return ",".join(field(value) for value in values)
