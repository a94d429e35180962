/**
 * The trust rule of a local run: a folder's own configuration is loaded only when the folder is
 * trusted (src/config/trusted-folders.ts: `--skip-trust`, `GEMINI_CLI_TRUST_WORKSPACE`, the
 * Gemini CLI's trust file). Configuration here is what can start a process, send data or change
 * what the agent may do as soon as it loads:
 *
 * - `.gemini/settings.json`: MCP servers, tool discovery and call commands, telemetry (where the
 *   signals go and whether prompts go with them), trusted servers' allow rules, and the rest;
 * - `.gemini/extensions/<name>/`: their MCP servers, commands, context files, agents, exclusions;
 * - `.gemini/commands/**.toml`: prompts whose `!{…}` blocks run commands when invoked;
 * - `.gemini/agents/*.md`: subagents offered to the model.
 *
 * The CLI loads no other workspace file by itself: no `.env`, no workspace policy folder (policy
 * files are only those named by `--policy`), no user-level commands or settings.
 *
 * A folder that is not trusted and holds such configuration stops the run before any of it is
 * read by the loaders (`UntrustedFolderError`, exit code 55 as the Gemini CLI's
 * `FatalUntrustedWorkspaceError`), with a list of what it holds and the ways to trust it. A folder
 * without any has nothing to trust, and runs — its `GEMINI.md` left out while it is not trusted,
 * as the Gemini CLI leaves a folder's context files out in an untrusted folder
 * (`memoryContextManager.ts` loads project memory only for a trusted folder). Unlike the Gemini
 * CLI, which stops every headless run in an untrusted folder, a plain checkout needs no flag.
 */
