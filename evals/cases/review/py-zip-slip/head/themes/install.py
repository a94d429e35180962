"""Installs a theme from a zip file shared by its author."""
import shutil
import zipfile
from pathlib import Path

from themes.registry import THEMES_DIR, Theme, read_theme


class InstallError(Exception):
    pass


def install_zip(archive: Path, themes_dir: Path = THEMES_DIR) -> Theme:
    """Unpacks `archive` into `themes_dir/<name>`; the zip must contain a theme.toml at its root."""
    name = archive.stem
    target = themes_dir / name
    if target.exists():
        raise InstallError(f"theme {name} is already installed")
    with zipfile.ZipFile(archive) as bundle:
        if "theme.toml" not in bundle.namelist():
            raise InstallError(f"{archive} has no theme.toml at its root")
        target.mkdir(parents=True)
        try:
            for member in bundle.infolist():
                destination = target / member.filename
                if member.is_dir():
                    destination.mkdir(parents=True, exist_ok=True)
                    continue
                destination.parent.mkdir(parents=True, exist_ok=True)
                with bundle.open(member) as source, open(destination, "wb") as out:
                    shutil.copyfileobj(source, out)
        except Exception:
            shutil.rmtree(target, ignore_errors=True)
            raise
    return read_theme(target)
