/**
 * Whether telemetry is on and where it goes, from the settings' `telemetry` object and the
 * environment, as the Gemini CLI resolves them (https://geminicli.com/docs/cli/telemetry;
 * `resolveTelemetrySettings` in @google/gemini-cli-core 0.61.0, telemetry/config.js):
 *
 * - `GEMINI_TELEMETRY_*` variables win over the settings; a yes-or-no is `true`/`1` or
 *   `false`/`0` there, and here `yes`/`on` and `no`/`off` too (any other word is false, with a
 *   warning).
 * - The endpoint: `GEMINI_TELEMETRY_OTLP_ENDPOINT`, else `OTEL_EXPORTER_OTLP_ENDPOINT`, else
 *   `telemetry.otlpEndpoint`, else the protocol's standard local port. A signal's own
 *   `OTEL_EXPORTER_OTLP_{LOGS,METRICS,TRACES}_ENDPOINT` is used as it is, as OpenTelemetry's
 *   exporters do.
 * - `outfile` writes the signals to a file instead of sending them.
 *
 * The `OTEL_EXPORTER_OTLP_*` headers, timeout and compression are read here from the environment
 * the caller passes (the Action removes credentials from its own `process.env`), and the header
 * values are returned as secrets to redact.
 *
 * The headers are the collector credentials of whoever set the environment, so they go only to
 * an endpoint the environment chose too: one of the endpoint variables, or — none set anywhere —
 * the standard local port, where OpenTelemetry's exporters send them as well. An endpoint from
 * settings (`telemetry.otlpEndpoint`, which a repository's `.gemini/settings.json` may set) gets
 * the signals without them, and one warning says so. Unlike the Gemini CLI, which hands the
 * variables to OpenTelemetry's exporters whatever endpoint the settings chose.
 *
 * A mistyped target or protocol is a configuration error, as in the Gemini CLI; an endpoint that
 * is not a URL only turns telemetry off with a warning, so it never fails a run.
 */
import path from 'node:path';
import type { TelemetrySettings } from '../config/settings-types.js';
import { ConfigurationError } from '../platform/errors.js';
import { nonEmpty } from '../platform/text.js';

export type TelemetrySignal = 'logs' | 'metrics' | 'traces';

export const TELEMETRY_SIGNALS: readonly TelemetrySignal[] = ['logs', 'metrics', 'traces'];

export interface OtlpDestination {
  kind: 'otlp';
  protocol: 'grpc' | 'http';
  /** Where each signal goes: the full URL (HTTP) or the server's address (gRPC). */
  urls: Record<TelemetrySignal, string>;
  /** Headers (gRPC metadata) of each signal's requests. */
  headers: Record<TelemetrySignal, Record<string, string>>;
  compression: 'gzip' | 'none';
}

export interface FileDestination {
  kind: 'file';
  /** Absolute. */
  path: string;
}

export interface TelemetryConfig {
  destination: OtlpDestination | FileDestination;
  /** Whether prompt text may leave (`gemini_cli.user_prompt`'s `prompt`, tool call arguments). */
  logPrompts: boolean;
  /** How long one export may take; the shutdown waits a second longer at most. */
  exportTimeoutMs: number;
  /**
   * Resource attributes from `OTEL_RESOURCE_ATTRIBUTES` and `OTEL_SERVICE_NAME` (as `service.name`);
   * the run's own (GitHub, session) are set over them.
   */
  resourceAttributes: Record<string, string>;
}

export interface ResolvedTelemetry {
  /** Undefined when telemetry is off. */
  config?: TelemetryConfig;
  /** For the log: what was set but cannot be used. */
  warnings: string[];
  /** Values that authenticate to the collector (header values): redact them everywhere. */
  secrets: string[];
}

export interface ResolveTelemetryOptions {
  settings: TelemetrySettings | undefined;
  /** Where the settings came from, for messages (`.gemini/settings.json`, `settings`). */
  source: string;
  env: Readonly<Record<string, string | undefined>>;
  /** A relative `outfile` is resolved against this folder. */
  baseDirectory: string;
}

/** One export's time limit unless `OTEL_EXPORTER_OTLP_TIMEOUT` says less (or up to the cap). */
export const DEFAULT_EXPORT_TIMEOUT_MS = 3_000;
const MAX_EXPORT_TIMEOUT_MS = 10_000;

/** OTLP's standard local ports (opentelemetry-proto docs/specification.md). */
const DEFAULT_ENDPOINTS = { grpc: 'http://localhost:4317', http: 'http://localhost:4318' };

