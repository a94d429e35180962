from thumbs.settings import load


def test_defaults(monkeypatch):
    monkeypatch.delenv("THUMB_SIZE", raising=False)
    settings = load()
    assert settings.default_size == 256
    assert settings.max_size == 1024
