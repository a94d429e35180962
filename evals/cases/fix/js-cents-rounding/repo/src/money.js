/** A decimal amount of euros (number or string) as integer cents. */
export function toCents(amount) {
  const value = typeof amount === 'string' ? Number.parseFloat(amount.replace(',', '.')) : amount;
  if (!Number.isFinite(value)) throw new TypeError(`not an amount: ${amount}`);
  return Math.floor(value * 100);
}

/** Integer cents as a decimal string, e.g. 1234 -> "12.34". */
export function fromCents(cents) {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
