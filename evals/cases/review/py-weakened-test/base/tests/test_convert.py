import pytest

from units.convert import convert, scale


def test_cups_to_ml():
    assert convert(2, "cup", "ml") == 473.18


def test_pounds_to_grams():
    assert convert(1.5, "lb", "g") == 680.39


def test_volume_to_mass_is_refused():
    with pytest.raises(ValueError, match="cannot convert cup to g"):
        convert(1, "cup", "g")


def test_scale_servings():
    assert scale(300, 4, 6) == 450
