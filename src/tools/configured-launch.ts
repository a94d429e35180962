/**
 * The processes the configuration starts — stdio MCP servers, the discovery and call commands —
 * when the workspace holds code the configuration did not come from: a pull request's code, while
 * the configuration is the base branch's. Then no file of the workspace may be run, or loaded as
 * code, by them. The rule:
 *
 * - they start in a private folder outside the workspace, never in it: relative paths, `npx`'s
 *   look-up of `node_modules/.bin`, a project's `.npmrc`, `python -m` and Node's search for
 *   `node_modules` in the parent folders then find nothing of the workspace;
 * - PATH entries inside the workspace (or relative ones) are dropped from their environment;
 * - a command, argument, working directory or environment value that names a path in the
 *   workspace is pointed at the base branch's copy of it, where the run made one (an extension's
 *   folder, copied from the base commit below the private folder, at its repository path);
 *   otherwise the process is not started, and the reason names the path.
 *
 * The checks here decide before anything starts; ToolProcesses applies the first two to every
 * process the configuration starts, whatever decided before.
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';
import type { McpServerSettings } from '../config/settings-types.js';
import { isInsideOrSame } from '../platform/path-containment.js';
import { entryExists } from '../platform/file-entries.js';

/** A folder of the repository and its base-branch copy, or why there is none. */
export interface LaunchCopy {
  /** The repository path, e.g. `.gemini/extensions/tools`. */
  folder: string;
  /** The copy (below `directory`); undefined when it could not be made. */
  directory?: string;
  reason?: string;
}

export interface LaunchContext {
  /** The workspace, as given and as its real path (both spellings lead into it). */
  workspaceRoots: readonly string[];
  /** The private folder configured processes start in; copies lie below it at their paths. */
  directory: string;
  copies: readonly LaunchCopy[];
}

/** The value as it may start and the copied folders it uses; or why it must not start. */
export type LaunchCheck<T> =
  { ok: true; value: T; copies: string[] } | { ok: false; reason: string };

/** One word's check: the copies it uses are collected on the side. */
type WordCheck = { ok: true; value: string } | { ok: false; reason: string };

/**
 * The server as it may start: its `cwd`, `command`, `args` and `env` pointed at the base
 * branch's copies, its `cwd` outside the workspace; or why it must not start. Servers reached
 * over HTTP start nothing here and pass unchanged.
 */
export async function checkServerLaunch(
  server: McpServerSettings,
  context: LaunchContext,
): Promise<LaunchCheck<McpServerSettings>> {
  if (server.command === undefined) return { ok: true, value: server, copies: [] };
  const root = primaryRoot(context);
  const used = new Set<string>();
  // Where the server would have run: relative paths in its command line meant that folder.
  const configuredCwd = path.resolve(root, server.cwd ?? '.');
  const cwd = server.cwd === undefined ? context.directory : pointed(configuredCwd, context, used);
  if (typeof cwd !== 'string') return { ok: false, reason: `its working directory is ${cwd.what}` };
  const relativeTo = server.cwd === undefined ? root : configuredCwd;
  const command = await checkWord(server.command, context, used, {
    relativeTo,
    // A bare name is looked up on PATH, which holds nothing of the workspace.
    relative: server.command.includes('/'),
  });
  if (!command.ok) return { ok: false, reason: `its command ${command.reason}` };
  const args: string[] = [];
  for (const arg of server.args ?? []) {
    const checked = await checkWord(arg, context, used, { relativeTo, relative: true });
    if (!checked.ok) return { ok: false, reason: `its argument ${checked.reason}` };
    args.push(checked.value);
  }
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(server.env ?? {})) {
    const parts: string[] = [];
    // A path list (PATH, PYTHONPATH, NODE_PATH) names each of its entries.
    for (const part of value.split(path.delimiter)) {
      const checked = await checkWord(part, context, used, { relativeTo, relative: false });
      if (!checked.ok) return { ok: false, reason: `its variable ${name} ${checked.reason}` };
      parts.push(checked.value);
    }
    env[name] = parts.join(path.delimiter);
  }
  return {
    ok: true,
    value: {
      ...server,
      command: command.value,
      ...(server.args === undefined ? {} : { args }),
      ...(server.env === undefined ? {} : { env }),
      cwd,
    },
    copies: [...used],
  };
}

