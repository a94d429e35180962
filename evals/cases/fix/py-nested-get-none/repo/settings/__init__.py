"""Read deployment settings from nested data."""
from .lookup import lookup

__all__ = ["lookup"]
