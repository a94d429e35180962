// Every command line in README.md and docs/*.md, checked against the CLI itself:
// - each `gemini-agent …`, `node dist/cli.js …` and `npx …` command in a fenced block is parsed
//   by the CLI's own argument parser for its subcommand (an unknown option, a flag without its
//   value or a bad value fails, naming the file and line); the ones that run offline in a moment
//   are run end to end, in-process, and the others are listed in NOT_RUN with the reason;
// - synopses (`[--repo DIR]…`) are parsed with sample values in place of the placeholders;
// - `npm run NAME` names a script package.json has;
// - a command in running text (`gemini-agent demo --live`) names only flags its command's help
//   lists.
// docs/a2a.md's client and curl examples, and the offline `serve --replay` example, are run by
// test/e2e/serve-docs.test.ts against the built server.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { parseCliArgs, USAGE } from '../../src/cli/args.js';
import { COMMANDS_USAGE } from '../../src/cli/subcommands/commands-list.js';
import { DEMO_USAGE, parseDemoArgs } from '../../src/cli/subcommands/demo.js';
import { POLICY_USAGE } from '../../src/cli/subcommands/policy.js';
import { parseRunArgs, RUN_USAGE } from '../../src/cli/subcommands/run.js';
import { runCli } from '../../src/cli/run-cli.js';
import { parseServeArgs, SERVE_USAGE } from '../../src/cli/a2a-server/serve-args.js';
import { TRUST_USAGE } from '../../src/cli/subcommands/trust.js';
import { FLEET_USAGE, parseFleetArgs } from '../../src/cli/subcommands/fleet.js';
import { ExitCode } from '../../src/cli/exit-codes.js';
import { tempDir, testTerminal } from '../local/support.js';
import { codeBlocks } from './markdown.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FILES = [
  'README.md',
  ...(await readdir(path.join(ROOT, 'docs')))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const texts = new Map(
  await Promise.all(
    FILES.map(async (file) => [file, await readFile(path.join(ROOT, file), 'utf8')] as const),
  ),
);

/**
 * Fenced command lines that are parsed but not run, each with why (matched by a part of the
 * command). Everything else in a fenced block is run.
 */
const NOT_RUN: readonly { command: string; reason: string }[] = [
  { command: 'GEMINI_API_KEY=...', reason: 'needs a Gemini API key and the network' },
  {
    command: 'GEMINI_TELEMETRY_OTLP_ENDPOINT=http://localhost:4318',
    reason: 'needs a Gemini API key and an OpenTelemetry collector',
  },
  {
    command: 'run --event issue-comment.json',
    reason: "names the reader's own event file and repository (../my-project)",
  },
  {
    command: 'serve --repo ../my-project',
    reason: "serves the reader's own repository until stopped, with their model key",
  },
  {
    command: 'serve --repo test/fixtures/sample-repo',
    reason: 'a server that runs until stopped: test/e2e/serve-docs.test.ts runs the whole example',
  },
  {
    command: 'fleet plan',
    reason:
      "reads the reader's organization through the GitHub API (test/cli/fleet-command.test.ts runs it against the fake GitHub)",
  },
  {
    command: 'fleet local --campaign node-24 --prompt "Move this repository to Node 24."',
    reason:
      "runs over the reader's own repositories (path/to/repo-a): test/cli/fleet-local.test.ts runs the same command over five",
  },
  { command: 'npm ci', reason: 'installs the dependencies: the setup the tests run in' },
  { command: 'npm install -g', reason: 'installs from GitHub (test/e2e/install-package.test.ts)' },
  {
    command: 'npm test',
    reason: 'the whole suite, and its parts: what this test is part of',
  },
];

/** Commands whose whole run is quick and offline, with the files below in their folder. */
const RUNNABLE = new Set(['policy', 'commands', 'trust']);

/** The placeholder values of synopses, by the flag they follow. */
const SAMPLES: Readonly<Record<string, string>> = {
  '--max-turns': '3',
  '--max-cost': '0.5',
  '--timeout': '60',
  '--port': '0',
  '--sandbox': 'none',
  '--mode': 'invoke',
  '--actor-permission': 'write',
  '--output-format': 'text',
  '-o': 'text',
  '--trust': 'maintainer',
  '--tier': 'workflow',
  '--confirmation-timeout': '60',
  '--input': 'mode=invoke',
  '--args': '{}',
  '--tool': 'read_file',
  '--public-url': 'http://agent.example:41242',
};

/** The help that lists a command's flags, by its first word (`-p` runs have the main one). */
const HELPS: Readonly<Record<string, string>> = {
  run: RUN_USAGE,
  demo: DEMO_USAGE,
  serve: SERVE_USAGE,
  trust: TRUST_USAGE,
  commands: COMMANDS_USAGE,
  policy: POLICY_USAGE,
  fleet: FLEET_USAGE,
};

