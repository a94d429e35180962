"""Scores to letter grades."""

# The lowest score of each grade, best grade first.
THRESHOLDS = [(90, "A"), (80, "B"), (70, "C"), (60, "D")]


def letter(score):
    """The letter grade of a score between 0 and 100."""
    if not 0 <= score <= 100:
        raise ValueError(f"a score is between 0 and 100, got {score}")
    for lowest, grade in THRESHOLDS:
        if score > lowest:
            return grade
    return "F"
