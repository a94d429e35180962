// The README's "Commands and flags" block, generated from the CLI's own help so it never leaves a
// command or a flag out. `node scripts/cli-docs.mjs` rewrites the block in README.md from the
// built CLI's help (`node dist/cli.js [command] --help`); `--check` only compares, and exits 1
// when README.md is out of date (test/docs/readme-commands.test.ts runs the same comparison
// in-process, from the help texts in src/).
//
// The block goes between marker comments:
//   <!-- cli-commands:start --> … <!-- cli-commands:end -->
// Each command's synopsis is its help's `Usage:` line, with `[options]` replaced by every option
// the help lists (`[FLAG VALUE]`, `...` after a repeatable one), wrapped under the command.
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The helps the block is made of, in its order: the first is `gemini-agent --help`. */
export const HELP_COMMANDS = /** @type {const} */ ([
  [],
  ['run'],
  ['demo'],
  ['serve'],
  ['trust'],
  ['commands'],
  ['policy'],
  ['fleet'],
  ['fleet', 'local'],
]);

export const MARKERS = { start: '<!-- cli-commands:start -->', end: '<!-- cli-commands:end -->' };

/** Lines are wrapped before this width, continuation lines indented under the command. */
const WIDTH = 100;
const INDENT = ' '.repeat('gemini-agent '.length);

/** The `Usage:` lines of a help: the first, and the indented ones that follow it. */
function synopses(help) {
  const lines = help.split('\n');
  const first = lines.findIndex((line) => line.startsWith('Usage: '));
  if (first === -1) throw new Error(`A help without a "Usage:" line:\n${help}`);
  const found = [lines[first].slice('Usage: '.length)];
  for (const line of lines.slice(first + 1)) {
    if (!/^\s+gemini-agent /.test(line)) break;
    found.push(line.trim());
  }
  // "(see run --help)" and the like point at the other helps, which the block has too.
  return found.map((line) => line.replace(/\s+\(see [^)]*\)\s*$/, '').trim());
}

/**
 * The options a help lists, from its option lines (`  -m, --model MODEL   text`, or the flag
 * alone on its line with the text below): each with its value's name and whether it repeats.
 * `section` keeps to the lines under a heading word (`explain` in the policy help).
 */
function options(help, section) {
  let lines = help.split('\n');
  if (section !== undefined) {
    const start = lines.findIndex((line) => line.startsWith(`${section} `));
    if (start === -1) return [];
    const end = lines.findIndex((line, index) => index > start && /^\S/.test(line));
    lines = lines.slice(start, end === -1 ? undefined : end);
  }
  const found = [];
  for (const line of lines) {
    const match =
      /^\s+(?:(-[a-zA-Z]), )?(--[a-z][\w-]*)(?: ([A-Z][A-Z_,]*(?:=[A-Z_]+)?)(?:\s+|$)|\s{2,}|$)/.exec(
        line,
      );
    if (match !== null) {
      found.push({ short: match[1], long: match[2], value: match[3], repeatable: false });
    }
    // "repeatable" in an option's text: its own line, or the lines below it up to the next one.
    const last = found.at(-1);
    if (last !== undefined && /\brepeatable\b/.test(line)) last.repeatable = true;
  }
  return found.filter((option) => option.long !== '--help' && option.long !== '--version');
}

/** `[-m MODEL]`, `[--policy FILE]...`, `[-d]`. */
function optionWord(option) {
  const flag = option.short ?? option.long;
  const word = `[${flag}${option.value === undefined ? '' : ` ${option.value}`}]`;
  return option.repeatable ? `${word}...` : word;
}

/** A synopsis with its options written out, as the words to wrap. */
function expand(synopsis, help) {
  if (!synopsis.includes('[options]')) return synopsis.split(' ');
  // "gemini-agent policy explain …", "gemini-agent fleet plan …": the options under that
  // subcommand's heading.
  const words = synopsis.split(' ');
  const section = words[1] === 'policy' || words[1] === 'fleet' ? words[2] : undefined;
  // `[--flag`, and `(--a FILE | --b DIR)` for one of two.
  const given = new Set(
    words.map((word) => word.replace(/^[[(]/, '')).filter((word) => word.startsWith('-')),
  );
  const listed = options(help, section).filter(
    (option) => !given.has(option.long) && !(option.short !== undefined && given.has(option.short)),
  );
  const at = words.indexOf('[options]');
  return [...words.slice(0, at), ...listed.map(optionWord), ...words.slice(at + 1)];
}

/** Words joined into lines shorter than WIDTH, the later ones indented under the command. */
function wrap(words) {
  const lines = [];
  let line = '';
  for (const word of words) {
    if (line === '') {
      line = word;
    } else if (`${line} ${word}`.length < WIDTH) {
      line = `${line} ${word}`;
    } else {
      lines.push(line);
      line = `${INDENT}${word}`;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

/**
 * The block's text (without fences) from the helps in HELP_COMMANDS' order: the first help's
 * first synopsis (the `-p` run; its other lines are the subcommands, which have helps of their
 * own), then every synopsis of each subcommand's help.
 */
export function commandsBlock(helps) {
  const lines = [];
  helps.forEach((help, index) => {
    const own = index === 0 ? synopses(help).slice(0, 1) : synopses(help);
    for (const synopsis of own) lines.push(...wrap(expand(synopsis, help)));
  });
  return lines.join('\n');
}

/** README text with the block between the markers regenerated from `helps`. */
export function renderCommandsSection(readme, helps) {
  const start = readme.indexOf(MARKERS.start);
  const end = readme.indexOf(MARKERS.end);
  if (start === -1 || end === -1 || end < start) {
    throw new Error(`README.md needs ${MARKERS.start} and ${MARKERS.end} around the block.`);
  }
  const block = `${MARKERS.start}\n\n\`\`\`\n${commandsBlock(helps)}\n\`\`\`\n\n`;
  return `${readme.slice(0, start)}${block}${readme.slice(end)}`;
}

/** The built CLI's helps, in HELP_COMMANDS' order. */
async function builtHelps() {
  const run = promisify(execFile);
  const cli = join(root, 'dist', 'cli.js');
  return Promise.all(
    HELP_COMMANDS.map(
      async (command) => (await run(process.execPath, [cli, ...command, '--help'])).stdout,
    ),
  );
}

async function main(args) {
  const file = join(root, 'README.md');
  const readme = await readFile(file, 'utf8');
  const rendered = renderCommandsSection(readme, await builtHelps());
  if (args.includes('--check')) {
    if (rendered !== readme) {
      console.error(
        'README.md\'s "Commands and flags" block is out of date: run node scripts/cli-docs.mjs.',
      );
      process.exitCode = 1;
    }
    return;
  }
  if (rendered !== readme) await writeFile(file, rendered);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main(process.argv.slice(2));
}
