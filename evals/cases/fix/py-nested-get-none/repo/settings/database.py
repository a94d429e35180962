"""The database settings the service starts with."""
from .lookup import lookup


def database_settings(config):
    """Host, port and pool size, with our defaults."""
    return {
        "host": lookup(config, "database.host", "localhost"),
        "port": int(lookup(config, "database.port", 5432)),
        "pool_size": int(lookup(config, "database.pool.size", 5)),
    }
