// Text from a repository, a manifest, the model, its server and the tools, made to act on the
// runner's log or the terminal instead of showing. The Action runs in-process as main.ts wires
// it, its log written through the runner's commands, and its stdout is read as the runner reads
// it (test/support/runner-stdout.ts): the only commands carried out are the Action's own (its
// masks, its debug lines and annotations), and nothing stops them. The CLI, `gemini-agent run`
// and `serve` print the same hostile text: no control character of it reaches the terminal, and
// the CLI's own status line still draws.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { renderMarkdownForTerminal } from '../../src/local/terminal-markdown.js';
import { testIo } from '../support/cli-io.js';
import { callsReply, httpError, textReply, useFakeGemini } from '../support/fake-gemini.js';
import type { RunnerCommand, RunnerReading } from '../support/runner-stdout.js';
import { readRunnerStdout } from '../support/runner-stdout.js';
import { serveInProcess } from '../support/serve-in-process.js';
import { tempRepo } from '../support/temp-repo.js';
import { webhookExample } from '../support/webhook-payloads.js';
import { runArgs, tempDir, writeJson, writeSession } from '../local/support.js';
import type { RunnerLogRun } from './support/runner-log-run.js';
import { runActionOnRunnerLog } from './support/runner-log-run.js';

/** Workflow commands hidden in text, each in a form the runner reads differently. */
const COMMANDS = {
  newline: '\n::error title=INJECTED::pwned-newline',
  stop: '\n::stop-commands::injstop',
  cr: '\r::add-mask::Hello',
  percent: '%0A::error::pwned-percent',
  indent: '\n   \t::set-output name=conclusion::pwned-indent',
  legacy: ' ##[set-output name=conclusion;]pwned-legacy',
} as const;

/**
 * Terminal control in text: a screen clear, an OSC 8 link, an OSC 52 clipboard write, an 8-bit
 * CSI, a bidi override and a carriage return that would hide what came before it.
 */
const CONTROLS =
  '\u001b[2J\u001b]8;;https://evil.example\u0007click\u001b]8;;\u0007\u001b]52;c;cHduZWQ=\u0007\u009b31m\u202eevil\rhidden';

/** What a terminal or a log viewer acts on: C0 but tab and newline, DEL, C1, bidi controls. */
/* eslint-disable no-control-regex -- finding control characters is the point */
const ACTIVE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
/** The same characters, for writing them as TOML escapes. */
const ACTIVE_ALL = /[\u0000-\u001f\u007f-\u009f\u202e]/gu;
/* eslint-enable no-control-regex */

/** No active character in `text` once the program's own sequences (`ours`) are taken out. */
function expectInert(text: string, ours: readonly string[] = []): void {
  const rest = ours.reduce((left, sequence) => left.split(sequence).join(''), text);
  const found = ACTIVE.exec(rest);
  expect(
    found === null
      ? undefined
      : JSON.stringify(rest.slice(Math.max(0, found.index - 40), found.index + 20)),
  ).toBeUndefined();
}

function manifest(name: string, attack: string): string {
  return JSON.stringify({ name, version: `1.0${attack}`, description: `d${attack}` });
}

/** The commands the Action writes itself: masks of its secrets, debug lines, annotations. */
function expectOnlyOwnCommands(run: RunnerLogRun, reading: RunnerReading): void {
  expect(reading.stopped).toBe(false);
  for (const command of reading.commands) {
    expect(['add-mask', 'debug', 'warning', 'error'], command.line).toContain(
      command.name.toLowerCase(),
    );
    expect(command.properties, command.line).toEqual({});
    expect(command.data.startsWith('pwned'), command.line).toBe(false);
    if (command.name === 'add-mask') expect(run.secrets).toContain(command.data);
  }
}

function named(reading: RunnerReading, name: string): RunnerCommand[] {
  return reading.commands.filter((command) => command.name.toLowerCase() === name);
}

