"""The community library's catalogue."""
