"""Values by dotted path."""

_MISSING = object()


def lookup(config, path, default=None):
    """The value at `path` ("a.b.c") in nested dicts, or `default` when any part is missing."""
    node = config
    for key in path.split("."):
        value = node.get(key, _MISSING)
        if value is _MISSING:
            return default
        node = value
    return node
