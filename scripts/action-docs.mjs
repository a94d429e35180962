// The README's inputs and outputs tables, generated from action.yml so they never disagree with
// what the runner reads. `node scripts/action-docs.mjs` rewrites the tables in README.md;
// `--check` only compares, and exits 1 when README.md is out of date (test/docs/readme.test.ts
// runs the same comparison in-process).
//
// The tables go between marker comments:
//   <!-- inputs:start --> … <!-- inputs:end -->
//   <!-- outputs:start --> … <!-- outputs:end -->
// Everything else in README.md is left as written. Each generated section is passed through
// Prettier with the repository's settings, so `prettier --check .` and `--check` here agree.
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { parse } from 'yaml';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The marker comments around each generated table. */
export const SECTIONS = /** @type {const} */ (['inputs', 'outputs']);

export function markers(section) {
  return { start: `<!-- ${section}:start -->`, end: `<!-- ${section}:end -->` };
}

/**
 * Text for one table cell: folded YAML descriptions become one line, and characters that would
 * end the cell or start Markdown formatting are escaped. A pipe must be escaped even inside a
 * code span in a GFM table; `*` and `<` only outside code spans, where they would turn into
 * emphasis or HTML (`dist/**` in a description is a glob, not bold text).
 */
export function cellText(text) {
  const oneLine = String(text).replace(/\s+/g, ' ').trim();
  return oneLine
    .split(/(`[^`]*`)/)
    .map((part, index) =>
      index % 2 === 1 ? part.replace(/\|/g, '\\|') : part.replace(/([|*<\\])/g, '\\$1'),
    )
    .join('');
}

/** A value as a code span, with a fence long enough for the backticks it holds. */
function codeSpan(value) {
  const text = String(value);
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const padded = text.startsWith('`') || text.endsWith('`') ? ` ${text} ` : text;
  return `${fence}${padded.replace(/\|/g, '\\|')}${fence}`;
}

function table(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

function isRecord(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The two tables as unformatted Markdown, from action.yml's text: inputs with their description
 * and default (empty when there is none), outputs with their description, in action.yml's order.
 */
export function actionTables(actionYml) {
  const action = parse(actionYml);
  if (!isRecord(action) || !isRecord(action.inputs) || !isRecord(action.outputs)) {
    throw new Error('action.yml: expected `inputs:` and `outputs:` mappings.');
  }
  const inputs = Object.entries(action.inputs).map(([name, spec]) => {
    const input = isRecord(spec) ? spec : {};
    const fallback = input.default;
    const shown = fallback === undefined || fallback === '' ? '' : codeSpan(fallback);
    const required = input.required === true ? ' (required)' : '';
    return [codeSpan(name), cellText(`${input.description ?? ''}${required}`), shown];
  });
  const outputs = Object.entries(action.outputs).map(([name, spec]) => [
    codeSpan(name),
    cellText(isRecord(spec) ? (spec.description ?? '') : ''),
  ]);
  return {
    inputs: table(['input', 'description', 'default'], inputs),
    outputs: table(['output', 'description'], outputs),
  };
}

/** Markdown as `prettier --check` wants it, with the settings that apply to `filepath`. */
async function formatMarkdown(markdown, filepath) {
  const config = (await prettier.resolveConfig(filepath)) ?? {};
  return prettier.format(markdown, { ...config, filepath, parser: 'markdown' });
}

/**
 * README text with each section's table replaced by the one generated from `actionYml`.
 * Throws when a marker is missing, doubled or out of order.
 */
export async function renderReadme(readme, actionYml, { filepath = join(root, 'README.md') } = {}) {
  const tables = actionTables(actionYml);
  let text = readme;
  for (const section of SECTIONS) {
    const { start, end } = markers(section);
    const from = text.indexOf(start);
    const to = text.indexOf(end);
    if (from === -1 || to === -1 || to < from || text.indexOf(start, from + 1) !== -1) {
      throw new Error(
        `README.md: expected one "${start}" followed by one "${end}" around the ${section} table.`,
      );
    }
    const formatted = (await formatMarkdown(tables[section], filepath)).trim();
    text = `${text.slice(0, from + start.length)}\n\n${formatted}\n\n${text.slice(to)}`;
  }
  return text;
}

async function main(args) {
  const unknown = args.filter((arg) => arg !== '--check');
  if (unknown.length > 0) {
    console.error(`Unknown argument: ${unknown[0]}. Usage: node scripts/action-docs.mjs [--check]`);
    return 2;
  }
  const readmePath = join(root, 'README.md');
  const [readme, actionYml] = await Promise.all([
    readFile(readmePath, 'utf8'),
    readFile(join(root, 'action.yml'), 'utf8'),
  ]);
  const updated = await renderReadme(readme, actionYml, { filepath: readmePath });
  if (args.includes('--check')) {
    if (updated === readme) return 0;
    console.error(
      'README.md: the inputs and outputs tables are out of date with action.yml. ' +
        'Run `node scripts/action-docs.mjs` and commit the result.',
    );
    return 1;
  }
  if (updated !== readme) {
    await writeFile(readmePath, updated);
    console.log('README.md: inputs and outputs tables updated from action.yml.');
  } else {
    console.log('README.md: inputs and outputs tables are up to date.');
  }
  return 0;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exitCode = 1;
    },
  );
}
