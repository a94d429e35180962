"""Recipe unit conversion."""
from units.convert import convert, scale

__all__ = ["convert", "scale"]
