/**
 * Trusted folders, as the Gemini CLI keeps them (docs/cli/trusted-folders.md; the code is
 * `checkPathTrust` and `LoadedTrustedFolders` in packages/core/src/utils/trust.ts, the flag in
 * packages/cli/src/config/config.ts): a folder's own configuration — the settings that start MCP
 * servers and discovery commands or send telemetry, its extensions, commands and agents — is
 * loaded only when a person has said they trust that folder. In the Gemini CLI folder trust is on
 * unless `security.folderTrust.enabled` is false (the schema's default is true, and
 * `isFolderTrustEnabled` reads it with `?? true`; the docs page still says "disabled by default").
 *
 * What says a folder is trusted, first answer wins, as in `checkPathTrust`:
 *
 * 1. `--skip-trust` (the Gemini CLI sets `GEMINI_CLI_TRUST_WORKSPACE=true` for it), then
 *    `GEMINI_CLI_TRUST_WORKSPACE`: `true` trusts the folder for this run, `false` refuses it. Both
 *    win over the trust file, a `DO_NOT_TRUST` rule included: they are this run's own decision,
 *    made by whoever started it.
 * 2. The trust file, `~/.gemini/trustedFolders.json` or the file `GEMINI_CLI_TRUSTED_FOLDERS_PATH`
 *    names (`Storage.getTrustedFoldersPath`): a JSON object (comments allowed) from a folder's
 *    path to `TRUST_FOLDER` (that folder and everything below it), `TRUST_PARENT` (the folder
 *    that holds it, and everything below that) or `DO_NOT_TRUST`. The rule whose path is longest
 *    among those that cover the folder decides; paths are compared after resolving symlinks.
 * 3. Nothing: the folder is not trusted.
 *
 * Unlike the Gemini CLI, which reports a broken trust file as one fatal error without a place, a
 * mistake in it is a `ConfigurationError` at the file, line and column.
 */
import { readFile, realpath } from 'node:fs/promises';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { ConfigurationError, errorMessage, isMissingPathError } from '../platform/errors.js';
import { isInsideOrSame } from '../platform/path-containment.js';
import { locateJsonPath, parseJsonText } from './json-text.js';

export const TRUST_LEVELS = ['TRUST_FOLDER', 'TRUST_PARENT', 'DO_NOT_TRUST'] as const;
export type TrustLevel = (typeof TRUST_LEVELS)[number];

/** The variable that trusts (`true`) or refuses (`false`) the folder for one run. */
export const TRUST_WORKSPACE_VARIABLE = 'GEMINI_CLI_TRUST_WORKSPACE';
/** The variable that moves the trust file. */
export const TRUSTED_FOLDERS_PATH_VARIABLE = 'GEMINI_CLI_TRUSTED_FOLDERS_PATH';
/** The flag that trusts the folder for one run. */
export const SKIP_TRUST_FLAG = '--skip-trust';

export interface TrustRule {
  /** The folder as the file writes it, resolved to an absolute path. */
  path: string;
  level: TrustLevel;
}

export interface FolderTrust {
  trusted: boolean;
  /**
   * What decided, for messages: `--skip-trust`, `GEMINI_CLI_TRUST_WORKSPACE=false`, the rule
   * (`/home/me/src/app: TRUST_PARENT in ~/.gemini/trustedFolders.json`), or `no rule in …`.
   */
  reason: string;
  /** The rule that decided, when the trust file did. */
  rule?: TrustRule;
  /** The trust file the run would read (or write, with `gemini-agent trust`). */
  file: string;
}

/** The trust file: `GEMINI_CLI_TRUSTED_FOLDERS_PATH`, else `~/.gemini/trustedFolders.json`. */
export function trustedFoldersFile(env: Readonly<Record<string, string | undefined>>): string {
  const moved = env[TRUSTED_FOLDERS_PATH_VARIABLE]?.trim();
  if (moved) return path.resolve(moved);
  const home = env.HOME?.trim() || os.homedir();
  return path.join(home, '.gemini', 'trustedFolders.json');
}

/** The rules of the trust file, in its order; none when it does not exist. */
export async function readTrustRules(file: string): Promise<TrustRule[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (isMissingPathError(error)) return [];
    throw new ConfigurationError(
      `expected a readable trusted folders file; it could not be read (${errorMessage(error)}).`,
      { file },
      { cause: error },
    );
  }
  return parseTrustRules(text, file);
}

