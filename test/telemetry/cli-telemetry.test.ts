// Telemetry of a CLI run, in process: the Gemini CLI's signals over OTLP/HTTP and gRPC to local
// receivers started here, and to a file; prompts only when asked; a collector that is not there,
// or does not answer, costs one warning and a bounded wait.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { testIo } from '../support/cli-io.js';
import { useFakeGemini } from '../support/fake-gemini.js';
import { startOtlpGrpcReceiver } from '../support/otlp-grpc-receiver.js';
import { startOtlpHttpReceiver } from '../support/otlp-http-receiver.js';
import { logRecords, signalsFromFile, spans } from '../support/otlp-signals.js';
import { tempRepo } from '../support/temp-repo.js';
import {
  API_KEY_CANARY,
  CLI_RESOURCE,
  ENV_CANARY,
  HEADER_CANARY,
  PROMPT,
  PROMPT_CANARY,
  expectNoCanary,
  expectSessionSignals,
  modelScript,
  telemetryEnv,
} from './support/telemetry-session.js';

async function runWithTelemetry(env: Record<string, string>, extraArgs: string[] = []) {
  const repo = await tempRepo({ 'README.md': '# demo\n' });
  const gemini = await useFakeGemini(modelScript(repo));
  const run = testIo(
    telemetryEnv({ GOOGLE_GEMINI_BASE_URL: gemini.url, GEMINI_TELEMETRY_ENABLED: 'true', ...env }),
  );
  const started = Date.now();
  const code = await runCli(['-p', PROMPT, '--repo', repo, ...extraArgs], run.io);
  return { code, stdout: run.stdout, stderr: run.stderr, elapsedMs: Date.now() - started, repo };
}

async function httpReceiver(options: { hang?: boolean } = {}) {
  const receiver = await startOtlpHttpReceiver(options);
  onTestFinished(() => receiver.close());
  return receiver;
}

const CANARIES = [PROMPT_CANARY, ENV_CANARY, API_KEY_CANARY, HEADER_CANARY];

