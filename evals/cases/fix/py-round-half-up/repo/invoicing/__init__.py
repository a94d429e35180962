"""Invoice lines, VAT and totals."""
