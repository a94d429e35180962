"""Ordering version tags."""
import re

TAG = re.compile(r"^v?(\d+)\.(\d+)\.(\d+)$")


def is_release(tag):
    """Whether a tag names a release (v1.2.3 or 1.2.3)."""
    return TAG.match(tag) is not None


def ordered(tags):
    """The release tags, newest first; other tags are left out."""
    return sorted((tag for tag in tags if is_release(tag)), key=lambda tag: tag.lstrip("v"), reverse=True)


def latest(tags):
    """The newest release tag, or None."""
    releases = ordered(tags)
    return releases[0] if releases else None
