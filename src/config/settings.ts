/**
 * The Gemini CLI's `settings.json`, as far as this agent uses it: MCP servers, command-discovered
 * tools and which tools are offered. It comes from the `settings` input (JSON or a repository
 * path) or `.gemini/settings.json` — on pull requests, the base branch's copy. Keys the agent does
 * not use are accepted (a file written for the CLI has many); the ones it uses are checked, and a
 * mistake is a `ConfigurationError` at the file, line and column of the key.
 *
 * Both the current nested names (`tools.discoveryCommand`, `mcp.allowed`, …) and the older flat
 * ones (`toolDiscoveryCommand`, `allowMCPServers`, …) are read; the nested one wins.
 *
 * `$VAR` and `${VAR}` in a server's `env` and `headers` expand from the workflow's environment,
 * so a server gets its own credential without the model ever seeing it. The Action's own inputs
 * and runtime tokens cannot be expanded, nor can the Action's GitHub token or model key under
 * another name: the write token is for the trusted publishing step only.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { ErrorLocation } from '../platform/errors.js';
import { ConfigurationError } from '../platform/errors.js';
import type { SettingsSource } from './action-inputs.js';
import { locateJsonPath, parseJsonText } from './json-text.js';
import type { AgentSettings, McpServerSettings } from './settings-types.js';
import { EMPTY_SETTINGS } from './settings-types.js';

/** Where the settings are read from when the `settings` input is empty. */
export const DEFAULT_SETTINGS_PATH = '.gemini/settings.json';

const strings = z.array(z.string(), { error: 'expected a list of strings' });
const stringMap = z.record(z.string(), z.string(), {
  error: 'expected an object of string values',
});

const serverSchema = z.looseObject({
  command: z.string().min(1, 'expected a non-empty command').optional(),
  args: strings.optional(),
  env: stringMap.optional(),
  cwd: z.string().optional(),
  url: z.string().optional(),
  httpUrl: z.string().optional(),
  type: z.enum(['sse', 'http'], { error: 'expected "sse" or "http"' }).optional(),
  headers: stringMap.optional(),
  timeout: z
    .number({ error: 'expected a number of milliseconds' })
    .int('expected a whole number of milliseconds')
    .positive('expected a positive number of milliseconds')
    .optional(),
  trust: z.boolean({ error: 'expected true or false' }).optional(),
  description: z.string().optional(),
  includeTools: strings.optional(),
  excludeTools: strings.optional(),
});

const settingsSchema = z.looseObject({
  mcpServers: z.record(z.string(), serverSchema, { error: 'expected an object' }).optional(),
  mcp: z.looseObject({ allowed: strings.optional(), excluded: strings.optional() }).optional(),
  tools: z
    .looseObject({
      core: strings.optional(),
      exclude: strings.optional(),
      discoveryCommand: z.string().optional(),
      callCommand: z.string().optional(),
    })
    .optional(),
  coreTools: strings.optional(),
  excludeTools: strings.optional(),
  toolDiscoveryCommand: z.string().optional(),
  toolCallCommand: z.string().optional(),
  allowMCPServers: strings.optional(),
  excludeMCPServers: strings.optional(),
});

type RawServer = z.infer<typeof serverSchema>;

/** Server names become part of tool names the model calls (`server__tool`). */
const SERVER_NAME = /^[A-Za-z0-9_.-]+$/;
const VARIABLE = /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g;
/** The Action's inputs and the runner's runtime tokens. */
const NEVER_EXPANDED = /^(?:INPUT_|ACTIONS_)/;

export interface ParseSettingsOptions {
  /** `settings input`, or the file's repository path: errors name it. */
  source: string;
  /** The JSON text the value was parsed from: errors then point at the key's line and column. */
  text?: string;
  /** The workflow's environment, for `$VAR` expansion. */
  env: Readonly<Record<string, string | undefined>>;
  /** Values no expansion may produce: the Action's GitHub token and model credentials. */
  forbiddenValues?: readonly (string | undefined)[];
}

