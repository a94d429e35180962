export type SettingType = 'string' | 'number' | 'boolean';

export interface SettingSpec {
  type: SettingType;
  default: string | number | boolean;
  description: string;
}

export type Schema = Record<string, SettingSpec>;

export type Values = Record<string, string | number | boolean>;

/** Converts a raw text value to the setting's type; throws on a bad value. */
export function coerce(key: string, spec: SettingSpec, raw: string): string | number | boolean {
  switch (spec.type) {
    case 'string':
      return raw;
    case 'number': {
      const value = Number(raw);
      if (raw.trim() === '' || Number.isNaN(value)) {
        throw new Error(`${key}: expected a number, got "${raw}"`);
      }
      return value;
    }
    case 'boolean':
      if (raw === 'true' || raw === '1') return true;
      if (raw === 'false' || raw === '0') return false;
      throw new Error(`${key}: expected true or false, got "${raw}"`);
  }
}
