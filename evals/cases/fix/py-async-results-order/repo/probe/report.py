"""The status lines."""


def status_lines(urls, results):
    """One line per endpoint: 'up' or 'DOWN', then the url."""
    return [f"{'up  ' if ok else 'DOWN'} {url}" for url, ok in zip(urls, results)]
