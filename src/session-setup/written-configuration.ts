/**
 * A configuration file the agent itself wrote never starts a process, or steers a later run,
 * unless a person put it there.
 *
 * The policy keeps the file tools out of `.gemini/` at any depth, but code a policy allows (a
 * listed `npm test`, the `maintenance` preset's test commands, `--allow-command`) can still write
 * `.gemini/settings.json`, whose MCP servers the next run would start. Entry points that run
 * sessions one after another in the same folders (the CLI's `-p`, the A2A server's tasks) keep a
 * ledger of when each session ran, and before loading a workspace's configuration ask of each
 * file whether it changed during one of them.
 *
 * The design, kept small:
 * - **The ledger** records each session's start and end (wall-clock milliseconds) per workspace,
 *   as lines appended to `<state>/gemini-agent/sessions/<hash of the workspace>.jsonl`, where
 *   `<state>` is `$XDG_STATE_HOME` or `~/.local/state`. It lies outside every workspace and in the
 *   home folder, which the sandbox hides from tool processes (`src/platform/sandbox/`), so the
 *   code a session runs can neither read nor rewrite it. A session that never recorded its end
 *   counts as running while its process (pid and host, recorded at its start) is alive; the first
 *   check that finds the process gone (it was killed) records the end then, so what a person
 *   changes from that moment on counts as theirs, and `touch` accepts a file again.
 * - **Who changed a file** is read from its change time (`ctime`): the kernel sets it on every
 *   write, rename, link or attribute change, and no unprivileged program can set it back. A file
 *   whose ctime falls within a session of a workspace holding it was changed by that session (or
 *   while it ran); one changed since by anything else was changed by a person. Symlinks on the
 *   way to the file count by their own ctime, so a folder swapped for a link is seen too. No
 *   file is hashed or scanned at the end of a session, so the rule also covers files at any
 *   depth, written by any means.
 * - **What is checked** is what the run is about to load: the workspace's `.gemini/settings.json`,
 *   every file of each extension folder (`.gemini/extensions/<name>/`, `--extension` folders),
 *   each command file (`.gemini/commands/**`), each agent file (`.gemini/agents/*.md`), and the
 *   `--policy` files. A held-back settings file, extension, command or agent is not loaded and a
 *   warning says why and how to accept it; a held-back `--policy` file stops the run instead,
 *   since leaving out a policy a person named could loosen it.
 * - **Accepting** a file is any change to it outside a session: edit it, or, once reviewed,
 *   `touch` it.
 *
 * What this does not cover: with `--sandbox none` the session's code can reach the ledger and
 * every other file of the user; a file a person edits while a session runs in its workspace
 * counts as the session's (the warning says so, and touching it again accepts it).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Stats } from 'node:fs';
import { appendFile, lstat, mkdir, readFile, readdir, realpath, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ConfigurationError, errorMessage } from '../platform/errors.js';
import { isInsideOrSame, relativeInside } from '../platform/path-containment.js';

/**
 * How much earlier than a session's recorded start a change may be stamped and still be the
 * session's: the kernel stamps changes from a clock that lags by up to a tick. A stamp is never
 * later than the change, so a session's end needs no margin (a person's change within a tick
 * after it may be stamped inside it, and counts as the session's until touched again). File
 * systems that keep whole seconds (ext3, HFS+, FAT) are not covered: a change early in a
 * session's first second could be stamped before it.
 */
const START_SLACK_MS = 50;
/** An extension with more files than this cannot be checked, so it is not loaded when it must be. */
const MAX_EXTENSION_FILES = 10_000;

type Environment = Readonly<Record<string, string | undefined>>;

/** One recorded session: when it ran, in milliseconds; `end` absent while running (or killed). */
interface SessionSpan {
  session: string;
  start: number;
  end?: number;
  /** The agent's process and host, to tell a killed session from a running one. */
  pid?: number;
  host?: string;
}

