/**
 * Attributes as they leave: every string (and string in a list) through the run's redactor,
 * unset values dropped. All signals build their attributes here, so nothing skips redaction.
 */
import type { Attributes, AttributeValue } from '@opentelemetry/api';
import type { Redact } from '../../platform/redaction.js';

export type AttributeInput = Record<string, AttributeValue | undefined>;

export function redactedAttributes(redact: Redact, input: AttributeInput): Attributes {
  const result: Attributes = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    result[key] = redactValue(redact, value);
  }
  return result;
}

function redactValue(redact: Redact, value: AttributeValue): AttributeValue {
  if (typeof value === 'string') return redact(value);
  if (!Array.isArray(value)) return value;
  if (value.every((item) => typeof item !== 'string')) return value;
  return value.map((item) => (typeof item === 'string' ? redact(item) : item)) as AttributeValue;
}
