from checkout.cart import Line, totals


def test_shipping_is_free_from_fifty():
    assert totals([Line("A", 2500, 2)]).shipping == 0
    assert totals([Line("A", 2499, 2)]).shipping == 490
