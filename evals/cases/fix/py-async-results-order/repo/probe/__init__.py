"""Check many endpoints concurrently."""
