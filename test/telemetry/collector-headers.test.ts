// The collector credentials in OTEL_EXPORTER_OTLP_*HEADERS belong to whoever set the environment:
// they go only to an endpoint the environment chose (a variable, or the standard local port), never
// to one a settings file chose — a repository's `.gemini/settings.json` can name any endpoint. A
// local receiver stands for the settings' endpoint and another for the environment's; the CLI and
// the Action each send the first the signals without the header, and the second the signals with
// it. The resolver's rule is checked signal by signal below them.
import { describe, expect, it, onTestFinished } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import type { OtlpDestination, ResolvedTelemetry } from '../../src/telemetry/telemetry-config.js';
import { resolveTelemetryConfig } from '../../src/telemetry/telemetry-config.js';
import type { TelemetrySettings } from '../../src/config/settings-types.js';
import { testIo } from '../support/cli-io.js';
import { textReply, useFakeGemini } from '../support/fake-gemini.js';
import { startOtlpHttpReceiver } from '../support/otlp-http-receiver.js';
import type { OtlpHttpReceiver } from '../support/otlp-http-receiver.js';
import { tempRepo } from '../support/temp-repo.js';
import { runActionOnRunnerLog } from '../security/support/runner-log-run.js';

const CREDENTIAL = 'collectorcredential-5e1f9a7c3b';
const HEADERS = `authorization=Bearer ${CREDENTIAL}`;

async function receiver(): Promise<OtlpHttpReceiver> {
  const started = await startOtlpHttpReceiver();
  onTestFinished(() => started.close());
  return started;
}

function settingsFile(endpoint: string): string {
  return JSON.stringify({
    telemetry: { enabled: true, otlpProtocol: 'http', otlpEndpoint: endpoint },
  });
}

/** Every byte the receiver got, headers included. */
function everything(at: OtlpHttpReceiver): string {
  return at.requests
    .map((request) => `${JSON.stringify(request.headers)}\n${request.raw.toString('utf8')}`)
    .join('\n');
}

async function cliRun(settingsEndpoint: string, env: Record<string, string> = {}) {
  const repo = await tempRepo({
    'README.md': '# demo\n',
    '.gemini/settings.json': settingsFile(settingsEndpoint),
  });
  const gemini = await useFakeGemini([textReply('A demo.')]);
  const run = testIo({
    GEMINI_API_KEY: 'test-key',
    GOOGLE_GEMINI_BASE_URL: gemini.url,
    GEMINI_CLI_TRUST_WORKSPACE: 'true',
    OTEL_EXPORTER_OTLP_HEADERS: HEADERS,
    ...env,
  });
  const code = await runCli(['-p', 'What is this?', '--repo', repo, '--sandbox', 'none'], run.io);
  return { code, stderr: run.stderr };
}

