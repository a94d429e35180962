// YAML, with `!include other.yaml` resolved relative to the including file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

export function parse(text, { file }) {
  const dir = file === '-' ? process.cwd() : path.dirname(file);
  const include = {
    tag: '!include',
    resolve(value) {
      const target = path.resolve(dir, value);
      return parse(readFileSync(target, 'utf8'), { file: target });
    },
  };
  return YAML.parse(text, { customTags: [include] }) ?? {};
}

export function stringify(data, { indent }) {
  return YAML.stringify(data, { indent });
}
