/**
 * The Gemini CLI's `settings.json`, as far as this agent uses it: MCP servers, command-discovered
 * tools and which tools are offered, the model and its generation parameters (`modelConfigs`). It comes from the `settings` input (JSON or a repository
 * path) or `.gemini/settings.json` — on pull requests, the base branch's copy. Keys the agent does
 * not use are accepted (a file written for the CLI has many); the ones it uses are checked, and a
 * mistake is a `ConfigurationError` at the file, line and column of the key.
 *
 * Both the current nested names (`tools.discoveryCommand`, `mcp.allowed`, …) and the older flat
 * ones (`toolDiscoveryCommand`, `allowMCPServers`, …) are read; the nested one wins.
 *
 * `$VAR` and `${VAR}` in a server's `env` and `headers` expand from the run's environment, never
 * to one of the run's own secrets (settings-expand.ts). Only there: other values (`args`, `url`, the discovery and call commands)
 * are taken as written, so a secret never ends up on a command line where `ps` shows it; a server
 * that wants its token as an argument gets it from its `env` through `bash -c '… "$TOKEN"'`.
 */
import { readFile as readFileFromDisk } from 'node:fs/promises';
import path from 'node:path';
import type { ErrorLocation } from '../platform/errors.js';
import { ConfigurationError } from '../platform/errors.js';
import { locateJsonPath, parseJsonText } from './json-text.js';
import { parseModelConfigs } from './model-configs-settings.js';
import { createExpander } from './settings-expand.js';
import { checkServers, firstIssue, settingsSchema } from './settings-schema.js';
import type { AgentSettings, SettingsSource } from './settings-types.js';
import { EMPTY_SETTINGS } from './settings-types.js';
import { nonEmpty } from '../platform/text.js';

/** Where the settings are read from when the `settings` input is empty. */
export const DEFAULT_SETTINGS_PATH = '.gemini/settings.json';

/** The Action input (and CLI option) the settings come from: errors without a file name it. */
export const SETTINGS_INPUT_NAME = 'settings';

export interface ParseSettingsOptions {
  /** `settings` (the input, for inline JSON), or the file's repository path: errors name it. */
  source: string;
  /** The JSON text the value was parsed from: errors then point at the key's line and column. */
  text?: string;
  /** The run's environment, for `$VAR` expansion; its own secrets are never expanded. */
  env: Readonly<Record<string, string | undefined>>;
  /**
   * Secret values the run holds outside `env`, which no expansion may produce either: the
   * Action's GitHub token and model key, the A2A server's token (see settings-expand.ts).
   */
  forbiddenValues?: readonly (string | undefined)[];
}

/** Validates settings already parsed from JSON; see the module comment. */
export function parseAgentSettings(raw: unknown, options: ParseSettingsOptions): AgentSettings {
  const fail = (keyPath: readonly (string | number)[], message: string): never => {
    const shown = keyPath.length === 0 ? '' : `${formatKeyPath(keyPath)}: `;
    throw new ConfigurationError(`${shown}${message}`, locationOf(options, keyPath));
  };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return fail([], 'expected a JSON object of settings');
  }
  const parsed = settingsSchema.safeParse(raw);
  if (!parsed.success) {
    const { keyPath, message } = firstIssue(parsed.error);
    return fail(keyPath, message);
  }
  const value = parsed.data;
  const expander = createExpander({
    env: options.env,
    ...(options.forbiddenValues ? { forbiddenValues: options.forbiddenValues } : {}),
    fail,
  });
  const mcpServers = checkServers(value.mcpServers ?? {}, {
    fail,
    expand: (text, key) => expander.expand(text, key),
  });

  const tools = value.tools ?? {};
  const settings: AgentSettings = {
    mcpServers,
    source: options.source,
    expandedValues: expander.values(),
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
  const modelName = nonEmpty(value.model?.name)?.trim();
  if (modelName !== undefined) {
    if (/\s/.test(modelName)) {
      fail(
        ['model', 'name'],
        `expected a model name without spaces, got ${JSON.stringify(modelName)}`,
      );
    }
    settings.modelName = modelName;
  }
  const modelConfigs = parseModelConfigs((raw as Record<string, unknown>)['modelConfigs'], {
    fail,
    locate: (keyPath) => locationOf(options, keyPath),
    source: options.source,
  });
  if (modelConfigs !== undefined) settings.modelConfigs = modelConfigs;
  if (value.telemetry !== undefined) {
    // The known keys only: the schema lets unknown ones through.
    const { enabled, target, otlpEndpoint, otlpProtocol, logPrompts, outfile, useCollector } =
      value.telemetry;
    settings.telemetry = {
      enabled,
      target,
      otlpEndpoint,
      otlpProtocol,
      logPrompts,
      outfile,
      useCollector,
    };
  }
  return settings;
}

/** `mcpServers.github.args[1]`. */
function formatKeyPath(keyPath: readonly (string | number)[]): string {
  return keyPath
    .map((step, index) =>
      typeof step === 'number' ? `[${step}]` : index === 0 ? step : `.${step}`,
    )
    .join('');
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
  /** As in `ParseSettingsOptions`. */
  forbiddenValues?: readonly (string | undefined)[];
  /** Reads a file as UTF-8; default from disk. Rejects with the `ENOENT` code when missing. */
  readFile?: (file: string) => Promise<string>;
}

/**
 * The run's settings: from the `settings` input (inline JSON, or a file in the repository that
 * must exist), else `.gemini/settings.json` when there is one, else none.
 */
export async function loadAgentSettings(options: LoadSettingsOptions): Promise<AgentSettings> {
  const { input } = options;
  const parseOptions = {
    env: options.env,
    ...(options.forbiddenValues ? { forbiddenValues: options.forbiddenValues } : {}),
  };
  if (input?.kind === 'inline') {
    return parseAgentSettings(input.settings, { ...parseOptions, source: SETTINGS_INPUT_NAME });
  }
  const relative = input?.path ?? DEFAULT_SETTINGS_PATH;
  const read = options.readFile ?? ((file: string) => readFileFromDisk(file, 'utf8'));
  let text: string;
  try {
    text = await read(path.join(options.configDirectory, relative));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    const missing = code === 'ENOENT' || code === 'ENOTDIR';
    if (input === undefined && missing) return EMPTY_SETTINGS;
    throw new ConfigurationError(
      `expected the settings file ${JSON.stringify(relative)} to exist in the repository; ${missing ? 'it was not found' : `it could not be read (${code ?? String(error)})`}.`,
      { input: SETTINGS_INPUT_NAME },
      { cause: error },
    );
  }
  const raw = parseJsonText(text, relative);
  return parseAgentSettings(raw, { ...parseOptions, source: relative, text });
}
