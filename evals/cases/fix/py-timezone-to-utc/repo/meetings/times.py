"""Converting meeting times between zones."""
from datetime import datetime, timezone
from zoneinfo import ZoneInfo


def to_utc(moment):
    """The same instant in UTC. A naive datetime is taken to be UTC already."""
    return moment.replace(tzinfo=timezone.utc)


def in_zone(moment, zone_name):
    """A UTC instant as local time in the IANA zone `zone_name`."""
    return to_utc(moment).astimezone(ZoneInfo(zone_name))


def parse(text):
    """An ISO 8601 timestamp (a trailing Z allowed) as an aware UTC datetime."""
    return to_utc(datetime.fromisoformat(text.replace("Z", "+00:00")))
