"""A note and the helper that makes one."""
from dataclasses import dataclass, field


@dataclass
class Note:
    title: str
    body: str = ""
    tags: list = field(default_factory=list)

    def tag(self, *names):
        """Adds tags, lowercased, skipping ones the note already has."""
        for name in names:
            name = name.strip().lower()
            if name and name not in self.tags:
                self.tags.append(name)
        return self


def make_note(title, body="", tags=[]):
    """A new note; `tags` are added to it."""
    note = Note(title, body, tags)
    return note.tag(*tags)
