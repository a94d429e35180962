"""The installed themes."""
import os
import tomllib
from dataclasses import dataclass
from pathlib import Path

THEMES_DIR = Path(os.environ.get("THEMES_DIR", "~/.sitegen/themes")).expanduser()


@dataclass(frozen=True)
class Theme:
    name: str
    version: str
    author: str
    path: Path


def read_theme(path: Path) -> Theme:
    with open(path / "theme.toml", "rb") as handle:
        meta = tomllib.load(handle)
    return Theme(
        name=meta.get("name", path.name),
        version=str(meta.get("version", "0")),
        author=meta.get("author", "unknown"),
        path=path,
    )


def installed(themes_dir: Path = THEMES_DIR) -> list[Theme]:
    if not themes_dir.is_dir():
        return []
    themes = []
    for child in sorted(themes_dir.iterdir()):
        if (child / "theme.toml").is_file():
            themes.append(read_theme(child))
    return themes
