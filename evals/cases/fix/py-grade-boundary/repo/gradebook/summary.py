"""A class's results at a glance."""
from collections import Counter

from .grades import letter


def summarise(scores):
    """How many students got each grade, and the class average rounded to one decimal."""
    counts = Counter(letter(score) for score in scores.values())
    average = round(sum(scores.values()) / len(scores), 1) if scores else None
    return {"grades": dict(sorted(counts.items())), "average": average}
