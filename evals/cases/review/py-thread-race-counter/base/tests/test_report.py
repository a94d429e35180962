from crawler.fetch import LinkStatus
from crawler.report import Report


def test_render_lists_broken_links_with_pages():
    report = Report()
    report.add("/a", LinkStatus("https://x.example/ok", 200))
    report.add("/a", LinkStatus("https://x.example/gone", 404))
    report.add("/b", LinkStatus("https://x.example/gone", 404))
    assert report.render() == "checked 3 links, 1 broken\n- https://x.example/gone (HTTP 404) on /a, /b"
