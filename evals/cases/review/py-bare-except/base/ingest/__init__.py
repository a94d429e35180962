"""Smart-meter reading ingestion."""