interface CommandLine {
  where: string;
  /** The words after the program (`gemini-agent` or `node dist/cli.js`). */
  argv: string[];
  text: string;
  synopsis: boolean;
}

/** Words as a POSIX shell splits them: quotes and backslashes, no expansion. */
function shellWords(text: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] ?? '';
    if (char === "'") {
      const quoted = text.indexOf("'", index + 1);
      const end = quoted === -1 ? text.length : quoted;
      word = (word ?? '') + text.slice(index + 1, end);
      index = end;
    } else if (char === '"') {
      let value = '';
      for (index += 1; index < text.length && text[index] !== '"'; index += 1) {
        if (text[index] === '\\' && /["\\$`]/.test(text[index + 1] ?? '')) index += 1;
        value += text[index] ?? '';
      }
      word = (word ?? '') + value;
    } else if (char === '\\') {
      index += 1;
      word = (word ?? '') + (text[index] ?? '');
    } else if (/\s/.test(char)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else {
      word = (word ?? '') + char;
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}

/** The commands of a shell line: split at `&&`, `||`, `;` and `|` outside quotes; no comment. */
function shellCommands(line: string): string[] {
  const commands: string[] = [];
  let current = '';
  let quote: string | undefined;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index] ?? '';
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
      current += char;
    } else if (char === "'" || char === '"') {
      quote = char;
      current += char;
    } else if (char === '#' && (current === '' || /\s$/.test(current))) {
      break;
    } else if (/[;&|]/.test(char)) {
      if (line[index + 1] === char) index += 1;
      commands.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  commands.push(current);
  return commands.map((command) => command.trim()).filter((command) => command !== '');
}

/** A synopsis as a command line: brackets and `...` dropped, the first of alternatives kept. */
function fromSynopsis(text: string): string {
  return text
    .replace(/\[([^[\]]*?) \| [^[\]]*\]/g, '$1')
    .replace(/[[\]]/g, '')
    .replace(/\.\.\./g, '')
    .replace(/(\S+)\|\S+/g, (match) => match.split('|')[0] ?? match);
}

/** Every program word of a command: `gemini-agent`, or `node dist/cli.js`. */
function programArgs(words: string[]): string[] | undefined {
  const start = words.findIndex((word) => !/^[A-Z_][A-Z0-9_]*=/.test(word));
  const rest = words.slice(start);
  if (rest[0] === 'gemini-agent') return rest.slice(1);
  if (rest[0] === 'node' && rest[1] === 'dist/cli.js') return rest.slice(2);
  return undefined;
}

/** The command lines of the fenced shell blocks, backslash-continued lines joined. */
function fencedCommands(file: string, markdown: string): CommandLine[] {
  const found: CommandLine[] = [];
  for (const block of codeBlocks(markdown)) {
    if (!['', 'sh', 'bash', 'shell', 'console'].includes(block.lang)) continue;
    const lines = block.text.split('\n');
    for (let index = 0; index < lines.length; index += 1) {
      const first = block.line + 1 + index;
      let text = lines[index] ?? '';
      while (text.endsWith('\\') && index + 1 < lines.length) {
        index += 1;
        text = `${text.slice(0, -1)} ${(lines[index] ?? '').trim()}`;
      }
      for (const command of shellCommands(text)) {
        const synopsis = /\[-|\.\.\.|\[[A-Z]+\]/.test(command);
        const words = shellWords(synopsis ? fromSynopsis(command) : command);
        const argv = programArgs(words);
        const where = `${file}:${first}`;
        if (argv !== undefined) found.push({ where, argv, text: command, synopsis });
        else if (/^(npm|npx) /.test(words.join(' '))) {
          found.push({ where, argv: words, text: command, synopsis });
        }
      }
    }
  }
  return found;
}

/** Commands in running text: code spans starting with the program. */
function inlineCommands(file: string, markdown: string): CommandLine[] {
  const found: CommandLine[] = [];
  let fenced = false;
  markdown.split('\n').forEach((line, index) => {
    if (/^ {0,3}(`{3,}|~{3,})/.test(line)) fenced = !fenced;
    if (fenced) return;
    for (const match of line.matchAll(/`((?:gemini-agent|node dist\/cli\.js) [^`]*)`/g)) {
      const argv = programArgs(shellWords(match[1] ?? ''));
      if (argv !== undefined) {
        found.push({ where: `${file}:${index + 1}`, argv, text: match[1] ?? '', synopsis: true });
      }
    }
  });
  return found;
}

const fenced = [...texts].flatMap(([file, text]) => fencedCommands(file, text));
const inline = [...texts].flatMap(([file, text]) => inlineCommands(file, text));

/** Parses a command line with the parser of its command; throws what the CLI would say. */
function parse(argv: readonly string[]): void {
  const [command, ...rest] = argv;
  if (command === 'run') parseRunArgs(rest, ROOT);
  else if (command === 'serve') parseServeArgs(rest, ROOT);
  else if (command === 'demo') parseDemoArgs(rest);
  else if (command === 'fleet') parseFleetArgs(rest);
  else parseCliArgs(argv);
}

/** A synopsis's placeholders replaced by values its flags accept. */
function withSamples(argv: readonly string[]): string[] {
  return argv.map((word, index) => {
    const flag = argv[index - 1] ?? '';
    return SAMPLES[flag] !== undefined && /^[A-Z<]/.test(word) ? SAMPLES[flag] : word;
  });
}

/** A folder with the files the documented commands name, and a trust file of its own. */
async function workspace(): Promise<string> {
  const dir = await tempDir('gemini-agent-docs-commands-');
  await mkdir(path.join(dir, '.gemini', 'policies'), { recursive: true });
  await writeFile(
    path.join(dir, '.gemini', 'policies', 'ci.toml'),
    '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = ["npm test", "npm run lint"]\ndecision = "allow"\npriority = 100\n',
  );
  return dir;
}

/** Runs a quick offline command in-process, its relative paths taken in `dir`. */
async function runInProcess(argv: readonly string[], dir: string) {
  const absolute = argv.map((word) =>
    /^\.?[\w.-]+\//.test(word) && !word.startsWith('/') ? path.join(dir, word) : word,
  );
  const withRepo =
    absolute[0] === 'policy' && absolute[1] === 'explain' ? [...absolute, '--repo', dir] : absolute;
  const terminal = testTerminal({
    GEMINI_CLI_TRUSTED_FOLDERS_PATH: path.join(dir, 'trusted.json'),
    HOME: dir,
  });
  const code = await runCli(
    withRepo[0] === 'trust' && withRepo.length === 1 ? ['trust', dir] : withRepo,
    terminal.io,
  );
  return { code, stderr: terminal.stderr, stdout: terminal.stdout };
}

describe('command lines in README.md and docs/', () => {
  it('finds the commands of the documents', () => {
    const where = fenced.map((command) => command.where);
    expect(where).toEqual(expect.arrayContaining(['README.md:43', 'docs/a2a.md:22']));
    expect(fenced.filter((command) => command.argv[0] === 'policy').length).toBeGreaterThan(3);
  });

  it.each(fenced.filter((command) => !['npm', 'npx'].includes(command.argv[0] ?? '')))(
    '$where: $text',
    async (command) => {
      const argv = command.synopsis ? withSamples(command.argv) : command.argv;
      const listed = NOT_RUN.find((entry) => command.text.includes(entry.command));
      if (RUNNABLE.has(argv[0] ?? '')) {
        const result = await runInProcess(argv, await workspace());
        // A synopsis names files that are not there (exit 52); a flag it names must exist.
        const accepted = command.synopsis
          ? result.code !== ExitCode.INPUT || !/Unknown option|argument/.test(result.stderr)
          : [ExitCode.OK, 3].includes(result.code);
        expect(accepted, `${command.where}: ${command.text}\n${result.stderr}`).toBe(true);
        return;
      }
      expect(() => {
        parse(argv);
      }, `${command.where}: ${command.text}`).not.toThrow();
      if (command.synopsis || argv.includes('--help') || argv.includes('--version')) return;
      if (listed !== undefined) return;
      // Not listed: it runs, offline, as written from the clone.
      const terminal = testTerminal({ HOME: await tempDir('gemini-agent-docs-home-') });
      const code = await runCli(argv, terminal.io);
      expect(code, `${command.where}: ${command.text}\n${terminal.stderr}`).toBe(0);
    },
  );

  it.each(fenced.filter((command) => ['npm', 'npx'].includes(command.argv[0] ?? '')))(
    '$where: $text',
    (command) => {
      const [tool, verb, name] = command.argv;
      if (tool === 'npm' && verb === 'run') {
        expect(Object.keys(packageJson.scripts), command.where).toContain(name);
        return;
      }
      const listed = NOT_RUN.find((entry) => command.text.includes(entry.command));
      expect(
        listed,
        `${command.where}: ${command.text} is neither run nor in NOT_RUN`,
      ).toBeDefined();
    },
  );

  it('lists in NOT_RUN only commands the documents have', () => {
    for (const entry of NOT_RUN) {
      expect(
        fenced.some((command) => command.text.includes(entry.command)),
        entry.command,
      ).toBe(true);
    }
  });

  it.each(inline)('$where: `$text` names flags its command has', (command) => {
    const help = HELPS[command.argv[0] ?? ''] ?? USAGE;
    for (const flag of command.argv.filter((word) => /^--?[a-z]/.test(word))) {
      const known = new RegExp(`(^|[\\s,])${flag}\\b`, 'm').test(help);
      expect(known, `${command.where}: ${flag} is not a flag of "${command.text}"`).toBe(true);
    }
  });
});
