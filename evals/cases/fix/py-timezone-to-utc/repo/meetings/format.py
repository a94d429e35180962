"""How meeting times are shown."""
from .times import in_zone


def describe(moment, zone_name):
    """E.g. 'Tue 14 May 09:30 (Europe/Berlin)'."""
    local = in_zone(moment, zone_name)
    return f"{local:%a %d %b %H:%M} ({zone_name})"
