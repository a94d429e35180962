/**
 * Attributes as they leave: every string (and string in a list) through the run's redactor,
 * unset values dropped. All signals build their attributes here, so nothing skips redaction.
 */
import type { Attributes } from '@opentelemetry/api';
import type { Redact } from '../../platform/redaction.js';

/** The values the Gemini CLI's signals use: scalars and lists of them. */
type Scalar = string | number | boolean;
export type AttributeInput = Record<string, Scalar | readonly Scalar[] | undefined>;

export function redactedAttributes(redact: Redact, input: AttributeInput): Attributes {
  const result: Attributes = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    result[key] = Array.isArray(value)
      ? value.map((item: Scalar) => redactScalar(redact, item))
      : redactScalar(redact, value as Scalar);
  }
  return result;
}

function redactScalar(redact: Redact, value: Scalar): Scalar {
  return typeof value === 'string' ? redact(value) : value;
}
