"""Builds one e-mail from a template name and its values."""
from email.message import EmailMessage

SENDER = "Shop <orders@shop.example>"
SUPPORT = "support@shop.example"

TEMPLATES = {
    "order-confirmation": (
        "Your order {order_id}",
        "Hello {name},\n\nthank you for your order {order_id}. We will let you know when it ships.\n",
    ),
    "shipping-notice": (
        "Order {order_id} has shipped",
        "Hello {name},\n\nyour order {order_id} is on its way. Tracking: {tracking}\n",
    ),
}


def recipients(to: str, cc: list[str] = []) -> list[str]:
    """The `Cc` list: the given addresses, plus support for shipping questions."""
    cc.append(SUPPORT)
    return cc


def build_message(
    template: str,
    to: str,
    values: dict[str, str],
    cc: list[str] = [],
) -> EmailMessage:
    if template not in TEMPLATES:
        raise KeyError(f"unknown template {template!r}")
    subject, body = TEMPLATES[template]
    message = EmailMessage()
    message["From"] = SENDER
    message["To"] = to
    if template == "shipping-notice":
        message["Cc"] = ", ".join(recipients(to, cc))
    message["Subject"] = subject.format(**values)
    message.set_content(body.format(**values))
    return message
