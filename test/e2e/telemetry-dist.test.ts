// Telemetry through the committed bundles: dist/cli.js and dist/index.js with telemetry on send
// the Gemini CLI's signals to OTLP receivers started here (HTTP, and gRPC from its own chunk of
// the bundle); with telemetry off, the bundle runs without its OpenTelemetry chunks at all.
import { execFile } from 'node:child_process';
import { cp, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, onTestFinished } from 'vitest';
import { textReply, useFakeGemini } from '../support/fake-gemini.js';
import { startOtlpGrpcReceiver } from '../support/otlp-grpc-receiver.js';
import { startOtlpHttpReceiver } from '../support/otlp-http-receiver.js';
import { logRecords } from '../support/otlp-signals.js';
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
} from '../telemetry/support/telemetry-session.js';
import { commentEvent, fakeGitHubFor } from './support/comment-run.js';
import { E2E_API_KEY, runActionDist } from './support/run-action-dist.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

async function runCliDist(
  cli: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return run(process.execPath, [cli, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: await tempRepo(), ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: unknown) => error as { code: number; stdout: string; stderr: string },
  );
}

async function cliSession(receiverEnv: Record<string, string>) {
  const repo = await tempRepo({ 'README.md': '# demo\n' });
  const gemini = await useFakeGemini(modelScript(repo));
  return runCliDist(path.join(root, 'dist/cli.js'), ['-p', PROMPT, '--repo', repo], {
    ...telemetryEnv({ GOOGLE_GEMINI_BASE_URL: gemini.url, GEMINI_TELEMETRY_ENABLED: 'true' }),
    ...receiverEnv,
  });
}

const CANARIES = [PROMPT_CANARY, ENV_CANARY, API_KEY_CANARY, HEADER_CANARY];

describe('telemetry in the bundles', () => {
  it('dist/cli.js sends the signals over OTLP/HTTP', async () => {
    const receiver = await startOtlpHttpReceiver();
    onTestFinished(() => receiver.close());

    const result = await cliSession({
      GEMINI_TELEMETRY_OTLP_PROTOCOL: 'http',
      GEMINI_TELEMETRY_OTLP_ENDPOINT: receiver.url,
    });

    expect(result.code).toBe(0);
    expect(result.stdout).toContain('The README says: demo.');
    expectSessionSignals(receiver.requests, {
      promptLength: PROMPT.length,
      resource: CLI_RESOURCE,
    });
    expect(receiver.requests[0]?.headers.authorization).toBe(`Bearer ${HEADER_CANARY}`);
    expectNoCanary(receiver.requests, CANARIES);
  });

  it('dist/cli.js sends the signals over OTLP/gRPC', async () => {
    const receiver = await startOtlpGrpcReceiver();
    onTestFinished(() => receiver.close());

    const result = await cliSession({ GEMINI_TELEMETRY_OTLP_ENDPOINT: receiver.url });

    expect(result.code).toBe(0);
    expect(result.stderr).not.toContain('Telemetry');
    expectSessionSignals(receiver.requests, {
      promptLength: PROMPT.length,
      resource: CLI_RESOURCE,
    });
    expectNoCanary(receiver.requests, CANARIES);
  });

  it('dist/index.js sends the signals of a /gemini run, with the GitHub run on every one', async () => {
    const receiver = await startOtlpHttpReceiver();
    onTestFinished(() => receiver.close());
    const payload = commentEvent('Codertocat', `/gemini describe the README ${PROMPT_CANARY}`);
    const github = await fakeGitHubFor(payload, {});
    const workspace = await tempRepo({ 'README.md': '# demo\n' }, { git: true });
    const gemini = await useFakeGemini(modelScript(workspace));

    const result = await runActionDist({
      payload,
      inputs: {
        gemini_api_key: E2E_API_KEY,
        settings: JSON.stringify({
          telemetry: { enabled: true, otlpProtocol: 'http', otlpEndpoint: receiver.url },
        }),
      },
      github,
      gemini,
      workspace,
      env: { DEPLOY_TOKEN: ENV_CANARY, GITHUB_RUN_ATTEMPT: '3' },
    });

    expect(result.code).toBe(0);
    expect(result.outputs.conclusion).toBe('success');
    expectSessionSignals(receiver.requests, {
      resource: {
        'github.repository': 'Codertocat/Hello-World',
        'github.workflow': 'Gemini',
        'github.run_id': '777',
        'github.run_attempt': '3',
        'github.event_name': 'issue_comment',
        'github.issue.number': payload.issue.number,
        'gemini_agent.mode': 'invoke',
      },
    });
    const config = logRecords(receiver.requests).find((r) => r.eventName === 'gemini_cli.config');
    expect(config?.attributes).toMatchObject({
      output_format: 'github',
      github_event_name: 'issue_comment',
      github_issue_number: String(payload.issue.number),
    });
    expectNoCanary(receiver.requests, [PROMPT_CANARY, ENV_CANARY, E2E_API_KEY, github.token]);
  });

  it('runs without its OpenTelemetry chunks when telemetry is off', async () => {
    // A copy of the CLI bundle without the chunks that hold OpenTelemetry: a run that loaded
    // any of them would fail.
    const copy = await tempRepo();
    await cp(path.join(root, 'dist'), copy, { recursive: true });
    let removed = 0;
    for (const folder of ['cli', 'action']) {
      for (const file of await readdir(path.join(copy, folder))) {
        if (!file.endsWith('.index.js')) continue;
        const text = await readFile(path.join(copy, folder, file), 'utf8');
        // ncc names each bundled module's source in a comment.
        if (
          /\.\/(?:node_modules\/@opentelemetry|node_modules\/@grpc|src\/telemetry\/otel)\//.test(
            text,
          )
        ) {
          await rm(path.join(copy, folder, file));
          removed++;
        }
      }
      // The entry bundles themselves hold none of it.
      expect(await readFile(path.join(copy, folder, 'index.js'), 'utf8')).not.toMatch(
        /@opentelemetry|OTLPLogExporter/,
      );
    }
    expect(removed).toBeGreaterThanOrEqual(4);
    const repo = await tempRepo({ 'README.md': '# demo\n' });
    const gemini = await useFakeGemini([textReply('Hello.'), textReply('Hello again.')]);
    const env = { GEMINI_API_KEY: 'key', GOOGLE_GEMINI_BASE_URL: gemini.url };
    const args = ['-p', 'Say hello', '--repo', repo];

    const off = await runCliDist(path.join(copy, 'cli.js'), args, env);
    const on = await runCliDist(path.join(copy, 'cli.js'), args, {
      ...env,
      GEMINI_TELEMETRY_ENABLED: 'true',
      GEMINI_TELEMETRY_OUTFILE: path.join(copy, 'signals.jsonl'),
    });

    expect(off).toMatchObject({ code: 0, stdout: 'Hello.\n' });
    // On, the missing chunk is noticed: one warning, and the run goes on.
    expect(on.code).toBe(0);
    expect(on.stderr).toContain('Telemetry is off: it could not be started');
  });
});
