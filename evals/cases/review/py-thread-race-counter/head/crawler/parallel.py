"""Checks links with a pool of worker threads; each URL is fetched once."""
import queue
import threading

import requests

from crawler.fetch import LinkStatus, check_link
from crawler.report import Report


class ParallelChecker:
    def __init__(self, workers: int = 8) -> None:
        self.workers = workers
        self.report = Report()
        self.seen: dict[str, LinkStatus] = {}
        self.jobs: queue.Queue[tuple[str, str] | None] = queue.Queue()

    def _worker(self) -> None:
        session = requests.Session()
        while True:
            job = self.jobs.get()
            if job is None:
                return
            page, url = job
            status = self.seen.get(url)
            if status is None:
                status = check_link(session, url)
                self.seen[url] = status
            self.report.add(page, status)

    def run(self, links: list[tuple[str, str]]) -> Report:
        threads = [threading.Thread(target=self._worker, daemon=True) for _ in range(self.workers)]
        for thread in threads:
            thread.start()
        for link in links:
            self.jobs.put(link)
        for _ in threads:
            self.jobs.put(None)
        for thread in threads:
            thread.join()
        return self.report
