"""Collects the results of a run and prints the broken links."""
from collections import defaultdict

from crawler.fetch import LinkStatus


class Report:
    def __init__(self) -> None:
        self.checked = 0
        self.broken: dict[str, LinkStatus] = {}
        self.pages: dict[str, set[str]] = defaultdict(set)

    def add(self, page: str, status: LinkStatus) -> None:
        self.checked += 1
        self.pages[status.url].add(page)
        if status.broken:
            self.broken[status.url] = status

    def render(self) -> str:
        lines = [f"checked {self.checked} links, {len(self.broken)} broken"]
        for url, status in sorted(self.broken.items()):
            reason = status.error or f"HTTP {status.status}"
            lines.append(f"- {url} ({reason}) on {', '.join(sorted(self.pages[url]))}")
        return "\n".join(lines)
