"""Letter grades and class statistics."""
