"""Thumbnail service."""
