// The committed bundle ended early other ways than the runner's SIGINT: SIGTERM alone (a runner
// shutting down), SIGKILL alone (only the post step is left to report), and its own
// `timeout_minutes` (a calm end, no signal). Each is followed by the post step, as the runner
// runs it (see support/early-end-run.ts).
//
// `timeout_minutes` takes whole minutes: the timeout test sets GEMINI_AGENT_TEST_TIMEOUT_MS, the
// bundle's test-only override of the session's time limit (src/action/main.ts).
import { describe, expect, it } from 'vitest';
import {
  fakeRuntimeToken,
  useFakeArtifactService,
  zipEntries,
} from '../support/fake-artifact-service.js';
import { textReply } from '../support/fake-gemini.js';
import { cancelLikeRunner, runPostStep, waitFor } from './support/early-end-run.js';
import { expectKeptAndClean, runComment, startNotesRun } from './support/early-end-scenario.js';

describe('dist/index.js ended early', () => {
  it('on SIGTERM alone: ends as cancelled within the 2.5 s before SIGKILL, the work attached as a patch', async () => {
    const scenario = await startNotesRun([textReply('Added the notes.', { delayMs: 60_000 })]);
    const { github, gemini, step } = scenario;
    await waitFor(() => gemini.generateRequests().length >= 2, 'the second model request');
    await waitFor(() => runComment(github) !== undefined, 'the progress comment');

    const sent = await cancelLikeRunner(step, 'SIGTERM');
    const result = await runPostStep(step);

    expect(sent).toEqual(['SIGTERM']);
    expect(result.outputs.conclusion).toBe('cancelled');
    expect(result.outputs.error).toContain('the runner sent SIGTERM');
    // No time to push: the change is in the comment and the record, as a patch.
    await expectKeptAndClean(scenario, result, { title: /was cancelled after/, kept: 'patch' });
  }, 30_000);

  it('on SIGKILL: the post step uploads the record and says the run stopped unexpectedly', async () => {
    // The runner's artifact service (the client needs github.com as the server; nothing is pushed
    // in this run, so the git server is not needed).
    const runtimeToken = fakeRuntimeToken();
    const artifacts = await useFakeArtifactService({ token: runtimeToken, artifactId: 41 });
    const env = {
      GITHUB_SERVER_URL: 'https://github.com',
      ACTIONS_RUNTIME_TOKEN: runtimeToken,
      ACTIONS_RESULTS_URL: artifacts.url,
    };
    const scenario = await startNotesRun([textReply('Added the notes.', { delayMs: 60_000 })], {
      env,
    });
    const { github, gemini, step } = scenario;
    await waitFor(() => gemini.generateRequests().length >= 2, 'the second model request');
    await waitFor(() => runComment(github) !== undefined, 'the progress comment');
    // The patch of NOTES.md is kept as the session goes.
    await waitFor(
      () => step.log().includes('NOTES.md') || github.comments(1).length > 0,
      'the write to be reported',
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const sent = await cancelLikeRunner(step, 'SIGKILL');
    expect(sent).toEqual(['SIGKILL']);
    expect(runComment(github)?.body).toMatch(/is working on/);
    const result = await runPostStep(step);

    const body = runComment(github)?.body ?? '';
    expect(body).toContain('stopped unexpectedly');
    expect(body).toContain('https://github.com/Codertocat/Hello-World/actions/runs/777');
    expect(body).toContain('+Notes written before the run was stopped.');
    const zip = artifacts.artifacts.values().next().value;
    const entries = zipEntries(zip ?? Buffer.alloc(0));
    expect(entries.get('transcript.jsonl')).toContain('write_file');
    expect(entries.get('changes.patch')).toContain('+Notes written before the run was stopped.');
    expect(body).toContain('/actions/runs/777/artifacts/41');
    await expectKeptAndClean(scenario, result, { title: /stopped unexpectedly/, kept: 'patch' });
    expect([...entries.values()].join('\n')).not.toContain(github.token);
  }, 30_000);

  it('at timeout_minutes: ends calmly as timed out, the work pushed, no signal needed', async () => {
    const scenario = await startNotesRun([textReply('Added the notes.', { delayMs: 60_000 })], {
      env: { GEMINI_AGENT_TEST_TIMEOUT_MS: '4000' },
    });
    const { step } = scenario;
    const exit = await step.exited;
    const result = await runPostStep(step);

    expect(exit.code).toBe(1);
    expect(result.outputs.conclusion).toBe('cancelled');
    expect(result.outputs.error).toContain('The run timed out');
    await expectKeptAndClean(scenario, result, { title: /timed out after/, kept: 'pushed' });
  }, 30_000);
});
