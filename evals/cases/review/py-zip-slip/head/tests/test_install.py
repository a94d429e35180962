import zipfile
from pathlib import Path

import pytest

from themes.install import InstallError, install_zip


def make_zip(path: Path, files: dict[str, str]) -> Path:
    with zipfile.ZipFile(path, "w") as bundle:
        for name, text in files.items():
            bundle.writestr(name, text)
    return path


def test_installs_a_theme(tmp_path: Path):
    archive = make_zip(tmp_path / "ocean.zip", {"theme.toml": 'name = "Ocean"\n', "css/site.css": "body{}"})
    theme = install_zip(archive, tmp_path / "themes")
    assert theme.name == "Ocean"
    assert (tmp_path / "themes" / "ocean" / "css" / "site.css").read_text() == "body{}"


def test_refuses_a_zip_without_metadata(tmp_path: Path):
    archive = make_zip(tmp_path / "empty.zip", {"readme.md": "hi"})
    with pytest.raises(InstallError, match="no theme.toml"):
        install_zip(archive, tmp_path / "themes")