export function resolveTelemetryConfig(options: ResolveTelemetryOptions): ResolvedTelemetry {
  const { env } = options;
  const settings = options.settings ?? {};
  /** What the variables say that cannot be read (a yes-or-no that is neither). */
  const flagWarnings: string[] = [];
  const flag = (name: string) => envFlag(env, name, flagWarnings);
  const enabled = flag('GEMINI_TELEMETRY_ENABLED') ?? settings.enabled ?? false;
  if (!enabled) return { warnings: flagWarnings, secrets: [] };

  const target =
    envChoice(env, 'GEMINI_TELEMETRY_TARGET', ['local', 'gcp']) ?? settings.target ?? 'local';
  const protocol =
    envChoice(env, 'GEMINI_TELEMETRY_OTLP_PROTOCOL', ['grpc', 'http']) ??
    settings.otlpProtocol ??
    'grpc';
  const logPrompts = flag('GEMINI_TELEMETRY_LOG_PROMPTS') ?? settings.logPrompts ?? false;
  const useCollector = flag('GEMINI_TELEMETRY_USE_COLLECTOR') ?? settings.useCollector ?? false;
  const exportTimeoutMs = exportTimeout(env);
  const resourceAttributes = parseKeyValueList(env.OTEL_RESOURCE_ATTRIBUTES);
  const serviceName = nonEmpty(env.OTEL_SERVICE_NAME);
  if (serviceName !== undefined) resourceAttributes['service.name'] = serviceName.trim();
  const outfile = nonEmpty(env.GEMINI_TELEMETRY_OUTFILE) ?? settings.outfile;
  if (outfile !== undefined) {
    return {
      config: {
        destination: { kind: 'file', path: path.resolve(options.baseDirectory, outfile) },
        logPrompts,
        exportTimeoutMs,
        resourceAttributes,
      },
      warnings: flagWarnings,
      secrets: [],
    };
  }

  const warnings: string[] = [...flagWarnings];
  const [endpoint, endpointSource, fromEnvironment] = chosenEndpoint(options, protocol);
  const off = (source: string, text: string): ResolvedTelemetry => ({
    warnings: [
      ...flagWarnings,
      `Telemetry is off: ${source} is ${JSON.stringify(text)}, not an http:// or https:// URL.`,
    ],
    secrets: [],
  });
  const base = parseEndpoint(endpoint);
  if (base === undefined) return off(endpointSource, endpoint);
  if (target === 'gcp' && !useCollector) {
    warnings.push(
      `Telemetry target "gcp": the signals go over OTLP to ${base.href}; this agent does not write to Google Cloud directly. Run an OpenTelemetry collector with the googlecloud exporter there, and set telemetry.useCollector to true to say so.`,
    );
  }
  const urls = {} as Record<TelemetrySignal, string>;
  const headers = {} as Record<TelemetrySignal, Record<string, string>>;
  const shared = parseKeyValueList(env.OTEL_EXPORTER_OTLP_HEADERS);
  const secrets = new Set(Object.values(shared));
  /** The header variables whose values a settings-chosen endpoint did not get. */
  const withheld = new Set<string>();
  for (const signal of TELEMETRY_SIGNALS) {
    const upper = signal.toUpperCase();
    const name = `OTEL_EXPORTER_OTLP_${upper}_ENDPOINT`;
    const own = nonEmpty(env[name]);
    const ownUrl = own === undefined ? undefined : parseEndpoint(own);
    if (own !== undefined && ownUrl === undefined) return off(name, own);
    // A signal's own endpoint is its full URL for HTTP; gRPC needs only the server's address.
    urls[signal] =
      ownUrl === undefined
        ? signalUrl(base, protocol, signal)
        : protocol === 'grpc'
          ? ownUrl.origin
          : ownUrl.href;
    const headerVariable = `OTEL_EXPORTER_OTLP_${upper}_HEADERS`;
    const signalHeaders = { ...shared, ...parseKeyValueList(env[headerVariable]) };
    for (const value of Object.values(signalHeaders)) secrets.add(value);
    if (ownUrl !== undefined || fromEnvironment) {
      headers[signal] = signalHeaders;
    } else {
      headers[signal] = {};
      if (Object.keys(shared).length > 0) withheld.add('OTEL_EXPORTER_OTLP_HEADERS');
      if (nonEmpty(env[headerVariable]) !== undefined) withheld.add(headerVariable);
    }
  }
  if (withheld.size > 0) {
    warnings.push(
      `Telemetry goes to ${base.href}, which ${endpointSource} chose, without the headers of ${[...withheld].join(' and ')}: the environment's collector credentials go only to an endpoint the environment names. Set GEMINI_TELEMETRY_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_ENDPOINT to send them there.`,
    );
  }
  const compression =
    envChoice(env, 'OTEL_EXPORTER_OTLP_COMPRESSION', ['gzip', 'none']) ??
    // The Gemini CLI compresses gRPC exports (telemetry/sdk.js).
    (protocol === 'grpc' ? 'gzip' : 'none');
  return {
    config: {
      destination: { kind: 'otlp', protocol, urls, headers, compression },
      logPrompts,
      exportTimeoutMs,
      resourceAttributes,
    },
    warnings,
    // Withheld or sent, they stay secrets of the run.
    secrets: [...secrets],
  };
}

