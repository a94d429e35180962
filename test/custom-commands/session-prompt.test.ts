// A custom command through the real composition (startAgent): its `!{…}` runs through the
// session's own policy and tools before the first model request, and a denied command ends the
// run before any request is made.
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expandCommand, plainPrompt } from '../../src/custom-commands/expand-command.js';
import type { SessionPrompt } from '../../src/custom-commands/injection-services.js';
import { findInvocation, loadRunCommands } from '../../src/custom-commands/run-commands.js';
import { createContentGenerator } from '../../src/model/create-content-generator.js';
import { chooseModel } from '../../src/model/model-choice.js';
import { memoryLogger } from '../../src/platform/logger.js';
import { loadCliPolicy } from '../../src/session-setup/policy-setup.js';
import { startAgent } from '../../src/session-setup/run-agent.js';
import type { GeminiBody } from '../integration/support.js';
import { instantRetry, textReply, useFakeGemini } from '../support/fake-gemini.js';
import { tempRepo } from '../support/temp-repo.js';
import { DOCS_COMMANDS } from './support/doc-commands.js';

async function runCommand(root: string, typed: string, allowCommands: string[] = []) {
  const server = await useFakeGemini([textReply('Done.')]);
  const log = memoryLogger();
  const { registry } = await loadRunCommands({
    workspaceRoot: root,
    configRoot: root,
    paths: [],
    pathsSetting: '--extension',
    env: {},
    logger: log,
  });
  const found = findInvocation(typed, registry);
  if (!found) throw new Error('not a command');
  const prompt: SessionPrompt = async (services) =>
    plainPrompt((await expandCommand(found.command, found.invocation, services)).pieces);
  const policy = await loadCliPolicy({
    mode: 'invoke',
    policyFiles: [],
    allowCommands,
    yolo: false,
  });
  const run = startAgent({
    prompt,
    workspaceRoot: root,
    model: chooseModel([], '--model'),
    sessionId: 'command-session',
    contentGenerator: await createContentGenerator(
      { type: 'gemini-api-key', apiKey: 'test-key', baseUrl: server.url },
      { retry: instantRetry() },
    ),
    policy: { engine: policy.engine, runMode: 'invoke', trust: 'maintainer' },
    logger: log,
    onEvent: () => undefined,
    env: { PATH: process.env.PATH },
    userMemoryPath: path.join(root, '..', 'no-memory.md'),
  });
  return { server, log, run };
}

describe('a custom command as the session prompt', () => {
  it("sends the expansion as the first user message, after the command's shell command ran", async () => {
    const root = await tempRepo({ ...DOCS_COMMANDS, 'staged.txt': 'old\n' }, { git: true });
    await writeFile(path.join(root, 'staged.txt'), 'new\n');
    execFileSync('git', ['add', 'staged.txt'], { cwd: root });
    const { server, run } = await runCommand(root, '/git:commit');
    const session = await (await run).result;

    expect(session.reason).toBe('completed');
    const body = server.generateRequests()[0]?.body as GeminiBody;
    const first =
      body.contents
        .at(-1)
        ?.parts?.map((part) => part.text)
        .join('') ?? '';
    expect(first).toContain(
      'Please generate a Conventional Commit message based on the following git diff:\n\n```diff\ndiff --git a/staged.txt b/staged.txt\n',
    );
    expect(first).toContain('-old\n+new\n```');
  });

  it('ends the run before any model request when the policy denies its shell command', async () => {
    const root = await tempRepo({ ...DOCS_COMMANDS, 'notes.txt': 'x\n' }, { git: true });
    const { server, run } = await runCommand(root, '/grep-code TODO');

    await expect(run).rejects.toThrow(
      '/grep-code cannot be run. Blocked command: "grep -r TODO .". Reason: Tool execution denied by policy.',
    );
    expect(server.generateRequests()).toEqual([]);
  });
});