/** Whether the process that recorded a session still runs (on another host: assumed so). */
function sessionProcessAlive(span: SessionSpan): boolean {
  if (span.pid === undefined || span.host !== os.hostname()) return true;
  try {
    process.kill(span.pid, 0);
    return true;
  } catch (error) {
    // EPERM: a process of another user has that pid, so it is alive (if perhaps another one).
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** The folder of the ledger files: `$XDG_STATE_HOME/gemini-agent/sessions`, else under `~/.local/state`. */
export function ledgerDirectory(env: Environment): string {
  const state = env.XDG_STATE_HOME;
  const base =
    state !== undefined && path.isAbsolute(state)
      ? state
      : path.join(env.HOME ?? os.homedir(), '.local', 'state');
  return path.join(base, 'gemini-agent', 'sessions');
}

function ledgerFile(directory: string, workspace: string): string {
  const key = createHash('sha256').update(workspace).digest('hex').slice(0, 32);
  return path.join(directory, `${key}.jsonl`);
}

export interface SessionRecording {
  /** Records the session's end; call once its tool processes have stopped. */
  end(): Promise<void>;
  /**
   * Set when the ledger lies inside the workspace (a workspace holding the home folder): the
   * session's own commands can reach it there, so the rule cannot hold; the run should say so.
   */
  warning?: string;
}

/** Records that a session starts in `workspace` (a real path), before any of its tools run. */
export async function recordSession(
  workspace: string,
  env: Environment,
): Promise<SessionRecording> {
  const directory = ledgerDirectory(env);
  const warning = isInsideOrSame(directory, workspace)
    ? `The record of the agent's sessions (${directory}) lies inside the workspace ${workspace}, where the session's commands can change it: configuration the agent writes here may be loaded by later runs. Set XDG_STATE_HOME to a folder outside the workspace.`
    : undefined;
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const file = ledgerFile(directory, workspace);
  const session = randomUUID();
  const start = { session, workspace, start: Date.now(), pid: process.pid, host: os.hostname() };
  await appendFile(file, `${JSON.stringify(start)}\n`, { mode: 0o600 });
  let ended = false;
  return {
    async end() {
      if (ended) return;
      ended = true;
      await appendFile(file, `${JSON.stringify({ session, end: Date.now() })}\n`);
    },
    ...(warning === undefined ? {} : { warning }),
  };
}

/**
 * Records a session in `workspace` from now (call it before the session starts) until the
 * `result` of the run handed to the returned function settles, which is after the session's
 * tools have stopped; a run that fails to start ends the record at once. The ledger's warnings
 * (it lies inside the workspace, or cannot be written) go to `warn`.
 */
export async function recordRun(
  workspace: string,
  env: Environment,
  warn: (message: string) => void,
): Promise<<Run extends { result: Promise<unknown> }>(starting: Promise<Run>) => Promise<Run>> {
  let recording: SessionRecording;
  try {
    recording = await recordSession(await realpath(workspace).catch(() => workspace), env);
  } catch (error) {
    // A home folder that cannot be written (a read-only container) must not stop every run.
    warn(
      `The session could not be recorded in ${ledgerDirectory(env)} (${errorMessage(error)}): configuration it writes will not be recognised as the agent's by later runs.`,
    );
    return (starting) => starting;
  }
  if (recording.warning !== undefined) warn(recording.warning);
  const end = () =>
    recording.end().catch((error: unknown) => {
      warn(`The end of the session could not be recorded: ${errorMessage(error)}`);
    });
  return async (starting) => {
    let run;
    try {
      run = await starting;
    } catch (error) {
      await end();
      throw error;
    }
    return { ...run, result: run.result.finally(end) };
  };
}

/** What a run may load of the configuration it found, and what it must say about the rest. */
export interface WrittenConfiguration {
  /** False for a settings file, extension folder, command or agent file the agent wrote. */
  mayLoad: (absolutePath: string) => boolean;
  /** One line per file or folder held back: what, why, and how to accept it. */
  warnings: readonly string[];
}

export interface WrittenConfigurationOptions {
  /** The workspace whose `.gemini/` is loaded, as the loaders are given it. */
  workspace: string;
  /** `--extension` folders, absolute or relative to the workspace. */
  extensionPaths?: readonly string[];
  /** `--policy` files, absolute or relative to the current folder. */
  policyFiles?: readonly string[];
  env: Environment;
}

/**
 * A settings reader (`loadAgentSettings`'s `readFile`) to which a held-back file is missing, so
 * the run goes on with the settings it would have without that file.
 */
export function readUnlessHeldBack(
  written: WrittenConfiguration,
): (file: string) => Promise<string> {
  return async (file) => {
    if (written.mayLoad(file)) return readFile(file, 'utf8');
    throw Object.assign(new Error(`${file} is held back`), { code: 'ENOENT' });
  };
}

/**
 * Which of the configuration a run in `workspace` would load was written during an agent's
 * session and not changed since. A `--policy` file among them is a `ConfigurationError`.
 */
export async function checkWrittenConfiguration(
  options: WrittenConfigurationOptions,
): Promise<WrittenConfiguration> {
  const sessions = new SessionLookup(ledgerDirectory(options.env));
  const given = path.resolve(options.workspace);
  const workspace = await realpath(given).catch(() => given);
  const gemini = path.join(workspace, '.gemini');
  const held = new Set<string>();
  const warnings: string[] = [];
  /**
   * Holds `candidate` back (as the loaders will name it, and as its real path) when a file of it
   * (`files`, below its real path), or a symlink on its way, changed during a session of a
   * workspace holding it.
   */
  const judge = async (
    kind: string,
    candidate: string,
    files: (real: string) => Promise<string[] | undefined>,
  ) => {
    const real = await realpath(candidate).catch(() => candidate);
    const spans = await sessions.holding([candidate, real]);
    if (spans.length === 0) return;
    const found = await files(real);
    const written =
      found === undefined ? [] : await writtenDuring(candidate, found, spans, workspace);
    if (found !== undefined && written.length === 0) return;
    held.add(candidate).add(real);
    warnings.push(heldBackMessage(kind, candidate, workspace, written));
  };

  for (const policy of options.policyFiles ?? []) {
    const file = path.resolve(policy);
    const real = await realpath(file).catch(() => file);
    const spans = await sessions.holding([file, real]);
    if (spans.length === 0) continue;
    if ((await writtenDuring(file, [real], spans, workspace)).length > 0) {
      throw new ConfigurationError(
        `${file} (a --policy file) was changed during an agent session and not since, so it is not loaded: a policy the agent could have written is no policy. Review it; to accept it, edit it or run: touch ${shellQuote(file)}`,
      );
    }
  }
  const one = (real: string) => existing([real]);
  await judge('The settings file', path.join(gemini, 'settings.json'), one);
  for (const folder of await extensionFolders(gemini, workspace, options.extensionPaths ?? [])) {
    await judge('The extension', folder, (real) => entriesBelow(real, MAX_EXTENSION_FILES));
  }
  const commands = (await entriesBelow(path.join(gemini, 'commands'), Infinity)) ?? [];
  for (const file of commands.filter((entry) => entry.endsWith('.toml'))) {
    await judge('The command file', file, one);
  }
  const agents = (await entriesBelow(path.join(gemini, 'agents'), Infinity, 1)) ?? [];
  for (const file of agents.filter((entry) => entry.endsWith('.md'))) {
    await judge('The agent file', file, one);
  }
  // The loaders ask with paths under the workspace as they were given it; the checks used its
  // real path.
  const inRealSpace = (candidate: string) => {
    const absolute = path.resolve(candidate);
    const inside = relativeInside(absolute, given);
    return inside === undefined ? absolute : path.join(workspace, inside);
  };
  return { mayLoad: (candidate) => !held.has(inRealSpace(candidate)), warnings };
}

function heldBackMessage(
  kind: string,
  candidate: string,
  workspace: string,
  written: readonly string[],
): string {
  const shown = (file: string) => relativeInside(file, workspace) || file;
  const rule =
    'what the agent writes never starts a process or steers a later run unless a person put it there';
  if (written.length === 0) {
    return `${kind} ${shown(candidate)} is not loaded: an agent session worked in a folder holding it, and it has more than ${MAX_EXTENSION_FILES} files, too many to tell whether that session changed one (${rule}). Keep it outside the folders the agent works in.`;
  }
  const listed = written.slice(0, 5);
  const more = written.length > listed.length ? ` and ${written.length - listed.length} more` : '';
  return `${kind} ${shown(candidate)} is not loaded: ${listed.map(shown).join(', ')}${more} changed during an agent session and not since, and ${rule}. Review it; to accept it, edit it or run: touch ${written.map(shellQuote).join(' ')}`;
}

/** A word for a POSIX shell: as is when plain, else in single quotes. */
function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/u.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** The recorded sessions of every workspace that holds a path (its folders up to the root). */
class SessionLookup {
  private readonly byWorkspace = new Map<string, Promise<SessionSpan[]>>();

  constructor(private readonly directory: string) {}

  /**
   * The sessions of each of `candidates` and the folders above them, each folder once (an
   * extension folder may have been a workspace itself).
   */
  async holding(candidates: readonly string[]): Promise<SessionSpan[]> {
    const folders = new Set<string>();
    for (const candidate of candidates) {
      for (let dir = candidate; !folders.has(dir); dir = path.dirname(dir)) {
        folders.add(dir);
        if (path.dirname(dir) === dir) break;
      }
    }
    const spans: SessionSpan[] = [];
    for (const dir of folders) spans.push(...(await this.of(dir)));
    return spans;
  }

  private of(workspace: string): Promise<SessionSpan[]> {
    let spans = this.byWorkspace.get(workspace);
    if (spans === undefined) {
      spans = readSpans(ledgerFile(this.directory, workspace)).then((read) =>
        endKilledSessions(ledgerFile(this.directory, workspace), read),
      );
      this.byWorkspace.set(workspace, spans);
    }
    return spans;
  }
}

/**
 * Ends, as of now, each open session whose process is gone, in the ledger too: from this check on,
 * changes are a person's. The change times between the kill and now stay the session's, which is
 * the safe side. A ledger that cannot be written keeps the session open (held back, never loaded).
 */
async function endKilledSessions(file: string, spans: SessionSpan[]): Promise<SessionSpan[]> {
  const killed = spans.filter((span) => span.end === undefined && !sessionProcessAlive(span));
  if (killed.length === 0) return spans;
  const end = Date.now();
  const lines = killed.map(
    (span) => `${JSON.stringify({ session: span.session, end, killed: true })}\n`,
  );
  try {
    await appendFile(file, lines.join(''));
  } catch {
    return spans;
  }
  for (const span of killed) span.end = end;
  return spans;
}

async function readSpans(file: string): Promise<SessionSpan[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return [];
  }
  const byId = new Map<string, SessionSpan>();
  for (const line of text.split('\n')) {
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      continue; // an empty line, or one cut short when its process was killed
    }
    if (typeof entry !== 'object' || entry === null) continue;
    const { session, start, end, pid, host } = entry as Record<string, unknown>;
    if (typeof session !== 'string') continue;
    if (typeof start === 'number') {
      byId.set(session, {
        session,
        start,
        ...(typeof pid === 'number' ? { pid } : {}),
        ...(typeof host === 'string' ? { host } : {}),
      });
    }
    const span = byId.get(session);
    if (span !== undefined && typeof end === 'number') span.end = end;
  }
  return [...byId.values()];
}

