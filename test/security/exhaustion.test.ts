// Exhaustion: huge tool output, commands that never end or wait for stdin, background processes
// left behind, agent loops, sessions that never stop, huge files and diffs. Each must end in a
// bounded, reported way, leaving nothing running.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { AgentEvent } from '../../src/agent/events.js';
import { createContentGenerator } from '../../src/model/create-content-generator.js';
import { memoryLogger } from '../../src/platform/logger.js';
import { resolveSandbox } from '../../src/platform/sandbox/resolve-sandbox.js';
import { loadCliPolicy } from '../../src/session-setup/policy-setup.js';
import { startAgent } from '../../src/session-setup/run-agent.js';
import { callsReply, instantRetry, textReply, useFakeGemini } from '../support/fake-gemini.js';
import { tempRepo } from '../support/temp-repo.js';
import { expectContained, responseTo } from './support/contained.js';
import {
  exfiltrateInAnswer,
  shell,
  testProgram,
  testScript,
  writeFile,
} from './support/hostile-model.js';
import { runHostileCase } from './support/hostile-run.js';
import { toolResponsesOf } from './support/model-requests.js';
import { processesWithMarker } from './support/sensors.js';
import { chooseModel } from '../../src/model/model-choice.js';

const ALLOW_TESTS = { allowed_commands: 'npm test' };

describe('exhaustion: output and input', () => {
  it('a command printing megabytes gives the model a capped output and GitHub a capped comment', async () => {
    const test = shell('npm test');
    const run = await runHostileCase({
      inputs: ALLOW_TESTS,
      script: (ctx) => [
        callsReply(testProgram(ctx, "process.stdout.write('x'.repeat(2 * 1024 * 1024));\n")),
        callsReply([test]),
        exfiltrateInAnswer(),
      ],
    });
    expect(responseTo(run, test.id).text.length).toBeLessThan(60_000);
    for (const comment of run.github.comments(1))
      expect(comment.body.length).toBeLessThanOrEqual(65_536);
    expect(run.github.violations).toEqual([]);
    await expectContained(run);
  });

  it('a command waiting for stdin ends at once (stdin is closed)', async () => {
    const test = shell('npm test');
    const run = await runHostileCase({
      inputs: ALLOW_TESTS,
      script: (ctx) => [
        callsReply([testScript(ctx, 'read line; echo "got [$line]"; cat; echo done')]),
        callsReply([test]),
        textReply('Done.'),
      ],
    });
    expect(responseTo(run, test.id).text).toContain('got []');
    expect(responseTo(run, test.id).text).toContain('done');
    await expectContained(run);
  });
});