describe('the Action log: extension manifests and the model', () => {
  const undo: (() => unknown)[] = [];
  let run: RunnerLogRun | undefined;
  let reading: RunnerReading | undefined;
  const current = () => {
    if (run === undefined || reading === undefined) throw new Error('the run did not happen');
    return { run, reading };
  };

  beforeAll(async () => {
    const files: Record<string, string> = {};
    for (const [attack, text] of Object.entries(COMMANDS)) {
      files[`.gemini/extensions/inj-${attack}/gemini-extension.json`] = manifest(
        `inj-${attack}`,
        text,
      );
    }
    files['.gemini/extensions/inj-controls/gemini-extension.json'] = manifest(
      'inj-controls',
      CONTROLS,
    );
    run = await runActionOnRunnerLog({
      cleanup: (fn) => undo.push(fn),
      files,
      script: [
        callsReply([
          {
            id: `call${COMMANDS.newline}${CONTROLS}`,
            name: 'read_file',
            args: { absolute_path: `missing${COMMANDS.newline}${CONTROLS}.md` },
          },
          { id: 'c2', name: `no_such_tool${COMMANDS.cr}${CONTROLS}`, args: {} },
        ]),
        textReply(`Done.${COMMANDS.newline}${COMMANDS.stop}${CONTROLS}`),
      ],
    });
    reading = readRunnerStdout(run.stdout);
  }, 60_000);

  afterAll(async () => {
    for (const fn of undo.reverse()) await fn();
  });

  it('runs, logging the manifests', () => {
    const { run, reading } = current();
    expect(run.result.conclusion).toBe('success');
    expect(reading.text.join('\n')).toContain('Extension inj-newline 1.0');
  });

  it('carries out only its own commands', () => {
    const { run, reading } = current();
    expectOnlyOwnCommands(run, reading);
  });

  it('a line break then ::error title=…:: is no annotation', () => {
    const { reading } = current();
    expect(named(reading, 'error')).toEqual([]);
    expect(reading.text).toContain(
      '::error title=INJECTED::pwned-newline (.gemini/extensions/inj-newline).',
    );
  });

  it('::stop-commands:: does not silence the commands that follow', () => {
    const { reading } = current();
    expect(reading.stopped).toBe(false);
    // The tool calls were logged after the manifests, as debug lines the runner still reads.
    expect(named(reading, 'debug').some((command) => command.data.startsWith('tool call'))).toBe(
      true,
    );
  });

  it('a carriage return then ::add-mask:: masks nothing', () => {
    const { run, reading } = current();
    expect(
      named(reading, 'add-mask')
        .map((command) => command.data)
        .sort(),
    ).toEqual([...run.secrets].sort());
  });

  it('%0A does not unescape into a second line', () => {
    const { reading } = current();
    expect(reading.commands.some((command) => command.data.includes('pwned-percent\n'))).toBe(
      false,
    );
    expect(reading.text.join('\n')).toContain('1.0%0A::error::pwned-percent');
  });

  it('an indented ::set-output and a ##[set-output] set no output', () => {
    const { run, reading } = current();
    expect(named(reading, 'set-output')).toEqual([]);
    expect(run.result.outputs.conclusion).toBe('success');
  });

  it('no control character reaches the log, and the text still shows', () => {
    const { run } = current();
    expectInert(run.stdout);
    expect(run.stdout).toContain('␛[2J␛]8;;https://evil.example␇click');
  });

  it("the model's call ids, tool names and paths stay on their debug lines", () => {
    const { reading } = current();
    const calls = named(reading, 'debug').filter((command) => command.data.startsWith('tool call'));
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.some((command) => command.data.includes('::error title=INJECTED::'))).toBe(true);
  });
});

