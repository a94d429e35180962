"""Export the address book as CSV."""
