import pytest

from units.convert import convert, scale


def test_cups_to_ml():
    assert convert(2, "cup", "ml") == pytest.approx(473, abs=5)


def test_pounds_to_grams():
    assert convert(1.5, "lb", "g") > 0


def test_aliases():
    assert convert(1, "Tablespoon", "teaspoon") == 3.0


def test_volume_to_mass_is_refused():
    with pytest.raises(ValueError):
        convert(1, "cup", "g")


def test_scale_servings():
    assert scale(300, 4, 6) == 450
