"""Renders an invoice as plain text for the e-mail body."""
from decimal import ROUND_HALF_UP, Decimal


def render(number: str, client: str, items: list[tuple[str, Decimal, Decimal]], vat_percent: Decimal) -> str:
    lines = [f"Invoice {number}", f"Client: {client}", ""]
    net = Decimal("0")
    for description, hours, rate in items:
        amount = (hours * rate).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
        net += amount
        lines.append(f"{description:<40} {hours:>6} h x {rate:>8} = {amount:>10}")
    vat = (net * vat_percent / 100).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    lines.append("")
    lines.append(f"{'Net':<40} {net:>35}")
    lines.append(f"{'VAT ' + str(vat_percent) + '%':<40} {vat:>35}")
    lines.append(f"{'Total':<40} {net + vat:>35}")
    return "\n".join(lines)
