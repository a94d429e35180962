// Reads the inputs, merges and interpolates them, and writes the result in the output format.
import { readFile } from 'node:fs/promises';
import { formatFromPath } from './detect.js';
import { FORMATS } from './formats/index.js';
import { deepMerge } from './merge.js';
import { interpolate, loadEnvFile } from './interpolate.js';

export async function convert(inputs, options) {
  const documents = [];
  for (const input of inputs) {
    const format = options.from ?? formatFromPath(input);
    if (format === undefined) throw new Error(`Cannot tell the format of ${input}; give --from.`);
    const reader = FORMATS[format];
    if (reader === undefined) throw new Error(`Unknown input format "${format}".`);
    const text =
      input === '-' ? await readStdin() : await readFile(input, reader.encoding ?? 'utf8');
    documents.push(await reader.parse(text, { file: input }));
  }
  if (documents.length > 1 && !options.merge) {
    throw new Error('Several inputs need --merge.');
  }
  let data = documents.reduce((merged, document) => deepMerge(merged, document), {});
  if (options.interpolate) {
    const extra = options.envFile ? await loadEnvFile(options.envFile) : {};
    data = interpolate(data, { ...process.env, ...extra });
  }
  if (options.sortKeys) data = sortKeys(data);
  const writer = FORMATS[options.to];
  if (writer === undefined) throw new Error(`Unknown output format "${options.to}".`);
  return writer.stringify(data, { indent: options.indent });
}

function sortKeys(value) {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys(value[key])]),
  );
}

async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}
