/**
 * `gemini-agent demo` (`npm run demo`): the whole pipeline, offline, in a few seconds. A copy of
 * a small project with a bug (examples/demo/repo) becomes a git repository in a temporary
 * folder; a maintainer's `/gemini` comment on the issue describing the bug (examples/demo/
 * event.json) starts a run; a recorded model session (examples/demo/session.jsonl) answers in
 * place of the model. It shows the progress comment as it changes, the final comment, and the
 * commit with its diff on the bot's branch. With `--live`, the same task goes to the real model.
 */
import { execFile } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { access, cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { resolveModelAuth } from '../../model/model-auth.js';
import { SANDBOX_USER_NAME } from '../../platform/sandbox/sandbox-user.js';
import { errorMessage, UsageError } from '../../platform/errors.js';
import { parseFlags } from '../args.js';
import type { LocalRun } from '../../local/local-run.js';
import { runLocal } from '../../local/local-run.js';
import { ExitCode, exitCodeForError } from '../exit-codes.js';
import type { CommandIo } from './run.js';
import { exitCodeFor, parseInputs, printRunEnd, shellWord } from './run.js';
import { makeDirectory } from '../../platform/make-directory.js';

const run = promisify(execFile);

export const DEMO_USAGE = `Usage: gemini-agent demo [--live] [--out DIR] [--input NAME=VALUE]... [--strict]

Runs the Action's pipeline on a copy of a small sample project, offline: a maintainer comments
"/gemini please fix this…" on an issue about a bug, and a recorded model session does the work.
It prints the progress comment as it changes, the final comment, and the commit with its diff on
the bot's branch. Nothing is sent anywhere.

Options:
      --live      the same task with the real model (needs GEMINI_API_KEY, or Vertex AI or Code
                  Assist credentials as for the Action)
      --out DIR   where to put the sample repository and the run's files (default: a new
                  temporary folder, kept for the commands the demo prints); must be new or empty
      --input NAME=VALUE
                  an Action input for the run, e.g. --input sandbox=none (repeatable; see
                  action.yml)
      --strict    fail when a tool call of the recorded session fails where the recorded one
                  did not (the replay diverged from its recording); not with --live
  -h, --help      print this help
`;

export interface DemoOptions {
  live: boolean;
  out: string | undefined;
  /** Action inputs (`--input`), over the demo's own (its allowed test command). */
  inputs: Record<string, string>;
  /** Fail when the recorded session diverges (`--strict`). */
  strict: boolean;
  help: boolean;
}

/** The flags of `demo`; every mistake is a one-line `UsageError` (exit code 42). */
export function parseDemoArgs(argv: readonly string[]): DemoOptions {
  const { values } = parseFlags('demo', () =>
    parseArgs({
      args: [...argv],
      strict: true,
      options: {
        live: { type: 'boolean' },
        out: { type: 'string' },
        input: { type: 'string', multiple: true },
        strict: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }),
  );
  return {
    live: values.live ?? false,
    out: values.out,
    inputs: parseInputs(values.input ?? []),
    strict: values.strict ?? false,
    help: values.help ?? false,
  };
}

/** The test command the demo lets the agent run, as a workflow would list it. */
const ALLOWED_COMMANDS = 'node --test';

/** The demo's files: beside the bundle when the build copied them, else in the package. */
export async function findDemoFiles(moduleUrl: string = import.meta.url): Promise<string> {
  const here = path.dirname(fileURLToPath(moduleUrl));
  // The package's examples/: two folders up from the bundle (dist/cli/), three from this source
  // file (src/cli/subcommands/).
  const candidates = [
    path.join(here, 'demo'),
    path.resolve(here, '..', '..', 'examples', 'demo'),
    path.resolve(here, '..', '..', '..', 'examples', 'demo'),
  ];
  for (const candidate of candidates) {
    try {
      await access(path.join(candidate, 'session.jsonl'));
      return candidate;
    } catch {
      // Try the next place.
    }
  }
  throw new Error(`The demo's files were not found (looked in ${candidates.join(' and ')}).`);
}

export async function runDemoCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  let options: DemoOptions;
  try {
    options = parseDemoArgs(argv);
  } catch (error) {
    io.stderr.write(`error: ${errorMessage(error)}\n`);
    return exitCodeForError(error);
  }
  if (options.help) {
    io.stdout.write(DEMO_USAGE);
    return ExitCode.OK;
  }
  // A folder the demo made itself goes again when the demo fails: nothing in it is worth keeping.
  let temporary: string | undefined;
  try {
    const { live } = options;
    if (live && options.strict) {
      throw new UsageError('--strict applies to the recorded session; leave it out with --live.');
    }
    // Fails before anything is copied when --live has no credentials to use.
    if (live) resolveModelAuth(io.env);
    const demo = await findDemoFiles();
    const root = await demoFolder(options.out);
    if (options.out === undefined) temporary = root;
    const repo = path.join(root, 'temperature');
    await createSampleRepository(path.join(demo, 'repo'), repo);
    const print = (text = '') => io.stdout.write(`${text}\n`);
    print('Gemini agent demo');
    print('═════════════════');
    // Said first, since it outlives the demo: the sandbox's account (see docs/local-runs.md).
    if (process.getuid?.() === 0 && process.platform === 'linux') {
      print(sandboxUserNotice(await userExists(SANDBOX_USER_NAME)));
    }
    print(`A small project with a bug, as a git repository: ${repo}`);
    print('Issue #1 says "toCelsius returns the wrong temperature", and the maintainer @octocat');
    print(
      'comments "/gemini please fix this and make sure the tests pass". The Action\'s pipeline',
    );
    print(
      live
        ? 'runs on it with the live model, and a dry-run GitHub that posts nothing:'
        : 'runs on it with a recorded model session, and a dry-run GitHub that posts nothing:',
    );
    if (!live && hasModelCredentials(io.env)) {
      print('(Model credentials are set: "gemini-agent demo --live" runs the same task live.)');
    }
    const result = await runLocal(
      {
        eventFile: path.join(demo, 'event.json'),
        eventName: 'issue_comment',
        repo,
        actorPermission: 'write',
        inputs: { allowed_commands: ALLOWED_COMMANDS, ...options.inputs },
        outDir: path.join(root, 'run'),
        ...(live ? {} : { replay: path.join(demo, 'session.jsonl'), strict: options.strict }),
      },
      io,
    );
    printRunEnd(result, io);
    await printCommit(result, io);
    print();
    if (temporary !== undefined) {
      print(
        `The sample repository and the run's files stay in ${temporary}, for the commands above ("rm -rf ${shellWord(temporary)}" removes them).`,
      );
      print();
    }
    const command = invokedAs(process.argv[1], io.env);
    print('Try it on your own repository: write an event file like');
    print(`  ${path.join(demo, 'event.json')}`);
    print('and run, in your repository,');
    print(`  ${command} run --event event.json --event-name issue_comment --repo .`);
    print(`("${command} run --help" has the options).`);
    temporary = undefined;
    return exitCodeFor(result);
  } catch (error) {
    io.stderr.write(`error: ${errorMessage(error)}\n`);
    return exitCodeForError(error);
  } finally {
    if (temporary !== undefined) await rm(temporary, { recursive: true, force: true });
  }
}

/**
 * What a reader types to run this program again from any folder (the demo's hint is to run it in
 * their own repository): `gemini-agent` when that name on PATH is this program; else the program
 * by its absolute path, the installed command's (`/prefix/bin/gemini-agent`) or `node` and this
 * clone's dist/cli.js. A path relative to the current folder would not work from another one.
 */
export function invokedAs(script: string | undefined, env: NodeJS.ProcessEnv): string {
  if (script === undefined) return 'gemini-agent';
  const absolute = path.resolve(script);
  const started = realPath(absolute) ?? absolute;
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (dir === '' || !path.isAbsolute(dir)) continue;
    if (realPath(path.join(dir, 'gemini-agent')) === started) return 'gemini-agent';
  }
  if (path.basename(script) === 'gemini-agent') return shellWord(absolute);
  return `node ${shellWord(started)}`;
}

