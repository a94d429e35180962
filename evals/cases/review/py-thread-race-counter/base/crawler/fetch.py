"""HTTP checks of single links."""
from dataclasses import dataclass

import requests


@dataclass(frozen=True)
class LinkStatus:
    url: str
    status: int | None
    error: str | None = None

    @property
    def broken(self) -> bool:
        return self.error is not None or self.status is None or self.status >= 400


def check_link(session: requests.Session, url: str, timeout: float = 10.0) -> LinkStatus:
    try:
        response = session.head(url, allow_redirects=True, timeout=timeout)
        if response.status_code == 405:
            response = session.get(url, allow_redirects=True, timeout=timeout, stream=True)
        return LinkStatus(url, response.status_code)
    except requests.RequestException as error:
        return LinkStatus(url, None, type(error).__name__)