describe('CLI telemetry', () => {
  it("sends the Gemini CLI's logs, metrics and spans over OTLP/HTTP, with no secret and no prompt text", async () => {
    const receiver = await httpReceiver();

    const result = await runWithTelemetry({
      GEMINI_TELEMETRY_OTLP_PROTOCOL: 'http',
      GEMINI_TELEMETRY_OTLP_ENDPOINT: receiver.url,
    });

    expect(result.code).toBe(0);
    expect(result.stderr).not.toContain('Telemetry');
    expectSessionSignals(receiver.requests, {
      promptLength: PROMPT.length,
      resource: CLI_RESOURCE,
    });
    expect(new Set(receiver.requests.map((request) => request.signal))).toEqual(
      new Set(['logs', 'metrics', 'traces']),
    );
    // OTLP/JSON, authenticated with the header from OTEL_EXPORTER_OTLP_HEADERS.
    for (const request of receiver.requests) {
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers.authorization).toBe(`Bearer ${HEADER_CANARY}`);
    }
    expectNoCanary(receiver.requests, CANARIES);
  });

  it('puts the prompt and tool arguments in only with logPrompts', async () => {
    const receiver = await httpReceiver();

    const result = await runWithTelemetry({
      GEMINI_TELEMETRY_OTLP_PROTOCOL: 'http',
      GEMINI_TELEMETRY_OTLP_ENDPOINT: receiver.url,
      GEMINI_TELEMETRY_LOG_PROMPTS: 'true',
    });

    expect(result.code).toBe(0);
    const logs = logRecords(receiver.requests);
    expect(logs.find((r) => r.eventName === 'gemini_cli.user_prompt')?.attributes.prompt).toBe(
      PROMPT,
    );
    const shell = logs.find((r) => r.attributes.function_name === 'run_shell_command');
    expect(JSON.parse(String(shell?.attributes.function_args))).toEqual({
      command: 'git commit -am wip',
    });
    expect(
      logs.find((r) => r.eventName === 'gemini_cli.config')?.attributes.log_user_prompts_enabled,
    ).toBe(true);
    // A tool's message goes out too; the secret the file name held is redacted.
    const missing = logs.find(
      (r) => r.attributes.function_name === 'read_file' && r.attributes.success === false,
    );
    expect(String(missing?.attributes['error.message'])).toContain('***.md');
    // Secrets stay out all the same.
    expectNoCanary(receiver.requests, [ENV_CANARY, API_KEY_CANARY, HEADER_CANARY]);
  });

  it('writes the same signals to telemetry.outfile, one OTLP/JSON export request per line', async () => {
    const repo = await tempRepo({
      'README.md': '# demo\n',
      '.gemini/settings.json': JSON.stringify({
        telemetry: { enabled: true, outfile: 'telemetry/signals.jsonl' },
      }),
    });
    const gemini = await useFakeGemini(modelScript(repo));
    const cwd = await tempRepo();
    const run = testIo(
      telemetryEnv({ GOOGLE_GEMINI_BASE_URL: gemini.url, GEMINI_CLI_TRUST_WORKSPACE: 'true' }),
    );
    const previous = process.cwd();
    process.chdir(cwd);
    onTestFinished(() => {
      process.chdir(previous);
    });

    const code = await runCli(['-p', PROMPT, '--repo', repo], run.io);

    expect(code).toBe(0);
    const text = await readFile(path.join(cwd, 'telemetry/signals.jsonl'), 'utf8');
    const requests = signalsFromFile(text);
    expectSessionSignals(requests, { promptLength: PROMPT.length, resource: CLI_RESOURCE });
    expectNoCanary(requests, CANARIES);
  });

  it('sends the same signals over OTLP/gRPC, the Gemini CLI’s default protocol', async () => {
    const receiver = await startOtlpGrpcReceiver();
    onTestFinished(() => receiver.close());

    const result = await runWithTelemetry({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url });

    expect(result.code).toBe(0);
    expect(result.stderr).not.toContain('Telemetry');
    expectSessionSignals(receiver.requests, {
      promptLength: PROMPT.length,
      resource: CLI_RESOURCE,
    });
    for (const request of receiver.requests) {
      expect(request.headers.authorization).toBe(`Bearer ${HEADER_CANARY}`);
    }
    expectNoCanary(receiver.requests, CANARIES);
  });

  it('costs one warning and no failure when the collector is not there', async () => {
    const receiver = await httpReceiver();
    const closedPort = receiver.url;
    await receiver.close();

    const result = await runWithTelemetry({
      GEMINI_TELEMETRY_OTLP_PROTOCOL: 'http',
      GEMINI_TELEMETRY_OTLP_ENDPOINT: closedPort,
    });

    expect(result.code).toBe(0);
    expect(result.stdout).toContain('The README says: demo.');
    const warnings = result.stderr.split('\n').filter((line) => line.includes('Telemetry'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`Telemetry to ${closedPort}/v1/logs (OTLP/HTTP) failed`);
    expect(warnings[0]).toContain('ECONNREFUSED');
  });

  it('costs one warning over gRPC too when the collector is not there', async () => {
    const receiver = await startOtlpGrpcReceiver();
    const closedPort = receiver.url;
    await receiver.close();

    const result = await runWithTelemetry({ GEMINI_TELEMETRY_OTLP_ENDPOINT: closedPort });

    expect(result.code).toBe(0);
    const warnings = result.stderr.split('\n').filter((line) => line.includes('Telemetry'));
    expect(warnings).toEqual([
      expect.stringContaining(`Telemetry to ${closedPort} (OTLP/gRPC) failed`),
    ]);
    // grpc-js's empty "Resolution note: " is left out, and the cause read as one sentence.
    expect(warnings[0]).toMatch(
      /failed: 14 UNAVAILABLE: No connection established\. Last error: connect ECONNREFUSED [\d.:]+\. The run goes on without it;/,
    );
  });

  it('waits a bounded time for a collector that never answers', async () => {
    const receiver = await httpReceiver({ hang: true });

    const result = await runWithTelemetry({
      GEMINI_TELEMETRY_OTLP_PROTOCOL: 'http',
      GEMINI_TELEMETRY_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_TIMEOUT: '300',
    });

    expect(result.code).toBe(0);
    const warnings = result.stderr.split('\n').filter((line) => line.includes('Telemetry'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('failed');
  });

  it('is off with one warning for an endpoint that is not a URL', async () => {
    const result = await runWithTelemetry({ GEMINI_TELEMETRY_OTLP_ENDPOINT: 'collector:4317' });

    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      'Telemetry is off: GEMINI_TELEMETRY_OTLP_ENDPOINT is "collector:4317", not an http:// or https:// URL.',
    );
  });

  it('stops before the model for a mistyped protocol, naming the variable', async () => {
    const result = await runWithTelemetry({ GEMINI_TELEMETRY_OTLP_PROTOCOL: 'json' });

    expect(result.code).toBe(52);
    expect(result.stderr).toContain('GEMINI_TELEMETRY_OTLP_PROTOCOL: expected "grpc" or "http"');
  });

  it('sends nothing when telemetry is off', async () => {
    const receiver = await httpReceiver();

    const result = await runWithTelemetry({
      GEMINI_TELEMETRY_ENABLED: 'false',
      GEMINI_TELEMETRY_OTLP_PROTOCOL: 'http',
      GEMINI_TELEMETRY_OTLP_ENDPOINT: receiver.url,
    });

    expect(result.code).toBe(0);
    expect(receiver.requests).toEqual([]);
    expect(spans(receiver.requests)).toEqual([]);
  });
});