/**
 * The files (of `files`) changed during one of `spans`, by their own ctime (a symlink's and its
 * target's), or all of `candidate` when a symlink on its way from `workspace` (from the root,
 * for a candidate outside it) changed then.
 */
async function writtenDuring(
  candidate: string,
  files: readonly string[],
  spans: readonly SessionSpan[],
  workspace: string,
): Promise<string[]> {
  const during = (info: Stats | undefined) =>
    info !== undefined &&
    spans.some(
      (span) =>
        info.ctimeMs >= span.start - START_SLACK_MS &&
        (span.end === undefined || info.ctimeMs <= span.end),
    );
  const written: string[] = [];
  const from = isInsideOrSame(candidate, workspace) ? workspace : path.parse(candidate).root;
  const links = await symlinksOnTheWay(from, candidate);
  if (links.some(during)) return [candidate];
  for (const file of files) {
    const own = await lstat(file).catch(() => undefined);
    const target = own?.isSymbolicLink() ? await stat(file).catch(() => undefined) : undefined;
    if (during(own) || during(target)) written.push(file);
  }
  return written;
}

/** `lstat` of each symlink among the folders from `from` (excluded) down to `to` (included). */
async function symlinksOnTheWay(from: string, to: string): Promise<Stats[]> {
  const links: Stats[] = [];
  const relative = path.relative(from, to);
  let at = from;
  for (const part of relative === '' ? [] : relative.split(path.sep)) {
    at = path.join(at, part);
    const info = await lstat(at).catch(() => undefined);
    if (info?.isSymbolicLink() === true) links.push(info);
  }
  return links;
}

