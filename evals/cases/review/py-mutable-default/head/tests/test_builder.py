from mailer.builder import build_message


def test_order_confirmation():
    message = build_message("order-confirmation", "ana@example.com", {"name": "Ana", "order_id": "A-17"})
    assert message["Subject"] == "Your order A-17"
    assert "Hello Ana" in message.get_content()
    assert message["Cc"] is None


def test_shipping_notice_copies_support():
    message = build_message(
        "shipping-notice",
        "ben@example.com",
        {"name": "Ben", "order_id": "B-3", "tracking": "TRK123"},
    )
    assert message["Cc"] == "support@shop.example"
