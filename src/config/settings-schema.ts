/**
 * The shape of the settings.json keys the agent uses, and the checks zod cannot express on its
 * own (one transport per MCP server, URLs, names). Every other key is accepted and ignored: a
 * settings file written for the Gemini CLI has many.
 */
import { z } from 'zod';
import type { McpServerSettings } from './settings-types.js';

const strings = z.array(z.string({ error: 'expected a string' }), {
  error: 'expected a list of strings',
});

/**
 * Environment and header values. Numbers and booleans become text, as the Gemini CLI's process
 * and HTTP libraries would make them (`"PORT": 3000`).
 */
const stringMap = z.record(
  z.string(),
  z
    .union([z.string(), z.number(), z.boolean()], {
      error: 'expected a string value',
    })
    .transform(String),
  { error: 'expected an object of string values' },
);

const object = { error: 'expected an object' };

export const serverSchema = z.looseObject(
  {
    command: z
      .string({ error: 'expected a string' })
      .min(1, 'expected a non-empty command')
      .optional(),
    args: strings.optional(),
    env: stringMap.optional(),
    cwd: z.string({ error: 'expected a string' }).optional(),
    url: z.string({ error: 'expected a string' }).optional(),
    httpUrl: z.string({ error: 'expected a string' }).optional(),
    type: z.enum(['sse', 'http'], { error: 'expected "sse" or "http"' }).optional(),
    headers: stringMap.optional(),
    timeout: z
      .number({ error: 'expected a number of milliseconds' })
      .int('expected a whole number of milliseconds')
      .positive('expected a positive number of milliseconds')
      .optional(),
    trust: z.boolean({ error: 'expected true or false' }).optional(),
    description: z.string({ error: 'expected a string' }).optional(),
    includeTools: strings.optional(),
    excludeTools: strings.optional(),
  },
  object,
);

const command = z.string({ error: 'expected a command line as a string' });
const flag = z.boolean({ error: 'expected true or false' });

/** The Gemini CLI's `telemetry` object (https://geminicli.com/docs/cli/telemetry). */
const telemetrySchema = z.looseObject(
  {
    enabled: flag.optional(),
    target: z.enum(['local', 'gcp'], { error: 'expected "local" or "gcp"' }).optional(),
    otlpEndpoint: z.string({ error: 'expected a URL as a string' }).optional(),
    otlpProtocol: z.enum(['grpc', 'http'], { error: 'expected "grpc" or "http"' }).optional(),
    logPrompts: flag.optional(),
    outfile: z
      .string({ error: 'expected a file path as a string' })
      .min(1, 'expected a file path')
      .optional(),
    useCollector: flag.optional(),
  },
  object,
);

/** Nested names as the Gemini CLI writes them now, and the flat names of its older files. */
export const settingsSchema = z.looseObject({
  mcpServers: z.record(z.string(), serverSchema, object).optional(),
  mcp: z
    .looseObject({ allowed: strings.optional(), excluded: strings.optional() }, object)
    .optional(),
  tools: z
    .looseObject(
      {
        core: strings.optional(),
        exclude: strings.optional(),
        discoveryCommand: command.optional(),
        callCommand: command.optional(),
      },
      object,
    )
    .optional(),
  /** `model.name` chooses the model (the Gemini CLI's setting); older files wrote `model` alone. */
  model: z
    .preprocess(
      (value) => (typeof value === 'string' ? { name: value } : value),
      z.looseObject({ name: z.string({ error: 'expected a model name' }).optional() }, object),
    )
    .optional(),
  telemetry: telemetrySchema.optional(),
  coreTools: strings.optional(),
  excludeTools: strings.optional(),
  toolDiscoveryCommand: command.optional(),
  toolCallCommand: command.optional(),
  allowMCPServers: strings.optional(),
  excludeMCPServers: strings.optional(),
});

export type RawSettings = z.infer<typeof settingsSchema>;
export type RawServer = z.infer<typeof serverSchema>;

/**
 * Why a server name cannot be used, or undefined. The name becomes part of tool names
 * (`server__tool`) and policy patterns (`mcp_<server>_*`), so it is kept to the characters those
 * allow; `__` would make a qualified name ambiguous (which part is the server?).
 */
export function serverNameProblem(name: string): string | undefined {
  if (name.trim() === '') return 'expected a non-empty server name.';
  if (name.includes('__')) {
    return 'expected a server name without "__", which separates the server from the tool in qualified tool names (server__tool).';
  }
  if (!/^[A-Za-z0-9_.-]+$/.test(name)) {
    return 'expected a server name of letters, digits, "_", "." and "-" only.';
  }
  return undefined;
}

/** Zod's first problem with a file's value, as the key path it sits at and a message. */
export function firstIssue(error: z.ZodError): { keyPath: (string | number)[]; message: string } {
  const issue = error.issues[0];
  return {
    keyPath: (issue?.path ?? []).filter(
      (step): step is string | number => typeof step !== 'symbol',
    ),
    message: (issue?.message ?? 'invalid value').replace(/^Invalid input: /, ''),
  };
}

/**
 * MCP servers one settings file or manifest may declare: each is a process or a connection that
 * every session starts, and a real file has a handful.
 */
export const MAX_MCP_SERVERS = 100;

/**
 * Every entry of an `mcpServers` object, named and checked, its `env` and `headers` expanded; a
 * problem is reported at `mcpServers.<name>` (or a key under it).
 */
export function checkServers(
  servers: Readonly<Record<string, RawServer>>,
  checks: ServerChecks,
): Record<string, McpServerSettings> {
  const names = Object.keys(servers);
  if (names.length > MAX_MCP_SERVERS) {
    checks.fail(
      ['mcpServers', names[MAX_MCP_SERVERS] ?? ''],
      `expected at most ${MAX_MCP_SERVERS} MCP servers in one file (each is started for every session); it has ${names.length}.`,
    );
  }
  const checked: Record<string, McpServerSettings> = {};
  for (const [name, server] of Object.entries(servers)) {
    const at = ['mcpServers', name];
    const problem = serverNameProblem(name);
    if (problem !== undefined) checks.fail(at, problem);
    checked[name] = checkServer(server, {
      fail: (key, message) => checks.fail([...at, ...key], message),
      expand: (text, key) => checks.expand(text, [...at, ...key]),
    });
  }
  return checked;
}

export interface ServerChecks {
  /** Throws a `ConfigurationError` at the server's key (or the named key under it). */
  fail: (keyPath: readonly string[], message: string) => never;
  /** `$VAR` expansion of one value, for `env` and `headers`. */
  expand: (text: string, keyPath: readonly string[]) => string;
}

/** One validated, expanded server entry. */
export function checkServer(server: RawServer, checks: ServerChecks): McpServerSettings {
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
