from pathlib import Path

from themes.registry import installed


def test_lists_themes_with_metadata(tmp_path: Path):
    (tmp_path / "ocean").mkdir()
    (tmp_path / "ocean" / "theme.toml").write_text('name = "Ocean"\nversion = "1.2"\n')
    (tmp_path / "notes.txt").write_text("not a theme")
    themes = installed(tmp_path)
    assert [(theme.name, theme.version) for theme in themes] == [("Ocean", "1.2")]