/**
 * A `bash -c` command line (`tools.discoveryCommand`, `tools.callCommand`) as it may run in the
 * private folder: absolute paths into copied folders pointed at the copies; or why it must not
 * run. Every word that names something in the workspace, relative to its root (where the command
 * would have run) or absolute, counts.
 */
export async function checkCommandLineLaunch(
  commandLine: string,
  context: LaunchContext,
): Promise<LaunchCheck<string>> {
  const root = primaryRoot(context);
  const used = new Set<string>();
  // Absolute paths into copied folders first, wherever they stand in the line.
  const rewritten = pointCopies(commandLine, context, used);
  for (const word of shellWords(rewritten)) {
    const checked = await checkWord(word, context, used, { relativeTo: root, relative: true });
    if (!checked.ok) return { ok: false, reason: checked.reason };
  }
  const left = mentionedRoot(rewritten, context);
  if (left !== undefined) return { ok: false, reason: `names ${left}, the workspace` };
  return { ok: true, value: rewritten, copies: [...used] };
}

/**
 * The environment of a configured process: PATH without entries inside the workspace, nor
 * relative ones (they would be looked up from its working directory).
 */
export function launchEnvironment(
  env: Readonly<Record<string, string>>,
  workspaceRoots: readonly string[],
): Record<string, string> {
  const out = { ...env };
  if (out.PATH !== undefined) {
    out.PATH = out.PATH.split(path.delimiter)
      .filter(
        (entry) =>
          path.isAbsolute(entry) &&
          ![entry, realPathOf(entry)].some((spelling) =>
            workspaceRoots.some((root) => isInsideOrSame(spelling, root)),
          ),
      )
      .join(path.delimiter);
  }
  return out;
}

/** The real path of an existing path (a link into the workspace counts as the workspace). */
export function realPathOf(entry: string): string {
  try {
    return realpathSync.native(entry);
  } catch {
    return entry;
  }
}

// ---- one word ------------------------------------------------------------------------------

/** The path to use, or what it names in the workspace (for the reason). */
type Pointed = string | { what: string };

/**
 * A word of a command line: unchanged when it names nothing in the workspace; pointed at the copy
 * when it names a path in a copied folder; refused otherwise. `--option=value` is judged by its
 * value too. A relative word counts only when it exists in the workspace (most arguments are not
 * paths at all: `stdio`, `-y`, `@scope/package`).
 */
async function checkWord(
  word: string,
  context: LaunchContext,
  used: Set<string>,
  options: { relativeTo: string; relative: boolean },
): Promise<WordCheck> {
  const option = /^(-{1,2}[^=\s]+=)(.+)$/.exec(word);
  if (option?.[1] !== undefined && option[2] !== undefined) {
    const value = await checkWord(option[2], context, used, options);
    return value.ok ? { ok: true, value: `${option[1]}${value.value}` } : value;
  }
  const trimmed = word.trim();
  const absolute = path.isAbsolute(trimmed) ? path.resolve(trimmed) : undefined;
  if (
    absolute !== undefined &&
    context.workspaceRoots.some((root) => isInsideOrSame(absolute, root))
  ) {
    const target = pointed(absolute, context, used);
    if (typeof target !== 'string')
      return { ok: false, reason: `${quote(word)} names ${target.what}` };
    return { ok: true, value: target };
  }
  // Anywhere else in the word (`/opt/a:/work/repo/b`, `cd /work/repo/x && ./run`): copied
  // folders are pointed at their copies, and any other mention of the workspace is refused.
  const text = pointCopies(word, context, used);
  const mentioned = mentionedRoot(text, context);
  if (mentioned !== undefined) {
    return { ok: false, reason: `${quote(word)} names ${mentioned}, the workspace` };
  }
  if (text !== word) return { ok: true, value: text };
  if (absolute !== undefined) return { ok: true, value: word };
  if (!options.relative || trimmed === '') return { ok: true, value: word };
  const resolved = path.resolve(options.relativeTo, trimmed);
  if (!context.workspaceRoots.some((root) => isInsideOrSame(resolved, root))) {
    return { ok: true, value: word };
  }
  if (!(await entryExists(resolved))) return { ok: true, value: word };
  // It stays relative: the process starts in the copy's counterpart of where it would have.
  const target = pointed(resolved, context, used);
  if (typeof target !== 'string')
    return { ok: false, reason: `${quote(word)} names ${target.what}` };
  return { ok: true, value: word };
}

