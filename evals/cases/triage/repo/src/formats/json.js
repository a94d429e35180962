// JSON.

export function parse(text, { file }) {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${file}: ${error.message}`, { cause: error });
  }
}

export function stringify(data, { indent }) {
  return `${JSON.stringify(data, null, indent)}\n`;
}