/** Validates settings already parsed from JSON; see the module comment. */
export function parseAgentSettings(raw: unknown, options: ParseSettingsOptions): AgentSettings {
  const fail = (keyPath: readonly (string | number)[], message: string): never => {
    const shown = keyPath.length === 0 ? '' : `${keyPath.join('.')}: `;
    throw new ConfigurationError(`${shown}${message}`, locationOf(options, keyPath));
  };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return fail([], 'expected a JSON object of settings');
  }
  const parsed = settingsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const keyPath = (issue?.path ?? []).filter(
      (step): step is string | number => typeof step !== 'symbol',
    );
    return fail(keyPath, (issue?.message ?? 'invalid value').replace(/^Invalid input: /, ''));
  }
  const value = parsed.data;
  const expandedValues: string[] = [];
  const mcpServers: Record<string, McpServerSettings> = {};
  for (const [name, server] of Object.entries(value.mcpServers ?? {})) {
    const at = ['mcpServers', name];
    if (!SERVER_NAME.test(name)) {
      fail(at, 'expected a server name of letters, digits, "_", "." and "-" only');
    }
    mcpServers[name] = checkServer(server, {
      fail: (key, message) => fail([...at, ...key], message),
      expand: (text, key) => expand(text, [...at, ...key]),
    });
  }

  function expand(text: string, keyPath: readonly string[]): string {
    return text.replace(VARIABLE, (_match, braced?: string, bare?: string) => {
      const name = braced ?? bare ?? '';
      if (NEVER_EXPANDED.test(name)) {
        fail(
          keyPath,
          `$${name} cannot be expanded: the Action's inputs and the runner's tokens are not given to MCP servers. Pass the server its own secret with env: on the step.`,
        );
      }
      const found = options.env[name];
      if (found === undefined) {
        fail(
          keyPath,
          `$${name} is not set in the environment; set it with env: on the step (for example ${name}: \${{ secrets.${name} }}).`,
        );
      }
      const resolved = found ?? '';
      if (resolved !== '' && (options.forbiddenValues ?? []).includes(resolved)) {
        fail(
          keyPath,
          `$${name} holds the Action's own GitHub token or model key, which only the Action itself uses. Give the server its own, narrower token.`,
        );
      }
      if (resolved !== '') expandedValues.push(resolved);
      return resolved;
    });
  }

  const tools = value.tools ?? {};
  const settings: AgentSettings = {
    mcpServers,
    source: options.source,
    expandedValues: [...new Set(expandedValues)],
  };
  const allowed = value.mcp?.allowed ?? value.allowMCPServers;
  const excluded = value.mcp?.excluded ?? value.excludeMCPServers;
  const discoveryCommand = nonEmpty(tools.discoveryCommand ?? value.toolDiscoveryCommand);
  const callCommand = nonEmpty(tools.callCommand ?? value.toolCallCommand);
  const coreTools = tools.core ?? value.coreTools;
  const excludeTools = tools.exclude ?? value.excludeTools;
  if (allowed !== undefined) settings.mcpAllowed = allowed;
  if (excluded !== undefined) settings.mcpExcluded = excluded;
  if (discoveryCommand !== undefined) settings.discoveryCommand = discoveryCommand;
  if (callCommand !== undefined) settings.callCommand = callCommand;
  if (coreTools !== undefined) settings.coreTools = coreTools;
  if (excludeTools !== undefined) settings.excludeTools = excludeTools;
  return settings;
}

interface ServerChecks {
  fail: (keyPath: readonly string[], message: string) => never;
  expand: (text: string, keyPath: readonly string[]) => string;
}

function checkServer(server: RawServer, checks: ServerChecks): McpServerSettings {
  const transports = (['command', 'url', 'httpUrl'] as const).filter(
    (key) => server[key] !== undefined,
  );
  if (transports.length !== 1) {
    const got =
      transports.length === 0
        ? 'tcp' in server
          ? 'only "tcp", and WebSocket servers are not supported'
          : 'none'
        : transports.map((key) => `"${key}"`).join(' and ');
    checks.fail([], `expected exactly one of "command", "url" or "httpUrl"; got ${got}.`);
  }
  for (const key of ['url', 'httpUrl'] as const) {
    const text = server[key];
    if (text !== undefined && !isHttpUrl(text)) {
      checks.fail([key], `expected an http:// or https:// URL; got ${JSON.stringify(text)}.`);
    }
  }
  if (server.type !== undefined && server.url === undefined) {
    checks.fail(['type'], 'only applies to "url" (use "httpUrl" for streamable HTTP).');
  }
  const result: McpServerSettings = {};
  const copy = <K extends keyof McpServerSettings>(key: K, value: McpServerSettings[K]) => {
    if (value !== undefined) result[key] = value;
  };
  copy('command', server.command);
  copy('args', server.args);
  copy('cwd', server.cwd);
  copy('url', server.url);
  copy('httpUrl', server.httpUrl);
  copy('type', server.type);
  copy('timeout', server.timeout);
  copy('trust', server.trust);
  copy('description', server.description);
  copy('includeTools', server.includeTools);
  copy('excludeTools', server.excludeTools);
  for (const key of ['env', 'headers'] as const) {
    const map = server[key];
    if (map === undefined) continue;
    result[key] = Object.fromEntries(
      Object.entries(map).map(([name, text]) => [name, checks.expand(text, [key, name])]),
    );
  }
  return result;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function nonEmpty(text: string | undefined): string | undefined {
  return text === undefined || text.trim() === '' ? undefined : text;
}

function locationOf(
  options: ParseSettingsOptions,
  keyPath: readonly (string | number)[],
): ErrorLocation {
  if (options.text === undefined) return { input: options.source };
  const at = locateJsonPath(options.text, keyPath);
  return { file: options.source, ...(at ?? {}) };
}

export interface LoadSettingsOptions {
  /** The `settings` input. */
  input: SettingsSource | undefined;
  /**
   * Where repository paths are read: the workspace, or on pull requests the folder holding the
   * base branch's copies.
   */
  configDirectory: string;
  env: Readonly<Record<string, string | undefined>>;
  forbiddenValues?: readonly (string | undefined)[];
}

/** The run's settings: from the input, else `.gemini/settings.json`, else none. */
export async function loadAgentSettings(options: LoadSettingsOptions): Promise<AgentSettings> {
  const { input } = options;
  const parseOptions = { env: options.env, forbiddenValues: options.forbiddenValues ?? [] };
  if (input?.kind === 'inline') {
    return parseAgentSettings(input.settings, { ...parseOptions, source: 'settings' });
  }
  const relative = input?.path ?? DEFAULT_SETTINGS_PATH;
  let text: string;
  try {
    text = await readFile(path.join(options.configDirectory, relative), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (input === undefined && (code === 'ENOENT' || code === 'ENOTDIR')) return EMPTY_SETTINGS;
    throw new ConfigurationError(
      `expected the settings file ${JSON.stringify(relative)} to exist in the repository${code === 'ENOENT' ? '' : ` (${code ?? 'unreadable'})`}; it was not found.`,
      { input: 'settings' },
    );
  }
  const raw = parseJsonText(text, relative);
  return parseAgentSettings(raw, { ...parseOptions, source: relative, text });
}
