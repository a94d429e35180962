// The format of a file, from its extension.
import path from 'node:path';

const EXTENSIONS = {
  '.yaml': 'yaml',
  '.yml': 'yaml',
  '.toml': 'toml',
  '.json': 'json',
  '.ini': 'ini',
  '.env': 'env',
};

export function formatFromPath(file) {
  const base = path.basename(file);
  // ".env", ".env.local", "production.env"
  if (base === '.env' || base.startsWith('.env.')) return 'env';
  return EXTENSIONS[path.extname(file).toLowerCase()];
}
