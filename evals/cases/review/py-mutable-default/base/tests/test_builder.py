from mailer.builder import build_message


def test_order_confirmation():
    message = build_message("order-confirmation", "ana@example.com", {"name": "Ana", "order_id": "A-17"})
    assert message["Subject"] == "Your order A-17"
    assert "Hello Ana" in message.get_content()
