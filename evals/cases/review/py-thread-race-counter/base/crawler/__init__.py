"""Documentation link checker."""