describe('the CLI', () => {
  it('sends the settings’ endpoint the signals without the environment’s header, and says so once', async () => {
    const chosenBySettings = await receiver();

    const run = await cliRun(chosenBySettings.url);

    expect(run.code, run.stderr).toBe(0);
    expect(chosenBySettings.requests.length).toBeGreaterThan(0);
    for (const request of chosenBySettings.requests) {
      expect(request.headers.authorization).toBeUndefined();
    }
    expect(everything(chosenBySettings)).not.toContain(CREDENTIAL);
    const warnings = run.stderr.split('\n').filter((line) => line.includes('without the headers'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(
      `which telemetry.otlpEndpoint in .gemini/settings.json chose, without the headers of OTEL_EXPORTER_OTLP_HEADERS`,
    );
    expect(run.stderr).not.toContain(CREDENTIAL);
  });

  it('sends an endpoint the environment chose the header, over the settings’ endpoint', async () => {
    const chosenBySettings = await receiver();
    const chosenByEnvironment = await receiver();

    const run = await cliRun(chosenBySettings.url, {
      GEMINI_TELEMETRY_OTLP_ENDPOINT: chosenByEnvironment.url,
    });

    expect(run.code, run.stderr).toBe(0);
    expect(chosenBySettings.requests).toEqual([]);
    expect(chosenByEnvironment.requests.length).toBeGreaterThan(0);
    for (const request of chosenByEnvironment.requests) {
      expect(request.headers.authorization).toBe(`Bearer ${CREDENTIAL}`);
    }
    expect(run.stderr).not.toContain('without the headers');
  });
});

describe('the Action', () => {
  async function actionRun(settingsEndpoint: string, env: Record<string, string> = {}) {
    const undo: (() => unknown)[] = [];
    onTestFinished(async () => {
      for (const step of undo.reverse()) await step();
    });
    return runActionOnRunnerLog({
      cleanup: (fn) => undo.push(fn),
      files: { '.gemini/settings.json': settingsFile(settingsEndpoint) },
      script: [textReply('A demo.')],
      env: { OTEL_EXPORTER_OTLP_HEADERS: HEADERS, ...env },
    });
  }

  it('sends the repository settings’ endpoint the signals without the workflow’s header', async () => {
    const chosenBySettings = await receiver();

    const run = await actionRun(chosenBySettings.url);

    expect(run.result.conclusion, run.stdout).toBe('success');
    expect(chosenBySettings.requests.length).toBeGreaterThan(0);
    for (const request of chosenBySettings.requests) {
      expect(request.headers.authorization).toBeUndefined();
    }
    expect(everything(chosenBySettings)).not.toContain(CREDENTIAL);
    expect(run.stdout).toContain('without the headers of OTEL_EXPORTER_OTLP_HEADERS');
  });

  it('sends the endpoint of OTEL_EXPORTER_OTLP_ENDPOINT the header', async () => {
    const chosenBySettings = await receiver();
    const chosenByEnvironment = await receiver();

    const run = await actionRun(chosenBySettings.url, {
      OTEL_EXPORTER_OTLP_ENDPOINT: chosenByEnvironment.url,
    });

    expect(run.result.conclusion, run.stdout).toBe('success');
    expect(chosenBySettings.requests).toEqual([]);
    expect(chosenByEnvironment.requests.length).toBeGreaterThan(0);
    for (const request of chosenByEnvironment.requests) {
      expect(request.headers.authorization).toBe(`Bearer ${CREDENTIAL}`);
    }
  });
});

describe('resolveTelemetryConfig: whose endpoint gets the headers', () => {
  const resolve = (settings: TelemetrySettings, env: Record<string, string>): ResolvedTelemetry =>
    resolveTelemetryConfig({
      settings,
      source: '.gemini/settings.json',
      env,
      baseDirectory: '/work/run',
    });
  const otlp = (resolved: ResolvedTelemetry): OtlpDestination => {
    const destination = resolved.config?.destination;
    if (destination?.kind !== 'otlp') throw new Error('expected OTLP');
    return destination;
  };
  const fromSettings: TelemetrySettings = {
    enabled: true,
    otlpProtocol: 'http',
    otlpEndpoint: 'https://collector.example.net',
  };

  it('withholds every header variable from a settings endpoint, and keeps their values secret', () => {
    const resolved = resolve(fromSettings, {
      OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20shared-1',
      OTEL_EXPORTER_OTLP_METRICS_HEADERS: 'x-key=metrics-2',
    });
    expect(otlp(resolved).headers).toEqual({ logs: {}, metrics: {}, traces: {} });
    expect(resolved.warnings).toEqual([
      "Telemetry goes to https://collector.example.net/, which telemetry.otlpEndpoint in .gemini/settings.json chose, without the headers of OTEL_EXPORTER_OTLP_HEADERS and OTEL_EXPORTER_OTLP_METRICS_HEADERS: the environment's collector credentials go only to an endpoint the environment names. Set GEMINI_TELEMETRY_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_ENDPOINT to send them there.",
    ]);
    expect(resolved.secrets.sort()).toEqual(['Bearer shared-1', 'metrics-2']);
  });

  it('sends them to OTEL_EXPORTER_OTLP_ENDPOINT or GEMINI_TELEMETRY_OTLP_ENDPOINT over the settings', () => {
    for (const variable of ['OTEL_EXPORTER_OTLP_ENDPOINT', 'GEMINI_TELEMETRY_OTLP_ENDPOINT']) {
      const resolved = resolve(fromSettings, {
        [variable]: 'https://mine.example.com',
        OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20shared-1',
      });
      expect(otlp(resolved).headers.logs).toEqual({ authorization: 'Bearer shared-1' });
      expect(resolved.warnings).toEqual([]);
    }
  });

  it('sends them to the standard local port when nothing names an endpoint', () => {
    const resolved = resolve(
      { enabled: true, otlpProtocol: 'http' },
      { OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20shared-1' },
    );
    expect(otlp(resolved).urls.logs).toBe('http://localhost:4318/v1/logs');
    expect(otlp(resolved).headers.logs).toEqual({ authorization: 'Bearer shared-1' });
  });

  it('sends a signal its headers at its own variable’s endpoint, the others not', () => {
    const resolved = resolve(fromSettings, {
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example.com/v1/traces',
      OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20shared-1',
    });
    expect(otlp(resolved).headers).toEqual({
      logs: {},
      metrics: {},
      traces: { authorization: 'Bearer shared-1' },
    });
    expect(resolved.warnings).toHaveLength(1);
  });

  it('has nothing to say when the environment holds no headers', () => {
    expect(resolve(fromSettings, {}).warnings).toEqual([]);
  });
});
