// The committed bundle cancelled as the runner cancels a step — SIGINT, SIGTERM 7.5 s later,
// SIGKILL 2.5 s after that — while the model is mid-answer and while a tool runs a long command,
// then its post step: the run ends in its own comment as cancelled, the work so far is pushed as
// work in progress, the record holds the transcript, nothing is left running, nothing secret
// leaks (see support/early-end-run.ts).
import { describe, expect, it } from 'vitest';
import { callsReply, textReply } from '../support/fake-gemini.js';
import { cancelLikeRunner, runPostStep, waitFor } from './support/early-end-run.js';
import {
  expectKeptAndClean,
  processesRunning,
  runComment,
  startNotesRun,
} from './support/early-end-scenario.js';

describe('dist/index.js cancelled by the runner', () => {
  it('on SIGINT with the model mid-answer: ends its comment as cancelled and pushes the work so far', async () => {
    const scenario = await startNotesRun([textReply('Added the notes.', { delayMs: 60_000 })]);
    const { github, gemini, step } = scenario;
    await waitFor(() => gemini.generateRequests().length >= 2, 'the second model request');
    await waitFor(() => runComment(github) !== undefined, 'the progress comment');

    const sent = await cancelLikeRunner(step, 'SIGINT');
    const result = await runPostStep(step);

    // It finished on the first signal, well before the runner's SIGTERM.
    expect(sent).toEqual(['SIGINT']);
    expect(result.outputs.conclusion).toBe('cancelled');
    expect(result.outputs.error).toMatch(/The run was cancelled at .* \(the runner sent SIGINT\)/);
    expect(result.summary).toContain('was cancelled');
    await expectKeptAndClean(scenario, result, { title: /was cancelled after/, kept: 'pushed' });
    expect(runComment(github)?.body).toContain('The run was cancelled');
    // A draft pull request, as the run would have opened one.
    expect(github.createdPulls).toHaveLength(1);
    expect(github.createdPulls[0]).toMatchObject({ draft: true });
    expect(github.createdPulls[0]?.title).toMatch(/^WIP: /);
  }, 40_000);

  it('on SIGINT mid-tool: stops the long command and its process group, and keeps the work', async () => {
    const sleep = ['sleep', '317'];
    const scenario = await startNotesRun(
      [
        callsReply([{ id: 's1', name: 'run_shell_command', args: { command: sleep.join(' ') } }]),
        textReply('Slept.'),
      ],
      // The sandbox shows commands an empty /tmp, where the test's workspace lives.
      { inputs: { sandbox: 'none', allowed_commands: 'sleep' } },
    );
    const { step } = scenario;
    await waitFor(() => processesRunning(sleep).length > 0, 'the long command to start').catch(
      (error: unknown) => {
        throw new Error(`${String(error)}\n${step.log()}`);
      },
    );

    const sent = await cancelLikeRunner(step, 'SIGINT');
    // The main step stopped it itself, before the post step ran.
    expect(processesRunning(sleep)).toEqual([]);
    const result = await runPostStep(step);

    expect(sent).toEqual(['SIGINT']);
    expect(result.outputs.conclusion).toBe('cancelled');
    expect(processesRunning(sleep)).toEqual([]);
    await expectKeptAndClean(scenario, result, { title: /was cancelled after/, kept: 'pushed' });
    expect(runComment(scenario.github)?.body).toContain('sleep 317');
  }, 40_000);
});