function realPath(file: string): string | undefined {
  try {
    return realpathSync(file);
  } catch {
    return undefined;
  }
}

/**
 * Run as root on Linux, the sandbox runs commands as a system account of its own, made on first
 * use, which stays after the demo: the first lines say so, and how to remove it.
 */
export function sandboxUserNotice(exists: boolean): string {
  const user = SANDBOX_USER_NAME;
  return exists
    ? `Running as root: shell commands run in a sandbox as the system user ${user}, which exists\nalready ("userdel ${user}" removes it).`
    : `Running as root: shell commands run in a sandbox as the system user ${user}, created now\nand kept afterwards ("userdel ${user}" removes it).`;
}

async function userExists(name: string): Promise<boolean> {
  return run('id', ['-u', name]).then(
    () => true,
    () => false,
  );
}

async function demoFolder(out: string | undefined): Promise<string> {
  if (out === undefined) return mkdtemp(path.join(tmpdir(), 'gemini-agent-demo-'));
  const resolved = path.resolve(out);
  await makeDirectory(resolved);
  const existing = await access(path.join(resolved, 'temperature')).then(
    () => true,
    () => false,
  );
  if (existing) {
    throw new UsageError(`--out expects a new or empty folder; "${resolved}" has a demo in it.`);
  }
  return resolved;
}

