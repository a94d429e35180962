// The run's record uploaded through the real @actions/artifact client, against the runner's
// artifact service faked at the HTTP boundary (support/fake-artifact-service.ts).
import { mkdir, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { RunRecordPaths } from '../../src/github/run-artifact.js';
import {
  artifactName,
  runRecordPaths,
  uploadRunRecord,
  writeAnswer,
} from '../../src/github/run-artifact.js';
import type { Logger } from '../../src/platform/logger.js';
import {
  fakeRuntimeToken,
  useFakeArtifactService,
  zipEntries,
} from '../support/fake-artifact-service.js';
import { tempRepo } from '../support/temp-repo.js';

function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const log = (level: string) => (message: string) => {
    lines.push(`${level}: ${message}`);
  };
  return {
    lines,
    debug: log('debug'),
    info: log('info'),
    warning: log('warning'),
    error: log('error'),
  };
}

async function record(files: Partial<Record<keyof RunRecordPaths, string>>) {
  const paths = runRecordPaths(await tempRepo(), '0f3a9c1e-2b4d-4e6f-8a0b-1c2d3e4f5a6b');
  await mkdir(paths.dir, { recursive: true });
  for (const [key, content] of Object.entries(files)) {
    await writeFile(paths[key as keyof RunRecordPaths], content);
  }
  return paths;
}

function runnerEnv(resultsUrl: string, token: string): NodeJS.ProcessEnv {
  return {
    ACTIONS_RESULTS_URL: `${resultsUrl}/`,
    ACTIONS_RUNTIME_TOKEN: token,
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_REPOSITORY: 'octo/widgets',
    GITHUB_RUN_ID: '9001',
  };
}

describe('the run record artifact', () => {
  it('uploads the answer, the transcript and the patch as one artifact and links its page', async () => {
    const token = fakeRuntimeToken();
    const service = await useFakeArtifactService({ token, artifactId: 314 });
    const paths = await record({ transcript: '{"kind":"state_change"}\n' });
    const logger = recordingLogger();
    await writeAnswer(paths, `# The answer\n\n${'long line '.repeat(10_000)}`, logger);
    await writeFile(paths.patch, 'diff --git a/x b/x\n');

    const outcome = await uploadRunRecord({
      paths,
      name: artifactName({ mode: 'invoke', number: 12 }, '0f3a9c1e-2b4d'),
      env: runnerEnv(service.url, token),
      logger,
    });

    expect(outcome).toEqual({
      status: 'uploaded',
      name: 'gemini-agent-invoke-12-0f3a9c1e',
      id: 314,
      url: 'https://github.com/octo/widgets/actions/runs/9001/artifacts/314',
    });
    expect(service.calls.map((call) => call.method)).toEqual([
      'CreateArtifact',
      'FinalizeArtifact',
    ]);
    expect(service.calls[0]?.body).toMatchObject({
      name: 'gemini-agent-invoke-12-0f3a9c1e',
      workflow_run_backend_id: 'ce7f54c7-61c7-4aae-887f-30da475f5f1a',
    });
    const zip = service.artifacts.get('gemini-agent-invoke-12-0f3a9c1e');
    const entries = zipEntries(zip ?? Buffer.alloc(0));
    expect([...entries.keys()].sort()).toEqual(['answer.md', 'changes.patch', 'transcript.jsonl']);
    expect(entries.get('answer.md')).toMatch(/^# The answer\n\nlong line long line/);
    expect(entries.get('transcript.jsonl')).toBe('{"kind":"state_change"}\n');
    // The runtime token went to the service only for this upload, and is gone from process.env.
    expect(process.env.ACTIONS_RUNTIME_TOKEN).toBeUndefined();
    expect(process.env.ACTIONS_RESULTS_URL).toBeUndefined();
    expect(logger.lines.join('\n')).not.toContain(token);
  });

  it('says why when the service refuses, and never throws', async () => {
    const token = fakeRuntimeToken();
    const service = await useFakeArtifactService({
      token,
      fail: { method: 'CreateArtifact', status: 400, msg: 'artifact name already exists' },
    });
    const paths = await record({ transcript: '{}\n' });
    const logger = recordingLogger();

    const outcome = await uploadRunRecord({
      paths,
      name: 'gemini-agent-invoke-1-abc',
      env: runnerEnv(service.url, token),
      logger,
    });

    expect(outcome.status).toBe('failed');
    expect(outcome.status === 'failed' ? outcome.error : '').toContain(
      'artifact name already exists',
    );
    expect(logger.lines).toContainEqual(
      expect.stringMatching(/^warning: The run's record was not uploaded as an artifact: .*400/),
    );
    expect(process.env.ACTIONS_RUNTIME_TOKEN).toBeUndefined();
  });

  it('stops waiting for an upload that hangs', async () => {
    const token = fakeRuntimeToken();
    const service = await useFakeArtifactService({ token, stallUpload: true });
    const paths = await record({ transcript: '{}\n' });

    const outcome = await uploadRunRecord({
      paths,
      name: 'gemini-agent-invoke-1-abc',
      env: runnerEnv(service.url, token),
      logger: recordingLogger(),
      timeoutMs: 1500,
    });

    expect(outcome).toEqual({
      status: 'failed',
      error: 'it did not finish within 2 seconds',
    });
    expect(service.blobRequests.length).toBeGreaterThan(0);
    expect(service.artifacts.size).toBe(0);
  });

  it('skips the upload, saying why, when the runner gave the step no artifact service', async () => {
    const paths = await record({ transcript: '{}\n' });
    const outcome = await uploadRunRecord({
      paths,
      name: 'gemini-agent-invoke-1-abc',
      env: { GITHUB_REPOSITORY: 'octo/widgets', GITHUB_RUN_ID: '1' },
      logger: recordingLogger(),
    });
    expect(outcome).toEqual({
      status: 'skipped',
      reason: `the runner gave this step no artifact service (ACTIONS_RUNTIME_TOKEN and ACTIONS_RESULTS_URL are not set); the record stays in ${paths.dir}`,
    });
  });

  it('uploads nothing when the record is empty', async () => {
    const paths = await record({});
    const outcome = await uploadRunRecord({
      paths,
      name: 'gemini-agent-invoke-1-abc',
      env: {},
      logger: recordingLogger(),
      upload: () => Promise.reject(new Error('must not be called')),
    });
    expect(outcome).toEqual({ status: 'skipped', reason: 'the record is empty' });
  });
});
