/**
 * `gemini-extension.json`, the manifest of a Gemini CLI extension (docs/extensions/reference.md;
 * packages/cli/src/config/extension.ts `ExtensionConfig`). The keys used here: `name` (letters,
 * digits and dashes), `version`, `description`, `mcpServers` (the shape of settings.json's),
 * `contextFileName` (one name or a list; default `GEMINI.md`) and `excludeTools`. Other keys
 * (`settings`, `themes`, `plan`, `migratedTo`) are accepted and ignored, as a manifest written for
 * the CLI has them.
 *
 * Every string may use the extension variables `${extensionPath}`, `${workspacePath}`, `${/}` and
 * `${pathSeparator}`; other `${…}` stay as written there, as in the Gemini CLI. A server's `env`
 * and `headers` then expand `$VAR` from the workflow's environment exactly as settings.json's do
 * (config/settings-expand.ts), with the same refusals. A server's `trust` is dropped: an extension
 * cannot vouch for itself (the Gemini CLI drops it too); the workflow's policy decides.
 */
import path from 'node:path';
import { z } from 'zod';
import { locateJsonPath, parseJsonText } from '../../config/json-text.js';
import { createExpander } from '../../config/settings-expand.js';
import { checkServers, firstIssue, serverSchema } from '../../config/settings-schema.js';
import type { McpServerSettings } from '../../config/settings-types.js';
import { ConfigurationError } from '../../platform/errors.js';

export const MANIFEST_FILE_NAME = 'gemini-extension.json';
const DEFAULT_CONTEXT_FILE = 'GEMINI.md';

export interface ExtensionManifest {
  name: string;
  version: string;
  description?: string;
  /** Validated, variables filled in, `$VAR` expanded in `env` and `headers`, `trust` dropped. */
  mcpServers: Record<string, McpServerSettings>;
  /** Paths relative to the extension folder, inside it. */
  contextFileNames: string[];
  /** Tool names (`run_shell_command(rm -rf)` for commands) the extension keeps from the model. */
  excludeTools: string[];
  /** What `$VAR` expansion put into server `env` and `headers`: secrets, to mask and redact. */
  expandedValues: string[];
}

export interface ManifestOptions {
  /** How messages name the file. */
  file: string;
  /** `${extensionPath}`: the absolute folder the extension's servers run from. */
  extensionPath: string;
  /** `${workspacePath}`: the absolute workspace. */
  workspacePath: string;
  /** The workflow's environment, for `$VAR` in server `env` and `headers`. */
  env: Readonly<Record<string, string | undefined>>;
  /** Values no expansion may produce: the Action's GitHub token and model credentials. */
  forbiddenValues?: readonly (string | undefined)[];
}

const text = (what: string) => z.string({ error: `expected ${what}` });
const manifestSchema = z.looseObject(
  {
    name: text('the extension name as a string').regex(/^[a-zA-Z0-9-]+$/, {
      error: 'expected an extension name of letters (a-z, A-Z), numbers (0-9) and dashes (-) only',
    }),
    version: text('the version as a string such as "1.0.0"').min(1, 'expected a version'),
    description: text('a string').optional(),
    mcpServers: z.record(z.string(), serverSchema, { error: 'expected an object' }).optional(),
    contextFileName: z
      .union([z.string(), z.array(z.string())], {
        error: 'expected a file name or a list of file names',
      })
      .optional(),
    excludeTools: z
      .array(text('a tool name'), { error: 'expected a list of tool names' })
      .optional(),
  },
  { error: 'expected a JSON object' },
);

/** Parses and checks a manifest; problems are `ConfigurationError`s at the file, line and column. */
export function parseExtensionManifest(
  source: string,
  options: ManifestOptions,
): ExtensionManifest {
  const fail = (keyPath: readonly (string | number)[], message: string): never => {
    // A key that is missing altogether is reported at the start of the object.
    const at = keyPath.length === 0 ? { line: 1, column: 1 } : locateJsonPath(source, keyPath);
    const shown = keyPath.length === 0 ? '' : `${keyPath.join('.')}: `;
    throw new ConfigurationError(`${shown}${message}`, { file: options.file, ...(at ?? {}) });
  };
  const raw = hydrate(parseJsonText(source, options.file), variables(options));
  for (const key of ['name', 'version'] as const) {
    if (typeof raw === 'object' && raw !== null && !(key in raw)) {
      fail([], `expected "${key}" in the extension manifest.`);
    }
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    const { keyPath, message } = firstIssue(parsed.error);
    return fail(keyPath, `${message}.`);
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
  // An extension cannot declare its own servers trusted: trust is the workspace's settings' to give.
  for (const server of Object.values(mcpServers)) delete server.trust;
  const names = value.contextFileName ?? DEFAULT_CONTEXT_FILE;
  const contextFileNames = (typeof names === 'string' ? [names] : names).map((name, index) => {
    const problem = contextPathProblem(name);
    if (problem !== undefined) {
      fail(
        typeof names === 'string' ? ['contextFileName'] : ['contextFileName', index],
        `invalid context file path ${JSON.stringify(name)}: context files must be within the extension directory (${problem}).`,
      );
    }
    return path.posix.normalize(name.replace(/\\/g, '/'));
  });
  return {
    name: value.name,
    version: value.version,
    ...(value.description === undefined ? {} : { description: value.description }),
    mcpServers,
    contextFileNames,
    excludeTools: value.excludeTools ?? [],
    expandedValues: expander.values(),
  };
}

/** The Gemini CLI's extension variables (packages/cli/src/config/extensions/variableSchema.ts). */
function variables(options: ManifestOptions): Record<string, string> {
  return {
    extensionPath: options.extensionPath,
    workspacePath: options.workspacePath,
    '/': path.sep,
    pathSeparator: path.sep,
  };
}

/** Fills `${name}` in every string; unknown names stay as written. */
function hydrate(value: unknown, known: Readonly<Record<string, string>>): unknown {
  if (typeof value === 'string') {
    return value.replace(/\$\{(.*?)\}/g, (match, name: string) =>
      Object.hasOwn(known, name) ? (known[name] ?? match) : match,
    );
  }
  if (Array.isArray(value)) return value.map((item) => hydrate(item, known));
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(
      ([key]) => key !== '__proto__' && key !== 'constructor' && key !== 'prototype',
    );
    return Object.fromEntries(entries.map(([key, item]) => [key, hydrate(item, known)]));
  }
  return value;
}

function contextPathProblem(name: string): string | undefined {
  const slashed = name.replace(/\\/g, '/');
  if (slashed.trim() === '') return 'it is empty';
  if (path.posix.isAbsolute(slashed) || /^[A-Za-z]:\//.test(slashed)) return 'it is absolute';
  const normalized = path.posix.normalize(slashed);
  if (normalized === '..' || normalized.startsWith('../')) return 'it leads out of it';
  return undefined;
}
