"""Finding notes."""


def by_tag(notes, name):
    """The notes tagged `name` (case-insensitive), in their order."""
    name = name.lower()
    return [note for note in notes if name in note.tags]
