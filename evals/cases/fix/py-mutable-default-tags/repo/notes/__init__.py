"""Plain-text notes with tags."""
from .note import Note, make_note

__all__ = ["Note", "make_note"]
