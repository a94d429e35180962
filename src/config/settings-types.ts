/**
 * The parts of the Gemini CLI's `settings.json` this agent honours, after validation and `$VAR`
 * expansion. The same file works for both: keys the agent does not use are accepted and ignored
 * (a settings file written for the CLI has many), keys it uses are checked strictly.
 */
import type { GenerateContentConfig } from '@google/genai';
import type { ErrorLocation } from '../platform/errors.js';

/** Where the Gemini CLI-compatible settings come from. */
export type SettingsSource =
  | { kind: 'inline'; settings: Record<string, unknown> }
  /** Relative to the repository root; read from the base branch on pull requests. */
  | { kind: 'file'; path: string };

/** One entry of `mcpServers`: exactly one of `command`, `url` or `httpUrl` says how to reach it. */
export interface McpServerSettings {
  /** Stdio transport: the program to start, its arguments, extra environment and directory. */
  command?: string;
  args?: string[];
  /** Values with `$VAR` / `${VAR}` already expanded from the workflow's environment. */
  env?: Record<string, string>;
  /** Relative paths are relative to the workspace root. */
  cwd?: string;
  /** SSE transport (or streamable HTTP when `type` is `"http"`). */
  url?: string;
  /** Streamable HTTP transport. */
  httpUrl?: string;
  /** `"sse"` or `"http"`: which transport `url` speaks (default SSE, as in the Gemini CLI). */
  type?: 'sse' | 'http';
  /** HTTP headers for `url` / `httpUrl`, `$VAR` expanded. */
  headers?: Record<string, string>;
  /** Per-call timeout in milliseconds (default 600,000, as in the Gemini CLI). */
  timeout?: number;
  /**
   * The Gemini CLI skips confirmations for a trusted server. Here the policy answers instead:
   * `trust` adds an allow rule for the server's tools at the lowest tier, so a policy file or the
   * workflow can still deny them.
   */
  trust?: boolean;
  description?: string;
  /** Only these tools of the server (names as the server gives them; `name(args)` allowed). */
  includeTools?: string[];
  /** Never these tools (wins over `includeTools`). */
  excludeTools?: string[];
}

/**
 * `telemetry`: the Gemini CLI's OpenTelemetry settings, as written (src/telemetry/ resolves them
 * with the `GEMINI_TELEMETRY_*` and `OTEL_EXPORTER_OTLP_*` variables, which win).
 */
export interface TelemetrySettings {
  enabled?: boolean;
  /** `local` or `gcp`; both send OTLP here (there is no direct Google Cloud exporter). */
  target?: 'local' | 'gcp';
  otlpEndpoint?: string;
  otlpProtocol?: 'grpc' | 'http';
  /** Whether prompt text may leave in the signals. */
  logPrompts?: boolean;
  /** Write the signals to this file instead of sending them. */
  outfile?: string;
  /** With `target: gcp`: the endpoint is a collector (the Gemini CLI's setting). */
  useCollector?: boolean;
}

/**
 * `modelConfigs`: the Gemini CLI's model configuration, checked (model-configs-settings.ts). The
 * same shape as src/model/model-configs.ts resolves (a layer this one may not import).
 */
export interface ModelConfigSettings {
  model?: string;
  /** Sent as written, over the model table's settings; the agent's own fields are refused. */
  generateContentConfig?: GenerateContentConfig;
}

export interface ModelConfigAliasSettings {
  extends?: string;
  modelConfig: ModelConfigSettings;
  /** Where the alias is written. */
  location?: ErrorLocation;
}

export interface ModelConfigOverrideSettings {
  match: { model?: string; overrideScope?: string; isRetry?: boolean };
  modelConfig: ModelConfigSettings;
}

export interface ModelConfigsSettings {
  /** `aliases` and `customAliases` (which wins on a name in both). */
  customAliases: Record<string, ModelConfigAliasSettings>;
  /** `overrides`, then `customOverrides`, in the order written. */
  overrides: ModelConfigOverrideSettings[];
  source: string;
}

export interface AgentSettings {
  /** Server name → how to start or reach it, in the order of the settings file. */
  mcpServers: Record<string, McpServerSettings>;
  /** `mcp.allowed`: when set, only these servers are started. */
  mcpAllowed?: string[];
  /** `mcp.excluded`: servers never started (wins over `mcpAllowed`). */
  mcpExcluded?: string[];
  /** `tools.discoveryCommand`: prints a JSON array of FunctionDeclarations (or tool wrappers). */
  discoveryCommand?: string;
  /** `tools.callCommand`: runs a discovered tool; name as argument, JSON arguments on stdin. */
  callCommand?: string;
  /** `tools.core`: when set, only these built-in tools are offered (`run_shell_command(git)` kept as the name). */
  coreTools?: string[];
  /** `tools.exclude`: tools never offered, built-in or extension. */
  excludeTools?: string[];
  /** `model.name`: the model, when neither the run's input or flag nor `GEMINI_MODEL` chooses. */
  modelName?: string;
  /** `modelConfigs`: aliases and per-model, per-alias, per-agent generation parameters. */
  modelConfigs?: ModelConfigsSettings;
  telemetry?: TelemetrySettings;
  /**
   * Where the settings came from, for error messages and the log: `settings` (the input), or the
   * repository path of the file.
   */
  source: string;
  /**
   * Every value `$VAR` expansion put into `env` or `headers`: they are secrets of the servers and
   * are masked and redacted like the Action's own.
   */
  expandedValues: string[];
}

/** No settings at all: no extension tools, every built-in offered. */
export const EMPTY_SETTINGS: AgentSettings = {
  mcpServers: {},
  source: 'defaults',
  expandedValues: [],
};