describe('the Action log: failures', () => {
  it("the model server's error body is one annotation, inert", async () => {
    const undo: (() => unknown)[] = [];
    try {
      const run = await runActionOnRunnerLog({
        cleanup: (fn) => undo.push(fn),
        files: {},
        script: [
          httpError(
            400,
            `Bad request${COMMANDS.newline}${COMMANDS.cr}${COMMANDS.stop}${COMMANDS.percent}${CONTROLS}`,
          ),
        ],
      });
      const reading = readRunnerStdout(run.stdout);
      expect(run.result.conclusion).toBe('failure');
      expectOnlyOwnCommands(run, reading);
      expectInert(run.stdout);
      const errors = named(reading, 'error');
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.some((command) => command.data.includes('::error title=INJECTED::'))).toBe(
        true,
      );
    } finally {
      for (const fn of undo.reverse()) await fn();
    }
  }, 60_000);

  it('a manifest whose name holds commands stops the run with an inert error', async () => {
    const undo: (() => unknown)[] = [];
    try {
      const run = await runActionOnRunnerLog({
        cleanup: (fn) => undo.push(fn),
        files: {
          '.gemini/extensions/bad/gemini-extension.json': JSON.stringify({
            name: `bad${COMMANDS.newline}${COMMANDS.stop}${CONTROLS}`,
            version: '1.0',
          }),
        },
        script: [textReply('never asked')],
      });
      const reading = readRunnerStdout(run.stdout);
      expect(run.result.conclusion).toBe('failure');
      expect(run.result.error).toContain('gemini-extension.json');
      expectOnlyOwnCommands(run, reading);
      expectInert(run.stdout);
    } finally {
      for (const fn of undo.reverse()) await fn();
    }
  }, 60_000);
});

/** The CLI's standard streams, stderr a terminal when asked. */
function cliIo(env: NodeJS.ProcessEnv, options: { terminal?: boolean } = {}) {
  const cli = testIo({ PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env });
  if (options.terminal) Object.assign(cli.io.stderr, { isTTY: true, columns: 100 });
  return cli;
}

