"""Schedule meetings across time zones."""
