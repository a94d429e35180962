"""Collect release notes from tags."""