import { lstat, readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { contextDirectories, DEFAULT_CONTEXT_FILE_NAME } from '../agent/context-files.js';
import { REPOSITORY_EXTENSIONS_PATH } from '../custom-commands/extensions/load-extensions.js';
import { REPOSITORY_COMMANDS_PATH } from '../custom-commands/run-commands.js';
import { parseJsonText } from '../config/json-text.js';
import { DEFAULT_SETTINGS_PATH } from '../config/settings.js';
import type { FolderTrust } from '../config/trusted-folders.js';
import {
  decideFolderTrust,
  displayPath,
  SKIP_TRUST_FLAG,
  TRUST_WORKSPACE_VARIABLE,
} from '../config/trusted-folders.js';
import { ConfigurationError } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import { neutralText, nonEmpty, oneLine, plural } from '../platform/text.js';
import { asRecord } from '../platform/records.js';

/** The folder of the repository's subagents, relative to its root. */
const AGENTS_PATH = '.gemini/agents';
/** An extension's manifest, inside its folder. */
const MANIFEST = 'gemini-extension.json';
/** Larger files are not read to describe them; they still count. */
export const MAX_DESCRIBED_BYTES = 1024 * 1024;

/** Where the scan reads a folder's configuration: the folder on disk, or a commit of it. */
export interface ConfigurationSource {
  /**
   * What is at `relative` ('/'-separated): undefined when nothing is, else its text when it is a
   * regular file of at most `MAX_DESCRIBED_BYTES` — something else there still counts, as a run
   * may read it.
   */
  read(relative: string): Promise<{ text: string | undefined } | undefined>;
  /** Every path below the folder `relative`, relative to it and '/'-separated; none if absent. */
  list(relative: string): Promise<string[]>;
}

/** One place of configuration and what it holds, e.g. `.gemini/commands`: `3 custom commands`. */
export interface ConfigurationFinding {
  place: string;
  what: string;
}

export interface WorkspaceContents {
  /** Configuration that needs the folder trusted before it is loaded. */
  configuration: ConfigurationFinding[];
  /** The project's context files there are (`GEMINI.md`, as shown to the user). */
  contextFiles: string[];
}

/** A folder that is not trusted holds configuration: nothing of it was loaded. Exit code 55. */
export class UntrustedFolderError extends ConfigurationError {
  override readonly name = 'UntrustedFolderError';

  constructor(
    readonly folder: string,
    readonly findings: readonly ConfigurationFinding[],
    readonly trust: FolderTrust,
  ) {
    super(untrustedMessage(folder, findings, trust));
  }
}

/** The folder as a source: its files on disk, symlinks followed as the loaders follow them. */
export function folderSource(root: string): ConfigurationSource {
  return {
    async read(relative) {
      const file = path.join(root, ...relative.split('/'));
      const info = await stat(file).catch(() => undefined);
      if (info === undefined) return undefined;
      if (!info.isFile() || info.size > MAX_DESCRIBED_BYTES) return { text: undefined };
      return { text: await readFile(file, 'utf8').catch(() => undefined) };
    },
    async list(relative) {
      const folder = path.join(root, ...relative.split('/'));
      const entries = await readdir(folder, { recursive: true }).catch(() => []);
      return entries.map((entry) => entry.split(path.sep).join('/'));
    },
  };
}

/** What a folder (or commit) holds that needs trust, place by place. */
export async function findConfiguration(
  source: ConfigurationSource,
): Promise<ConfigurationFinding[]> {
  const findings: ConfigurationFinding[] = [];
  const settings = await source.read(DEFAULT_SETTINGS_PATH);
  const settingsWhat =
    settings === undefined
      ? undefined
      : settings.text === undefined
        ? 'a settings file too large to describe, or not a plain file'
        : describeSettings(settings.text);
  if (settingsWhat !== undefined)
    findings.push({ place: DEFAULT_SETTINGS_PATH, what: settingsWhat });

  const extensionFiles = await source.list(REPOSITORY_EXTENSIONS_PATH);
  const extensions = extensionFiles
    .filter((file) => file.endsWith(`/${MANIFEST}`) && file.split('/').length === 2)
    .map((file) => file.slice(0, -MANIFEST.length - 1))
    .sort();
  if (extensions.length > 0) {
    let servers = 0;
    for (const name of extensions) {
      const manifest = await source.read(`${REPOSITORY_EXTENSIONS_PATH}/${name}/${MANIFEST}`);
      servers += manifest?.text === undefined ? 0 : serverCount(manifest.text);
    }
    findings.push({
      place: REPOSITORY_EXTENSIONS_PATH,
      what: `${plural(extensions.length, 'extension')} (${names(extensions)})${servers > 0 ? ` with ${plural(servers, 'MCP server')}` : ''}`,
    });
  }

  const commands = (await source.list(REPOSITORY_COMMANDS_PATH)).filter((file) =>
    file.endsWith('.toml'),
  );
  if (commands.length > 0) {
    findings.push({
      place: REPOSITORY_COMMANDS_PATH,
      what: plural(commands.length, 'custom command'),
    });
  }

  const agents = (await source.list(AGENTS_PATH)).filter(
    (file) => !file.includes('/') && file.endsWith('.md') && !file.startsWith('_'),
  );
  if (agents.length > 0) {
    findings.push({ place: AGENTS_PATH, what: plural(agents.length, 'subagent') });
  }
  return findings;
}

/** The `GEMINI.md` files a session in `folder` would read, from the git root down. */
export async function projectContextFiles(folder: string): Promise<string[]> {
  const found: string[] = [];
  const workspace = path.resolve(folder);
  for (const dir of await contextDirectories(workspace)) {
    const file = path.join(dir, DEFAULT_CONTEXT_FILE_NAME);
    const present = await lstat(file).catch(() => undefined);
    if (present !== undefined) found.push(path.relative(workspace, file).split(path.sep).join('/'));
  }
  return found;
}

/** The folder's contents as a local run in it reads them. */
export async function folderContents(folder: string): Promise<WorkspaceContents> {
  const [configuration, contextFiles] = await Promise.all([
    findConfiguration(folderSource(folder)),
    projectContextFiles(folder),
  ]);
  return { configuration, contextFiles };
}

export interface WorkspaceTrustOptions {
  folder: string;
  env: Readonly<Record<string, string | undefined>>;
  /** `--skip-trust` was given. */
  skipTrust: boolean;
  /** What the folder holds; asked only when the flag and the variable leave it open. */
  contents: () => Promise<WorkspaceContents>;
  /**
   * The context files need trust too: `gemini-agent run` reproduces the Action, which has no
   * mode that leaves them out.
   */
  contextIsConfiguration?: boolean;
}

export interface WorkspaceTrust {
  /** Whether the folder's own configuration and context files are loaded. */
  trusted: boolean;
  /** What decided; undefined when the folder holds nothing that needs trust. */
  decision?: FolderTrust;
  /** What it holds, when it was looked at. */
  contents?: WorkspaceContents;
}

/**
 * The trust of a run in `folder`. Throws `UntrustedFolderError` when the folder is not trusted
 * and holds configuration (see the module comment); the trust file is read only when the folder
 * holds something that needs it, so a broken trust file does not stop runs that need none.
 */
export async function requireWorkspaceTrust(
  options: WorkspaceTrustOptions,
): Promise<WorkspaceTrust> {
  const assessed = await assessWorkspaceTrust(options);
  const needed = neededTrust(assessed, options);
  if (!assessed.trusted && assessed.decision !== undefined && needed.length > 0) {
    throw new UntrustedFolderError(options.folder, needed, assessed.decision);
  }
  return assessed;
}

/** As `requireWorkspaceTrust`, without stopping: for commands that only show what is there. */
export async function assessWorkspaceTrust(
  options: WorkspaceTrustOptions,
): Promise<WorkspaceTrust> {
  const quick = await decideWithoutFile(options);
  if (quick?.trusted === true) return { trusted: true, decision: quick };
  const contents = await options.contents();
  if (contents.configuration.length === 0 && contents.contextFiles.length === 0) {
    return { trusted: false, contents };
  }
  const decision =
    quick ??
    (await decideFolderTrust({ folder: options.folder, env: options.env, skipTrust: false }));
  return { trusted: decision.trusted, decision, contents };
}

/** What in the folder needs trust: its configuration, and for `run` its context files. */
export function neededTrust(
  trust: WorkspaceTrust,
  options: Pick<WorkspaceTrustOptions, 'contextIsConfiguration'>,
): ConfigurationFinding[] {
  const contents = trust.contents ?? { configuration: [], contextFiles: [] };
  return [
    ...contents.configuration,
    ...(options.contextIsConfiguration === true
      ? contents.contextFiles.map((file) => ({
          place: file,
          what: 'context the agent is given as instructions',
        }))
      : []),
  ];
}

/** The notice of a run that leaves a folder's context files out because it is not trusted. */
export function reportUntrustedContext(
  trust: WorkspaceTrust,
  folder: string,
  logger: Logger,
): void {
  const files = trust.contents?.contextFiles ?? [];
  if (trust.trusted || files.length === 0 || trust.decision === undefined) return;
  logger.warning(
    `Not loaded: ${files.join(', ')}. ${describeUntrusted(folder, trust.decision)}; a folder's context files are read only when it is trusted. ${howToTrust(folder, trust.decision.file)}`,
  );
}

/** The flag and the variable decide without the file; `false` from the variable is final too. */
async function decideWithoutFile(options: WorkspaceTrustOptions): Promise<FolderTrust | undefined> {
  const value = options.env[TRUST_WORKSPACE_VARIABLE];
  if (!options.skipTrust && value !== 'true' && value !== 'false') return undefined;
  return decideFolderTrust({
    folder: options.folder,
    env: options.env,
    skipTrust: options.skipTrust,
  });
}

function untrustedMessage(
  folder: string,
  findings: readonly ConfigurationFinding[],
  trust: FolderTrust,
): string {
  const lines = findings.map((finding) => `  ${finding.place}: ${finding.what}`);
  return [
    `${describeUntrusted(folder, trust)}, and it holds configuration that would start programs, send data or change what the agent may do as soon as it loads:`,
    ...lines,
    `None of it was loaded. ${howToTrust(folder, trust.file)}`,
  ].join('\n');
}

export function describeUntrusted(folder: string, trust: FolderTrust): string {
  return `${path.resolve(folder)} is not a trusted folder (${trust.reason})`;
}

/** The ways to trust a folder, the Gemini CLI's flag and variable first. */
export function howToTrust(folder: string, trustFile: string): string {
  return `If you trust what it holds, pass ${SKIP_TRUST_FLAG} or set ${TRUST_WORKSPACE_VARIABLE}=true for this run, or trust the folder from now on with "gemini-agent trust ${path.resolve(folder)}" (a TRUST_FOLDER rule in ${displayPath(trustFile)}, the Gemini CLI's trusted folders file).`;
}

/** What a settings file holds, in a few words; undefined when it holds nothing (`{}`). */
export function describeSettings(text: string): string | undefined {
  let raw: unknown;
  try {
    raw = parseJsonText(text, DEFAULT_SETTINGS_PATH);
  } catch {
    return 'settings that do not parse (a trusted run says where)';
  }
  const settings = asRecord(raw);
  if (settings === undefined) return 'settings that are not a JSON object';
  if (Object.keys(settings).length === 0) return undefined;
  const parts: string[] = [];
  const servers = asRecord(settings.mcpServers);
  if (servers !== undefined && Object.keys(servers).length > 0) {
    const trusted = Object.values(servers).filter((server) => asRecord(server)?.trust === true);
    parts.push(
      `${plural(Object.keys(servers).length, 'MCP server')} (${names(Object.keys(servers))})${trusted.length > 0 ? `, ${trusted.length} of them trusted (their tools allowed without a policy rule)` : ''}`,
    );
  }
  const tools = asRecord(settings.tools);
  const discovery = nonEmpty(tools?.discoveryCommand) ?? nonEmpty(settings.toolDiscoveryCommand);
  if (discovery !== undefined) parts.push(`a tool discovery command (${shown(discovery)})`);
  const call = nonEmpty(tools?.callCommand) ?? nonEmpty(settings.toolCallCommand);
  if (call !== undefined) parts.push(`a tool call command (${shown(call)})`);
  const telemetry = asRecord(settings.telemetry);
  if (telemetry !== undefined && Object.keys(telemetry).length > 0) {
    parts.push(describeTelemetry(telemetry));
  }
  const described = new Set(['mcpServers', 'telemetry', 'toolDiscoveryCommand', 'toolCallCommand']);
  const otherTools = Object.keys(tools ?? {}).some(
    (key) => key !== 'discoveryCommand' && key !== 'callCommand',
  );
  const others = Object.keys(settings).filter(
    (key) => !described.has(key) && (key !== 'tools' || otherTools),
  );
  if (others.length > 0) parts.push(`other settings (${names(others)})`);
  return parts.length === 0 ? 'settings' : parts.join(', ');
}

function describeTelemetry(telemetry: Record<string, unknown>): string {
  const outfile = nonEmpty(telemetry.outfile);
  const endpoint = nonEmpty(telemetry.otlpEndpoint);
  const where =
    outfile !== undefined
      ? `to the file ${shown(outfile)}`
      : endpoint !== undefined
        ? `to ${shown(endpoint)}`
        : 'to the local collector';
  const prompts = telemetry.logPrompts === true ? ', prompts included (logPrompts)' : '';
  return telemetry.enabled === true
    ? `telemetry ${where}${prompts}`
    : `telemetry settings (${where}${prompts}) for when GEMINI_TELEMETRY_ENABLED is set`;
}

function serverCount(manifest: string): number {
  try {
    const servers = asRecord(asRecord(JSON.parse(manifest) as unknown)?.mcpServers);
    return servers === undefined ? 0 : Object.keys(servers).length;
  } catch {
    return 0;
  }
}

/** Repository text in a message: one line, inert, at most 60 characters. */
function shown(text: string): string {
  const line = oneLine(neutralText(text));
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

/** The first few names, shown. */
function names(list: readonly string[]): string {
  const first = list.slice(0, 4).map(shown).join(', ');
  return list.length > 4 ? `${first} and ${list.length - 4} more` : first;
}