function hasModelCredentials(env: NodeJS.ProcessEnv): boolean {
  try {
    resolveModelAuth(env);
    return true;
  } catch {
    return false;
  }
}

/** The sample project as a repository with one commit on `main`, made the same way each time. */
async function createSampleRepository(source: string, target: string): Promise<void> {
  await cp(source, target, { recursive: true });
  const env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('GIT_'))),
    GIT_AUTHOR_NAME: 'Mona Lisa',
    GIT_AUTHOR_EMAIL: 'mona@example.com',
    GIT_AUTHOR_DATE: '2025-06-01T12:00:00Z',
    GIT_COMMITTER_NAME: 'Mona Lisa',
    GIT_COMMITTER_EMAIL: 'mona@example.com',
    GIT_COMMITTER_DATE: '2025-06-01T12:00:00Z',
    GIT_CONFIG_GLOBAL: '/dev/null',
  };
  const git = (...args: string[]) => run('git', args, { cwd: target, env });
  await git('init', '--quiet', '--initial-branch=main');
  await git('add', '--all');
  await git('-c', 'commit.gpgSign=false', 'commit', '--quiet', '-m', 'Add temperature conversion');
}

/** The bot's commit on its branch of the sample repository: `git log -1 --stat` and the diff. */
async function printCommit(result: LocalRun, io: Pick<CommandIo, 'stdout'>): Promise<void> {
  const branch = result.result.outputs.branch_name;
  if (!branch) return;
  const git = async (...args: string[]) =>
    (await run('git', ['-c', 'core.pager=cat', ...args], { cwd: result.repo })).stdout;
  const print = (text = '') => io.stdout.write(`${text}\n`);
  print();
  print(
    `── The commit on branch ${branch} (git -C ${shellWord(result.repo)} log -1 --stat ${shellWord(branch)}):`,
  );
  print(indent(await git('log', '-1', '--stat', '--no-color', branch)));
  print(`── Its diff (git diff main...${shellWord(branch)}):`);
  print(indent(await git('diff', '--no-color', `main...${branch}`)));
}

function indent(text: string): string {
  return text
    .replace(/\n$/, '')
    .split('\n')
    .map((line) => (line === '' ? '' : `   ${line}`))
    .join('\n');
}
