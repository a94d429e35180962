import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TelemetrySettings } from '../../src/config/settings-types.js';
import { ConfigurationError } from '../../src/platform/errors.js';
import type { OtlpDestination, ResolvedTelemetry } from '../../src/telemetry/telemetry-config.js';
import {
  DEFAULT_EXPORT_TIMEOUT_MS,
  parseKeyValueList,
  resolveTelemetryConfig,
} from '../../src/telemetry/telemetry-config.js';

function resolve(
  settings: TelemetrySettings | undefined,
  env: Record<string, string> = {},
): ResolvedTelemetry {
  return resolveTelemetryConfig({
    settings,
    source: '.gemini/settings.json',
    env,
    baseDirectory: '/work/run',
  });
}

function otlp(resolved: ResolvedTelemetry): OtlpDestination {
  const destination = resolved.config?.destination;
  if (destination?.kind !== 'otlp') throw new Error(`expected OTLP, got ${destination?.kind}`);
  return destination;
}

describe('resolveTelemetryConfig', () => {
  it('is off unless enabled, in the settings or by GEMINI_TELEMETRY_ENABLED', () => {
    expect(resolve(undefined).config).toBeUndefined();
    expect(resolve({ otlpEndpoint: 'http://collector:4317' }).config).toBeUndefined();
    expect(resolve({ enabled: true }).config).toBeDefined();
    expect(resolve(undefined, { GEMINI_TELEMETRY_ENABLED: 'true' }).config).toBeDefined();
    expect(resolve(undefined, { GEMINI_TELEMETRY_ENABLED: '1' }).config).toBeDefined();
  });

  it('lets the environment win over the settings, with a word that is no yes-or-no false', () => {
    expect(
      resolve({ enabled: true }, { GEMINI_TELEMETRY_ENABLED: 'false' }).config,
    ).toBeUndefined();
    expect(
      resolve({ enabled: true }, { GEMINI_TELEMETRY_ENABLED: 'maybe' }).config,
    ).toBeUndefined();
    expect(
      resolve({ enabled: true, logPrompts: true }, { GEMINI_TELEMETRY_LOG_PROMPTS: '0' }).config
        ?.logPrompts,
    ).toBe(false);
    expect(
      otlp(
        resolve(
          { enabled: true, otlpProtocol: 'grpc' },
          { GEMINI_TELEMETRY_OTLP_PROTOCOL: 'http' },
        ),
      ).protocol,
    ).toBe('http');
  });

  it('reads the usual yes-or-no spellings in any case, and warns about any other', () => {
    for (const value of ['true', 'TRUE', '1', 'yes', 'Yes', 'on', ' ON ']) {
      const resolved = resolve(undefined, { GEMINI_TELEMETRY_ENABLED: value });
      expect(resolved.config, value).toBeDefined();
      expect(resolved.warnings, value).toEqual([]);
    }
    for (const value of ['false', 'False', '0', 'no', 'off', 'OFF']) {
      expect(resolve({ enabled: true }, { GEMINI_TELEMETRY_ENABLED: value }), value).toEqual({
        warnings: [],
        secrets: [],
      });
    }
    expect(resolve(undefined, { GEMINI_TELEMETRY_ENABLED: 'enabled' })).toEqual({
      warnings: [
        'GEMINI_TELEMETRY_ENABLED is "enabled", which is neither true nor false, so it counts as false (as in the Gemini CLI). Set it to true or false (1/0, yes/no and on/off work too).',
      ],
      secrets: [],
    });
    const prompts = resolve(
      { enabled: true, logPrompts: true },
      { GEMINI_TELEMETRY_LOG_PROMPTS: 'nope' },
    );
    expect(prompts.config?.logPrompts).toBe(false);
    expect(prompts.warnings).toEqual([
      expect.stringMatching(/^GEMINI_TELEMETRY_LOG_PROMPTS is "nope"/),
    ]);
    expect(
      resolve(undefined, { GEMINI_TELEMETRY_ENABLED: 'on', GEMINI_TELEMETRY_OUTFILE: 't.jsonl' })
        .config?.destination,
    ).toEqual({ kind: 'file', path: path.resolve('/work/run', 't.jsonl') });
  });

  it('keeps prompts out by default', () => {
    expect(resolve({ enabled: true }).config?.logPrompts).toBe(false);
    expect(resolve({ enabled: true, logPrompts: true }).config?.logPrompts).toBe(true);
  });

  it("defaults to gRPC on the collector's local port, as the Gemini CLI does", () => {
    const destination = otlp(resolve({ enabled: true }));
    expect(destination).toMatchObject({
      protocol: 'grpc',
      compression: 'gzip',
      urls: {
        logs: 'http://localhost:4317',
        metrics: 'http://localhost:4317',
        traces: 'http://localhost:4317',
      },
    });
  });

  it('sends OTLP/HTTP to <endpoint>/v1/<signal>, the HTTP port by default', () => {
    expect(otlp(resolve({ enabled: true, otlpProtocol: 'http' })).urls).toEqual({
      logs: 'http://localhost:4318/v1/logs',
      metrics: 'http://localhost:4318/v1/metrics',
      traces: 'http://localhost:4318/v1/traces',
    });
    const behindPath = otlp(
      resolve({
        enabled: true,
        otlpProtocol: 'http',
        otlpEndpoint: 'https://otel.example.com/otlp/',
      }),
    );
    expect(behindPath.urls.traces).toBe('https://otel.example.com/otlp/v1/traces');
    expect(behindPath.compression).toBe('none');
  });

  it('takes the endpoint from GEMINI_TELEMETRY_OTLP_ENDPOINT, then OTEL_EXPORTER_OTLP_ENDPOINT, then the settings', () => {
    const settings: TelemetrySettings = {
      enabled: true,
      otlpProtocol: 'http',
      otlpEndpoint: 'http://settings:4318',
    };
    expect(otlp(resolve(settings)).urls.logs).toBe('http://settings:4318/v1/logs');
    expect(
      otlp(resolve(settings, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel:4318' })).urls.logs,
    ).toBe('http://otel:4318/v1/logs');
    expect(
      otlp(
        resolve(settings, {
          OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel:4318',
          GEMINI_TELEMETRY_OTLP_ENDPOINT: '"http://gemini:4318"',
        }),
      ).urls.logs,
    ).toBe('http://gemini:4318/v1/logs');
  });

  it("uses a signal's own OTEL_EXPORTER_OTLP_<SIGNAL>_ENDPOINT as it is", () => {
    const destination = otlp(
      resolve(
        { enabled: true, otlpProtocol: 'http', otlpEndpoint: 'http://collector:4318' },
        { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example.com/ingest' },
      ),
    );
    expect(destination.urls).toEqual({
      logs: 'http://collector:4318/v1/logs',
      metrics: 'http://collector:4318/v1/metrics',
      traces: 'https://traces.example.com/ingest',
    });
  });

  it('sends OTEL_EXPORTER_OTLP_HEADERS, a signal’s own headers over them, and returns their values as secrets', () => {
    const resolved = resolve(
      { enabled: true },
      {
        OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20tenant-token-123,x-tenant=acme',
        OTEL_EXPORTER_OTLP_LOGS_HEADERS: 'x-tenant=acme-logs',
      },
    );
    expect(otlp(resolved).headers).toEqual({
      logs: { authorization: 'Bearer tenant-token-123', 'x-tenant': 'acme-logs' },
      metrics: { authorization: 'Bearer tenant-token-123', 'x-tenant': 'acme' },
      traces: { authorization: 'Bearer tenant-token-123', 'x-tenant': 'acme' },
    });
    expect(resolved.secrets.sort()).toEqual(['Bearer tenant-token-123', 'acme', 'acme-logs']);
  });

  it('bounds the export time: OTEL_EXPORTER_OTLP_TIMEOUT, at most 10 s', () => {
    expect(resolve({ enabled: true }).config?.exportTimeoutMs).toBe(DEFAULT_EXPORT_TIMEOUT_MS);
    expect(
      resolve({ enabled: true }, { OTEL_EXPORTER_OTLP_TIMEOUT: '500' }).config?.exportTimeoutMs,
    ).toBe(500);
    expect(
      resolve({ enabled: true }, { OTEL_EXPORTER_OTLP_TIMEOUT: '60000' }).config?.exportTimeoutMs,
    ).toBe(10_000);
    expect(
      resolve({ enabled: true }, { OTEL_EXPORTER_OTLP_TIMEOUT: 'soon' }).config?.exportTimeoutMs,
    ).toBe(DEFAULT_EXPORT_TIMEOUT_MS);
  });

  it('writes to the outfile instead of sending, resolved against the base folder', () => {
    expect(resolve({ enabled: true, outfile: 'telemetry.jsonl' }).config?.destination).toEqual({
      kind: 'file',
      path: path.resolve('/work/run', 'telemetry.jsonl'),
    });
    expect(
      resolve({ enabled: true }, { GEMINI_TELEMETRY_OUTFILE: '/tmp/otel.jsonl' }).config
        ?.destination,
    ).toEqual({ kind: 'file', path: '/tmp/otel.jsonl' });
  });

  it('turns telemetry off with one warning for an endpoint that is not a URL, never failing the run', () => {
    const resolved = resolve({ enabled: true, otlpEndpoint: 'collector:4317' });
    expect(resolved.config).toBeUndefined();
    expect(resolved.warnings).toEqual([
      'Telemetry is off: telemetry.otlpEndpoint in .gemini/settings.json is "collector:4317", not an http:// or https:// URL.',
    ]);
    expect(
      resolve({ enabled: true }, { OTEL_EXPORTER_OTLP_ENDPOINT: 'ftp://x' }).warnings[0],
    ).toContain('OTEL_EXPORTER_OTLP_ENDPOINT is "ftp://x"');
  });

  it('rejects a mistyped protocol or target in the environment, naming the variable', () => {
    const attempt = () => resolve({ enabled: true }, { GEMINI_TELEMETRY_OTLP_PROTOCOL: 'https' });
    expect(attempt).toThrow(ConfigurationError);
    expect(attempt).toThrow(
      'GEMINI_TELEMETRY_OTLP_PROTOCOL: expected "grpc" or "http", got "https".',
    );
    expect(() => resolve({ enabled: true }, { GEMINI_TELEMETRY_TARGET: 'cloud' })).toThrow(
      'GEMINI_TELEMETRY_TARGET: expected "local" or "gcp", got "cloud".',
    );
  });

  it('says that target gcp still sends OTLP, unless the endpoint is declared a collector', () => {
    expect(resolve({ enabled: true, target: 'gcp' }).warnings[0]).toContain('googlecloud exporter');
    expect(resolve({ enabled: true, target: 'gcp', useCollector: true }).warnings).toEqual([]);
  });

  it('takes resource attributes from OTEL_RESOURCE_ATTRIBUTES and OTEL_SERVICE_NAME', () => {
    expect(
      resolve(
        { enabled: true },
        {
          OTEL_RESOURCE_ATTRIBUTES: 'team=infra,deployment.environment=ci',
          OTEL_SERVICE_NAME: 'agents',
        },
      ).config?.resourceAttributes,
    ).toEqual({ team: 'infra', 'deployment.environment': 'ci', 'service.name': 'agents' });
  });
});

describe('parseKeyValueList', () => {
  it('reads k=v pairs, percent-decoded, skipping entries without a key', () => {
    expect(parseKeyValueList(' a = 1 ,b=x%3Dy,=skipped,novalue, c=')).toEqual({
      a: '1',
      b: 'x=y',
      c: '',
    });
    expect(parseKeyValueList(undefined)).toEqual({});
  });
});