function tomlEscaped(text: string): string {
  return text.replace(
    ACTIVE_ALL,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** A repository whose extension manifest and files hold hostile text. */
async function hostileRepo(): Promise<string> {
  return tempRepo({
    'README.md': `# demo${CONTROLS}\n`,
    '.gemini/extensions/inj/gemini-extension.json': manifest(
      'inj',
      `${COMMANDS.newline}${CONTROLS}`,
    ),
    '.gemini/commands/evil.toml': `description = "evil${tomlEscaped(CONTROLS)}"\nprompt = "x"\n`,
  });
}

async function runCliAgainst(
  repo: string,
  script: Parameters<typeof useFakeGemini>[0],
  args: string[],
  options: { terminal?: boolean } = {},
) {
  const gemini = await useFakeGemini(script);
  const cli = cliIo(
    {
      GEMINI_API_KEY: 'test-key',
      GOOGLE_GEMINI_BASE_URL: gemini.url,
      TERM: 'xterm-256color',
      GEMINI_CLI_TRUST_WORKSPACE: 'true',
    },
    options,
  );
  const code = await runCli(
    ['-p', 'describe the README', '--repo', repo, '--sandbox', 'none', ...args],
    cli.io,
  );
  return { code, stdout: cli.stdout, stderr: cli.stderr };
}

const modelTurns = (repo: string) => [
  callsReply([
    { id: 'r1', name: 'read_file', args: { absolute_path: path.join(repo, 'README.md') } },
    {
      id: 'r2',
      name: 'read_file',
      args: { absolute_path: path.join(repo, `missing${CONTROLS}.md`) },
    },
  ]),
  textReply(`The README says demo.${CONTROLS}${COMMANDS.newline}`),
];

/** The status line's own bytes: the redraw, the clear and the dim colour. */
const STATUS_LINE = ['\r\u001b[K', '\u001b[2m', '\u001b[22m', '\u001b[K', '\r'];

describe('the CLI', () => {
  it('text output: the manifest, the model text and the tool errors show, inert', async () => {
    const repo = await hostileRepo();
    const run = await runCliAgainst(repo, modelTurns(repo), []);
    expect(run.code, run.stderr).toBe(0);
    expectInert(run.stdout);
    expectInert(run.stderr);
    expect(run.stdout).toContain('The README says demo.␛[2J');
    expect(run.stderr).toContain('Extension inj 1.0');
    expect(run.stderr).toContain('✗ read_file');
  });

  it('text output on a terminal: its own status line draws, their text stays inert', async () => {
    const repo = await hostileRepo();
    const run = await runCliAgainst(repo, modelTurns(repo), [], { terminal: true });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('\u001b[2m');
    expectInert(run.stderr, STATUS_LINE);
    expectInert(run.stdout);
  });

  it('--output-format json: the same text, escaped so a terminal shows it', async () => {
    const repo = await hostileRepo();
    const run = await runCliAgainst(repo, modelTurns(repo), ['--output-format', 'json']);
    expect(run.code, run.stderr).toBe(0);
    expectInert(run.stdout);
    expectInert(run.stderr);
    const parsed = JSON.parse(run.stdout) as { response: string };
    expect(parsed.response).toContain(`The README says demo.${CONTROLS}`);
  });

  it('--output-format stream-json: tool output and model text escaped, the values exact', async () => {
    const repo = await hostileRepo();
    const run = await runCliAgainst(repo, modelTurns(repo), ['--output-format', 'stream-json']);
    expect(run.code, run.stderr).toBe(0);
    expectInert(run.stdout);
    expectInert(run.stderr);
    const lines = run.stdout
      .trim()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as {
            type: string;
            role?: string;
            content?: string;
            error?: { message: string };
          },
      );
    const failed = lines.find((line) => line.type === 'tool_result' && line.error !== undefined);
    expect(failed?.error?.message).toContain(`missing${CONTROLS.slice(0, 12)}`);
    const text = lines.filter((line) => line.type === 'message' && line.role === 'assistant');
    expect(text.map((line) => line.content).join('')).toContain(CONTROLS);
  });

  it('commands: a command description from the repository is listed inert', async () => {
    const repo = await hostileRepo();
    const cli = cliIo({});
    const code = await runCli(['commands', 'list', '--repo', repo], cli.io);
    expect(code, cli.stderr).toBe(0);
    expect(cli.stdout).toContain('/evil');
    expectInert(cli.stdout);
    expectInert(cli.stderr);
  });
});

describe('gemini-agent run', () => {
  it('prints the comments the model wrote, inert, entities included', async () => {
    const dir = await tempDir();
    const repo = await tempRepo({ 'README.md': '# Hello-World\n' }, { git: true });
    const payload = webhookExample('issue_comment', { action: 'created' });
    payload.comment.body = '/gemini describe the README';
    const event = await writeJson(dir, 'event.json', payload);
    const session = await writeSession(dir, [
      { text: `Described.${CONTROLS} &#27;[2J &#x9b;1m &#x202e; &#1114112; &#xd800;` },
    ]);
    const out = path.join(dir, 'out');
    const cli = cliIo({});
    const code = await runCli(
      ['run', ...runArgs({ event, eventName: 'issue_comment', repo, replay: session, out })],
      cli.io,
    );
    expect(code, cli.stderr).toBe(0);
    expect(cli.stdout).toContain('Described.');
    expectInert(cli.stdout);
    expectInert(cli.stderr);
    // The files keep what was posted, exactly.
    expect(await readFile(path.join(out, 'comment-1.md'), 'utf8')).toContain(
      `Described.${CONTROLS.slice(0, 10)}`,
    );
  });
});

describe('serve', () => {
  it("logs a workspace's manifest inert", async () => {
    const repo = await hostileRepo();
    const server = await serveInProcess({ repo });
    expect(await server.stop(), server.stderr()).toBe(0);
    expect(server.stderr()).toContain('Extension inj 1.0');
    expectInert(server.stderr());
    expectInert(server.stdout());
  });
});

describe('terminal Markdown', () => {
  it('never decodes an entity into a control character, nor fails on one that is no character', () => {
    const rendered = renderMarkdownForTerminal(
      `a &#27;[2J &#x1B;]52;c;x&#7; &#x9b; &#8238; &#1114112; &#xD800; &#x41; ${CONTROLS}`,
    );
    expectInert(rendered);
    expect(rendered).toContain('&#27;[2J');
    expect(rendered).toContain('&#1114112;');
    expect(rendered).toContain(' A ');
  });
});

// A check of the check: the reading finds a command the runner would carry out.
describe('the runner reading', () => {
  it('finds the commands a raw log line would hold', async () => {
    const file = path.join(await tempDir(), 'raw.txt');
    await writeFile(
      file,
      `Extension x 1.0${COMMANDS.newline}${COMMANDS.cr}\nx${COMMANDS.legacy}${COMMANDS.indent}\n`,
    );
    const reading = readRunnerStdout(await readFile(file, 'utf8'));
    expect(reading.commands.map((command) => command.name)).toEqual([
      'error',
      'add-mask',
      'set-output',
      'set-output',
    ]);
  });
});
