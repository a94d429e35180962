"""HTTP endpoints."""
import os
import subprocess

from flask import Flask, abort, request, send_file

from thumbs.settings import load

app = Flask(__name__)
settings = load()


def make_thumbnail(source: str, target: str, size: str) -> None:
    subprocess.run(
        f"convert {source} -thumbnail {size} {target}",
        shell=True,
        check=True,
        timeout=30,
    )


@app.get("/thumb/<int:photo_id>")
def thumbnail(photo_id: int):
    source = os.path.join(settings.photo_dir, f"{photo_id}.jpg")
    if not os.path.exists(source):
        abort(404)
    size = request.args.get("size", f"{settings.default_size}x{settings.default_size}")
    target = os.path.join(settings.thumb_dir, f"{photo_id}-{size}.jpg")
    if not os.path.exists(target):
        make_thumbnail(source, target, size)
    return send_file(target, mimetype="image/jpeg")
