"""The changelog page."""
from .versions import ordered


def changelog(notes):
    """Markdown for a mapping of tag to release notes, newest release first."""
    sections = [f"## {tag}\n\n{notes[tag].strip()}\n" for tag in ordered(notes)]
    return "\n".join(sections)
