"""Settings from the environment."""
import os
from dataclasses import dataclass


@dataclass(frozen=True)
class Settings:
    photo_dir: str
    thumb_dir: str
    default_size: int
    max_size: int


def load() -> Settings:
    return Settings(
        photo_dir=os.environ.get("PHOTO_DIR", "/srv/photos"),
        thumb_dir=os.environ.get("THUMB_DIR", "/var/cache/thumbs"),
        default_size=int(os.environ.get("THUMB_SIZE", "256")),
        max_size=int(os.environ.get("THUMB_MAX_SIZE", "1024")),
    )
