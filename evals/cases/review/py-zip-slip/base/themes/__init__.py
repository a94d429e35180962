"""Theme management."""
