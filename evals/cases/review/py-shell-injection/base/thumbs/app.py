"""HTTP endpoints."""
import os
import subprocess

from flask import Flask, abort, send_file

from thumbs.settings import load

app = Flask(__name__)
settings = load()


def make_thumbnail(source: str, target: str, size: int) -> None:
    subprocess.run(
        ["convert", source, "-thumbnail", f"{size}x{size}", target],
        check=True,
        timeout=30,
    )


@app.get("/thumb/<int:photo_id>")
def thumbnail(photo_id: int):
    source = os.path.join(settings.photo_dir, f"{photo_id}.jpg")
    if not os.path.exists(source):
        abort(404)
    target = os.path.join(settings.thumb_dir, f"{photo_id}-{settings.default_size}.jpg")
    if not os.path.exists(target):
        make_thumbnail(source, target, settings.default_size)
    return send_file(target, mimetype="image/jpeg")