/**
 * An absolute path as a configured process may use it: outside the workspace as it is; inside a
 * copied folder, its copy; anywhere else in the workspace, refused with what it names.
 */
function pointed(absolute: string, context: LaunchContext, used: Set<string>): Pointed {
  const root = context.workspaceRoots.find((candidate) => isInsideOrSame(absolute, candidate));
  if (root === undefined) return absolute;
  const relative = path.relative(root, absolute).split(path.sep).join('/');
  if (relative === '') {
    return { what: 'the workspace itself' };
  }
  const copy = context.copies.find(
    (candidate) => relative === candidate.folder || relative.startsWith(`${candidate.folder}/`),
  );
  if (copy?.directory !== undefined) {
    used.add(copy.folder);
    return path.join(copy.directory, ...relative.slice(copy.folder.length).split('/'));
  }
  if (copy !== undefined) {
    return {
      what: `${relative} in the workspace, and no copy of ${copy.folder} could be made (${copy.reason ?? 'unknown'})`,
    };
  }
  // Nothing tells a program's data from its code: a path in the workspace is refused either way.
  return { what: `${relative} in the workspace` };
}

/** `text` with every mention of a copied folder (absolute, by any root's spelling) its copy's. */
function pointCopies(text: string, context: LaunchContext, used: Set<string>): string {
  let out = text;
  for (const copy of context.copies) {
    if (copy.directory === undefined) continue;
    for (const root of context.workspaceRoots) {
      const prefix = `${root}/${copy.folder}`;
      let from = out.indexOf(prefix);
      while (from >= 0) {
        const next = out.charAt(from + prefix.length);
        if (next === '' || !/[A-Za-z0-9._-]/.test(next)) {
          out = `${out.slice(0, from)}${copy.directory}${out.slice(from + prefix.length)}`;
          used.add(copy.folder);
          from = out.indexOf(prefix, from + copy.directory.length);
        } else {
          from = out.indexOf(prefix, from + 1);
        }
      }
    }
  }
  return out;
}

/** The workspace root a text mentions anywhere, if it does. */
function mentionedRoot(text: string, context: LaunchContext): string | undefined {
  return context.workspaceRoots.find((root) => {
    let from = text.indexOf(root);
    while (from >= 0) {
      const next = text.charAt(from + root.length);
      // `/work/repo-other` is another folder; `/work/repo`, `/work/repo/x` and `…/repo:` are it.
      if (next === '' || !/[A-Za-z0-9._-]/.test(next)) return true;
      from = text.indexOf(root, from + 1);
    }
    return false;
  });
}

function primaryRoot(context: LaunchContext): string {
  const [root] = context.workspaceRoots;
  if (root === undefined) throw new Error('expected the workspace root');
  return root;
}

function quote(word: string): string {
  return JSON.stringify(word.length > 200 ? `${word.slice(0, 200)}…` : word);
}

/**
 * The words of a shell command line, roughly as bash splits them: on blanks and operators, quotes
 * removed. Rough is enough: a word a maintainer's command line builds at run time cannot reach
 * the workspace anyway, since the command runs outside it and its environment names it nowhere.
 */
export function shellWords(commandLine: string): string[] {
  return commandLine
    .split(/[\s;&|()<>`]+|\$\(/)
    .map((word) => word.replace(/["']/g, ''))
    .filter((word) => word !== '');
}
