"""The whole file."""
from .row import row

COLUMNS = ["name", "company", "phone", "note"]


def export(contacts):
    """The CSV text of the contacts, with a header line; CRLF line breaks as RFC 4180 says."""
    lines = [row(COLUMNS)]
    lines += [row(contact.get(column) for column in COLUMNS) for contact in contacts]
    return "\r\n".join(lines) + "\r\n"
