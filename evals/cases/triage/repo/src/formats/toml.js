// TOML, through @iarna/toml.
import TOML from '@iarna/toml';

export function parse(text) {
  return TOML.parse(text);
}

export function stringify(data) {
  return TOML.stringify(data);
}
