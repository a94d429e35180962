"""Checkout price calculation."""