describe('exhaustion: processes', () => {
  it('background processes a test script leaves are gone when the run ends', async () => {
    const run = await runHostileCase({
      inputs: ALLOW_TESTS,
      script: (ctx) => [
        callsReply([
          testScript(
            ctx,
            // Twenty children that would outlive the run, each naming the case in its arguments.
            `for i in $(seq 20); do sh -c 'sleep 300; echo ${ctx.id}' & done; echo started`,
          ),
        ]),
        callsReply([shell('npm test')]),
        textReply('Done.'),
      ],
    });
    expect(await processesWithMarker(run.ctx.id)).toEqual([]);
    await expectContained(run);
  });

  it('a command that never ends is stopped by the shell tool timeouts, with its whole group', async () => {
    // The Action exposes no input or dependency for the shell tool's timeouts (5 minutes without
    // output, 10 in total), so the session is started the way the Action starts it, with short
    // timeouts: the same policy, sandbox and tool.
    // A duration no other process on the machine uses, to find the sleep afterwards.
    const seconds = 600_000 + (process.pid % 100_000);
    const marker = `sec-never-${process.pid}`;
    const server = await useFakeGemini([
      callsReply([
        { id: 'sleep', name: 'run_shell_command', args: { command: `sleep ${seconds}` } },
      ]),
      callsReply([{ id: 'yes', name: 'run_shell_command', args: { command: `yes ${marker}` } }]),
      textReply('Done.'),
    ]);
    const workspace = await tempRepo({ 'README.md': '# demo\n' }, { git: true });
    const home = await mkdtemp(path.join(tmpdir(), 'gemini-sec-home-'));
    onTestFinished(() => rm(home, { recursive: true, force: true }));
    const env = { PATH: process.env.PATH ?? '', HOME: home };
    const logger = memoryLogger();
    const policy = await loadCliPolicy({
      mode: 'invoke',
      policyFiles: [],
      allowCommands: ['sleep', 'yes'],
      yolo: false,
    });
    const events: AgentEvent[] = [];
    const { result } = await startAgent({
      prompt: 'Wait.',
      workspaceRoot: workspace,
      model: chooseModel([], '--model'),
      sessionId: 'never-ends',
      contentGenerator: await createContentGenerator(
        { type: 'gemini-api-key', apiKey: 'test-key', baseUrl: server.url },
        { retry: instantRetry() },
      ),
      policy: { engine: policy.engine, runMode: 'invoke', trust: 'maintainer' },
      logger,
      onEvent: (event) => events.push(event),
      env,
      sandbox: await resolveSandbox('auto', { env, logger }),
      shell: { inactivityTimeoutMs: 200, totalTimeoutMs: 600, killGraceMs: 100 },
      userMemoryPath: path.join(home, 'memory.md'),
    });
    const session = await result;
    expect(session.reason).toBe('completed');
    const answers = toolResponsesOf(server.generateRequests());
    expect(answers.find((answer) => answer.id === 'sleep')?.text).toMatch(/cancelled/i);
    expect(answers.find((answer) => answer.id === 'yes')?.text).toMatch(/total time limit/i);
    expect(answers.find((answer) => answer.id === 'yes')?.text.length).toBeLessThan(60_000);
    expect(await processesWithMarker(`sleep ${seconds}`)).toEqual([]);
    expect(await processesWithMarker(marker)).toEqual([]);
  });
});

describe('exhaustion: the agent loop', () => {
  it('the same call over and over is stopped as a loop, long before max_turns', async () => {
    const run = await runHostileCase({
      inputs: { allowed_commands: 'git status', max_turns: '30' },
      script: () => Array.from({ length: 30 }, () => callsReply([shell('git status')])),
    });
    expect(run.result.conclusion).toBe('failure');
    expect(run.modelRequests().length).toBeLessThanOrEqual(12);
    expect(run.outputs.error).toMatch(/loop|repeat/i);
    await expectContained(run);
  });

  it('a model that never answers is stopped at max_turns', async () => {
    const run = await runHostileCase({
      inputs: { max_turns: '3' },
      script: (ctx) =>
        Array.from({ length: 10 }, (_, index) =>
          callsReply([writeFile(`${ctx.workspace}/step-${index}.txt`, `${index}\n`)]),
        ),
    });
    expect(run.result.conclusion).toBe('failure');
    expect(run.modelRequests()).toHaveLength(3);
    expect(run.outputs.error).toMatch(/max turns|3 turns/i);
    await expectContained(run);
  });
});

describe('exhaustion: huge changes', () => {
  it('a huge change keeps the comment and the pull request body within GitHub limits', async () => {
    const run = await runHostileCase({
      script: (ctx) => [
        callsReply([
          writeFile(`${ctx.workspace}/README.md`, '# Hello-World\n\nCommit with one t.\n'),
          writeFile(`${ctx.workspace}/data.txt`, 'line of generated data\n'.repeat(25_000)),
        ]),
        textReply('Done.'),
      ],
    });
    expect(run.github.violations).toEqual([]);
    for (const comment of run.github.comments(1))
      expect(comment.body.length).toBeLessThanOrEqual(65_536);
    for (const pull of run.github.createdPulls)
      expect((pull.body ?? '').length).toBeLessThanOrEqual(65_536);
    await expectContained(run);
  });
});
