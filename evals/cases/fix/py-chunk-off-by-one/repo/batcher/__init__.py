"""Send records to an API in batches."""
