// `.env` files: KEY=value lines, `#` comments, values optionally in single or double quotes.

const LINE = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/;

export function parse(text, { file }) {
  const result = {};
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    if (line.trim() === '' || line.trimStart().startsWith('#')) return;
    const match = LINE.exec(line);
    if (match === null) throw new Error(`${file}:${index + 1}: invalid line: ${line}`);
    result[match[1]] = unquote(match[2].trim());
  });
  return result;
}

export function stringify(data) {
  const lines = [];
  for (const [key, value] of Object.entries(data)) {
    if (value !== null && typeof value === 'object') {
      throw new Error(`.env files hold only flat values; "${key}" is an object.`);
    }
    lines.push(`${key}=${quote(String(value))}`);
  }
  return `${lines.join('\n')}\n`;
}

function unquote(value) {
  if (value.length >= 2 && (value[0] === '"' || value[0] === "'") && value.at(-1) === value[0]) {
    return value.slice(1, -1);
  }
  return value;
}

function quote(value) {
  return /[\s#"']/.test(value) ? JSON.stringify(value) : value;
}