/** Parses the trust file's text; every mistake names the file, line and column. */
export function parseTrustRules(text: string, file: string): TrustRule[] {
  const raw = parseJsonText(text, file);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new ConfigurationError(
      `expected a JSON object from folder paths to ${describeLevels()}, e.g. {"/home/me/src/app": "TRUST_FOLDER"}.`,
      { file, line: 1, column: 1 },
    );
  }
  const rules: TrustRule[] = [];
  for (const [folder, level] of Object.entries(raw)) {
    if (typeof level !== 'string' || !(TRUST_LEVELS as readonly string[]).includes(level)) {
      throw new ConfigurationError(
        `expected ${describeLevels()} for ${JSON.stringify(folder)}, got ${JSON.stringify(level)}.`,
        { file, ...(locateJsonPath(text, [folder]) ?? {}) },
      );
    }
    if (folder.trim() === '') {
      throw new ConfigurationError(`expected a folder path as the key, got "".`, {
        file,
        ...(locateJsonPath(text, [folder]) ?? {}),
      });
    }
    rules.push({ path: path.resolve(folder), level: level as TrustLevel });
  }
  return rules;
}

/**
 * The rule that decides for `folder`, as `isPathTrusted` chooses it: among the rules covering the
 * folder (`TRUST_PARENT` covers its path's parent), the one whose path is longest.
 */
export async function decidingRule(
  rules: readonly TrustRule[],
  folder: string,
): Promise<TrustRule | undefined> {
  const location = await realOrResolved(folder);
  let best: TrustRule | undefined;
  for (const rule of rules) {
    const covered = rule.level === 'TRUST_PARENT' ? path.dirname(rule.path) : rule.path;
    if (!isInsideOrSame(location, await realOrResolved(covered))) continue;
    if (best === undefined || rule.path.length > best.path.length) best = rule;
  }
  return best;
}

export interface FolderTrustOptions {
  folder: string;
  env: Readonly<Record<string, string | undefined>>;
  /** `--skip-trust` was given. */
  skipTrust: boolean;
}

/** Whether the run may load `folder`'s own configuration; see the module comment. */
export async function decideFolderTrust(options: FolderTrustOptions): Promise<FolderTrust> {
  const file = trustedFoldersFile(options.env);
  if (options.skipTrust) return { trusted: true, reason: SKIP_TRUST_FLAG, file };
  const variable = options.env[TRUST_WORKSPACE_VARIABLE];
  // Exactly `true` or `false`, as the Gemini CLI compares them; any other value says nothing.
  if (variable === 'true' || variable === 'false') {
    return {
      trusted: variable === 'true',
      reason: `${TRUST_WORKSPACE_VARIABLE}=${variable}`,
      file,
    };
  }
  const rule = await decidingRule(await readTrustRules(file), options.folder);
  if (rule === undefined) {
    return { trusted: false, reason: `no rule for it in ${displayPath(file)}`, file };
  }
  return {
    trusted: rule.level !== 'DO_NOT_TRUST',
    reason: `the rule "${rule.path}": "${rule.level}" in ${displayPath(file)}`,
    rule,
    file,
  };
}

/**
 * Adds (or replaces) the rule for `folder` in the trust file, as the Gemini CLI's trust dialog
 * writes it: the key is the folder's absolute path, the file is rewritten whole (its comments are
 * not kept) through a temporary file, readable by its owner only.
 */
export async function saveTrustRule(
  file: string,
  folder: string,
  level: TrustLevel,
): Promise<void> {
  const rules = await readTrustRules(file);
  const config: Record<string, TrustLevel> = {};
  for (const rule of rules) config[rule.path] = rule.level;
  config[path.resolve(folder)] = level;
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.tmp.${randomUUID()}`;
  await writeFile(temporary, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, file);
}

/** `~/.gemini/trustedFolders.json` for a file in the home folder, else the path. */
export function displayPath(file: string, home: string = os.homedir()): string {
  const relative = path.relative(home, file);
  return relative !== '' && isInsideOrSame(file, home) ? `~/${relative}` : file;
}

function describeLevels(): string {
  return TRUST_LEVELS.map((level) => JSON.stringify(level))
    .join(', ')
    .replace(/, ([^,]*)$/, ' or $1');
}

/** The path with symlinks resolved where it exists, so a link and its target match alike. */
async function realOrResolved(folder: string): Promise<string> {
  const resolved = path.resolve(folder);
  try {
    return await realpath(resolved);
  } catch {
    return resolved;
  }
}