/** The endpoint, what chose it, and whether the environment did (the default counts as its). */
function chosenEndpoint(
  options: ResolveTelemetryOptions,
  protocol: 'grpc' | 'http',
): [endpoint: string, source: string, fromEnvironment: boolean] {
  for (const name of ['GEMINI_TELEMETRY_OTLP_ENDPOINT', 'OTEL_EXPORTER_OTLP_ENDPOINT']) {
    const value = nonEmpty(options.env[name]);
    if (value !== undefined) return [value, name, true];
  }
  const setting = nonEmpty(options.settings?.otlpEndpoint);
  if (setting !== undefined) return [setting, `telemetry.otlpEndpoint in ${options.source}`, false];
  return [DEFAULT_ENDPOINTS[protocol], 'the default endpoint', true];
}

/** The endpoint as a URL; quotes around it are dropped, as the Gemini CLI does. */
function parseEndpoint(text: string): URL | undefined {
  try {
    const url = new URL(text.trim().replace(/^(["'])(.*)\1$/, '$2'));
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** HTTP: `<endpoint>/v1/<signal>` (OTLP/HTTP's paths); gRPC: the server's address. */
function signalUrl(base: URL, protocol: 'grpc' | 'http', signal: TelemetrySignal): string {
  if (protocol === 'grpc') return base.origin;
  return `${base.href.replace(/\/+$/, '')}/v1/${signal}`;
}

/** `OTEL_EXPORTER_OTLP_TIMEOUT` in milliseconds, capped so a run never waits long at its end. */
function exportTimeout(env: Readonly<Record<string, string | undefined>>): number {
  const value = Number(nonEmpty(env.OTEL_EXPORTER_OTLP_TIMEOUT) ?? Number.NaN);
  if (!Number.isFinite(value) || value <= 0) return DEFAULT_EXPORT_TIMEOUT_MS;
  return Math.min(Math.round(value), MAX_EXPORT_TIMEOUT_MS);
}

/**
 * `key=value,key2=value2`, percent-decoded: the W3C Baggage-like list OpenTelemetry uses for
 * `OTEL_EXPORTER_OTLP_HEADERS` and `OTEL_RESOURCE_ATTRIBUTES`. Entries without `=` are skipped.
 */
export function parseKeyValueList(text: string | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const entry of (text ?? '').split(',')) {
    const separator = entry.indexOf('=');
    if (separator <= 0) continue;
    const key = decode(entry.slice(0, separator).trim());
    const value = decode(entry.slice(separator + 1).trim());
    if (key !== '') result[key] = value;
  }
  return result;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const TRUE_WORDS = ['true', '1', 'yes', 'on'];
const FALSE_WORDS = ['false', '0', 'no', 'off'];

/**
 * A yes-or-no variable, in any case: `true`, `1`, `yes`, `on`, or `false`, `0`, `no`, `off`. The
 * Gemini CLI reads `true` and `1` as true and everything else as false, so both agree wherever it
 * is told `true`, `1`, `false` or `0`; any other word is false there too, and here one warning
 * says so, rather than leaving `yes` silently off.
 */
function envFlag(
  env: Readonly<Record<string, string | undefined>>,
  name: string,
  warnings: string[],
): boolean | undefined {
  const value = nonEmpty(env[name]);
  if (value === undefined) return undefined;
  const lower = value.trim().toLowerCase();
  if (TRUE_WORDS.includes(lower)) return true;
  if (!FALSE_WORDS.includes(lower)) {
    warnings.push(
      `${name} is ${JSON.stringify(value)}, which is neither true nor false, so it counts as false (as in the Gemini CLI). Set it to true or false (1/0, yes/no and on/off work too).`,
    );
  }
  return false;
}

function envChoice<T extends string>(
  env: Readonly<Record<string, string | undefined>>,
  name: string,
  choices: readonly T[],
): T | undefined {
  const value = nonEmpty(env[name])?.trim().toLowerCase();
  if (value === undefined) return undefined;
  const choice = choices.find((candidate) => candidate === value);
  if (choice === undefined) {
    throw new ConfigurationError(
      `expected ${choices.map((c) => JSON.stringify(c)).join(' or ')}, got ${JSON.stringify(env[name])}.`,
      { input: name },
    );
  }
  return choice;
}
