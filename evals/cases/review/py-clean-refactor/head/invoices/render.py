"""Renders an invoice as plain text for the e-mail body."""
from decimal import Decimal

from invoices.money import line_amount, vat_of


def render(number: str, client: str, items: list[tuple[str, Decimal, Decimal]], vat_percent: Decimal) -> str:
    lines = [f"Invoice {number}", f"Client: {client}", ""]
    net = Decimal("0")
    for description, hours, rate in items:
        amount = line_amount(hours, rate)
        net += amount
        lines.append(f"{description:<40} {hours:>6} h x {rate:>8} = {amount:>10}")
    vat = vat_of(net, vat_percent)
    lines.append("")
    lines.append(f"{'Net':<40} {net:>35}")
    lines.append(f"{'VAT ' + str(vat_percent) + '%':<40} {vat:>35}")
    lines.append(f"{'Total':<40} {net + vat:>35}")
    return "\n".join(lines)