/** The repository's extension folders and the given ones, as absolute paths. */
async function extensionFolders(
  gemini: string,
  workspace: string,
  given: readonly string[],
): Promise<string[]> {
  const repository = path.join(gemini, 'extensions');
  const names = await readdir(repository).catch(() => [] as string[]);
  return [
    ...names.sort().map((name) => path.join(repository, name)),
    ...given.map((folder) => path.resolve(workspace, folder)),
  ];
}

/** Those of `files` that exist (as entries: a dangling link exists). */
async function existing(files: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const file of files) {
    if ((await lstat(file).catch(() => undefined)) !== undefined) found.push(file);
  }
  return found;
}

/**
 * `folder` and every entry below it (files, links and folders; links below it are not followed),
 * or undefined when there are more than `limit`. A missing folder has none; `depth` limits how
 * many levels are listed.
 */
async function entriesBelow(
  folder: string,
  limit: number,
  depth = Infinity,
): Promise<string[] | undefined> {
  if ((await stat(folder).catch(() => undefined))?.isDirectory() !== true) {
    return existing([folder]);
  }
  const found: string[] = [folder];
  const visit = async (dir: string, level: number): Promise<boolean> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const child = path.join(dir, entry.name);
      found.push(child);
      if (found.length > limit) return false;
      if (entry.isDirectory() && level < depth && !(await visit(child, level + 1))) return false;
    }
    return true;
  };
  return (await visit(folder, 1)) ? found : undefined;
}
