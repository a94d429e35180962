import { describe, expect, it } from 'vitest';
import type { ConfirmationQuestion, Confirmer } from '../../src/agent/confirmer.js';
import { denyAllConfirmer } from '../../src/agent/confirmer.js';
import { toFunctionResponseContent } from '../../src/agent/scheduler.js';
import { memoryLogger } from '../../src/platform/logger.js';
import type { FileDiff, Tool } from '../../src/tools/tool-types.js';
import { fakeTool, manualClock, request, setup } from './scheduler-fixtures.js';

const allowOnce = [
  { id: 'proceed_once', name: 'Allow Once' },
  { id: 'cancel', name: 'Reject' },
];

describe('ToolScheduler: the life of a call', () => {
  it('reports every phase of a successful call with the whole call object', async () => {
    const clock = manualClock();
    const timed = fakeTool({
      name: 'timed',
      execute: () => {
        clock.advance(25);
        return Promise.resolve({ llmContent: 'content', returnDisplay: 'Read 3 lines' });
      },
    });
    const u = setup([timed], { clock });
    const [completed] = await u.run([request('c1', 'timed', 'a.txt')]);

    expect(u.phasesOf('c1')).toEqual([
      'validating',
      'awaiting_approval',
      'scheduled',
      'executing',
      'successful',
    ]);
    expect(u.updates.map((update) => update.status)).toEqual([
      'PENDING',
      'PENDING',
      'PENDING',
      'EXECUTING',
      'SUCCEEDED',
    ]);
    expect(u.updates[0]).toEqual({
      tool_call_id: 'c1',
      status: 'PENDING',
      phase: 'validating',
      tool_name: 'timed',
      kind: 'read',
      description: 'timed a.txt',
      input_parameters: { value: 'a.txt' },
    });
    expect(u.updates[1]?.confirmation_request).toEqual({
      options: allowOnce,
      details: { generic_details: { description: 'Run timed' } },
    });
    expect(u.updates[1]?.confirmation_outcome).toBeUndefined();
    expect(u.updates.at(-1)).toEqual({
      tool_call_id: 'c1',
      status: 'SUCCEEDED',
      phase: 'successful',
      tool_name: 'timed',
      kind: 'read',
      description: 'timed a.txt',
      input_parameters: { value: 'a.txt' },
      confirmation_request: {
        options: allowOnce,
        details: { generic_details: { description: 'Run timed' } },
      },
      confirmation_outcome: { decision: 'allow', decided_by: 'allow-all' },
      output: { text: 'Read 3 lines' },
      duration_ms: 25,
    });
    expect(completed).toMatchObject({
      status: 'successful',
      result: { llmContent: 'content', returnDisplay: 'Read 3 lines' },
      responseParts: [
        { functionResponse: { id: 'c1', name: 'timed', response: { output: 'content' } } },
      ],
      durationMs: 25,
    });
  });

  it('reports a file diff as the output of an edit', async () => {
    const diff: FileDiff = {
      fileName: 'a.ts',
      filePath: '/ws/a.ts',
      fileDiff: '--- a.ts\n+++ a.ts\n@@ -1 +1 @@\n-old\n+new\n',
      originalContent: 'old\n',
      newContent: 'new\n',
    };
    const editor = fakeTool({
      name: 'editor',
      kind: 'edit',
      details: {
        type: 'edit',
        title: 'Confirm Edit',
        fileName: 'a.ts',
        filePath: '/ws/a.ts',
        fileDiff: diff.fileDiff,
        originalContent: 'old\n',
        newContent: 'new\n',
      },
      execute: () => Promise.resolve({ llmContent: 'Edited.', returnDisplay: diff }),
    });
    const s = setup([editor]);
    await s.run([request('c1', 'editor')]);
    const last = s.updates.at(-1);
    expect(last?.output).toEqual({ diff });
    expect(last?.confirmation_request).toEqual({
      options: allowOnce,
      details: {
        file_edit_details: {
          file_name: 'a.ts',
          file_path: '/ws/a.ts',
          old_content: 'old\n',
          new_content: 'new\n',
          formatted_diff: diff.fileDiff,
        },
      },
    });
  });

  it('maps shell and MCP confirmations to the spec/002 shapes', async () => {
    const shell = fakeTool({
      name: 'shell',
      kind: 'execute',
      details: {
        type: 'exec',
        title: 'Confirm Shell Command',
        command: 'npm test',
        rootCommand: 'npm',
        workingDirectory: '/ws',
      },
    });
    const mcp = fakeTool({
      name: 'mcp_github_create_issue',
      kind: 'other',
      details: {
        type: 'mcp',
        title: 'Confirm MCP Tool',
        serverName: 'github',
        toolName: 'create_issue',
        toolDisplayName: 'mcp_github_create_issue',
      },
    });
    const s = setup([shell, mcp]);
    await s.run([request('c1', 'shell'), request('c2', 'mcp_github_create_issue')]);
    const asked = s.updates.filter((update) => update.phase === 'awaiting_approval');
    expect(asked.map((update) => update.confirmation_request?.details)).toEqual([
      { execute_details: { command: 'npm test', working_directory: '/ws' } },
      { mcp_details: { server_name: 'github', tool_name: 'create_issue' } },
    ]);
  });

  it('passes the question a human would have seen to the confirmer', async () => {
    const questions: ConfirmationQuestion[] = [];
    const confirmer: Confirmer = {
      confirm: (question) => {
        questions.push(question);
        return Promise.resolve({ decision: 'allow' });
      },
    };
    const s = setup([fakeTool({ name: 'reader' })], { confirmer });
    await s.run([request('c1', 'reader', 'src/a.ts')]);
    expect(questions).toEqual([
      {
        callId: 'c1',
        toolName: 'reader',
        kind: 'read',
        args: { value: 'src/a.ts' },
        locations: ['src/a.ts'],
        details: { type: 'info', title: 'reader', prompt: 'Run reader' },
      },
    ]);
  });

  it('resolves aliases but answers under the name the model used', async () => {
    const grep = fakeTool({ name: 'search_file_content', kind: 'search' });
    const s = setup([grep], { aliases: { search_file_content: ['grep_search'] } });
    const [completed] = await s.run([request('c1', 'grep_search')]);
    expect(s.updates.at(-1)?.tool_name).toBe('search_file_content');
    expect(completed?.responseParts).toEqual([
      {
        functionResponse: {
          id: 'c1',
          name: 'grep_search',
          response: { output: 'search_file_content done' },
        },
      },
    ]);
  });
});

describe('ToolScheduler: calls that fail before running', () => {
  it('answers an unknown tool with the closest names', async () => {
    const s = setup([fakeTool({ name: 'read_file' }), fakeTool({ name: 'write_file' })]);
    const [completed, next] = await s.run([
      request('c1', 'read_files'),
      request('c2', 'read_file'),
    ]);
    const message = 'Tool "read_files" not found. Did you mean one of: "read_file", "write_file"?';
    expect(s.phasesOf('c1')).toEqual(['validating', 'errored']);
    expect(completed?.status).toBe('errored');
    expect(completed?.result.error).toEqual({ message, type: 'tool_not_registered' });
    expect(completed?.responseParts).toEqual([
      { functionResponse: { id: 'c1', name: 'read_files', response: { error: message } } },
    ]);
    expect(s.updates.find((u) => u.tool_call_id === 'c1' && u.phase === 'errored')?.error).toEqual({
      message,
      type: 'tool_not_registered',
    });
    expect(next?.status).toBe('successful');
  });

  it('answers invalid parameters with the validation message', async () => {
    let ran = false;
    const tool = fakeTool({
      name: 'reader',
      execute: () => {
        ran = true;
        return Promise.resolve({ llmContent: '', returnDisplay: '' });
      },
    });
    const s = setup([tool]);
    const [completed] = await s.run([{ callId: 'c1', name: 'reader', args: { value: 42 } }]);
    expect(ran).toBe(false);
    expect(s.phasesOf('c1')).toEqual(['validating', 'errored']);
    expect(completed?.result.error?.type).toBe('invalid_tool_params');
    const message = completed?.result.error?.message ?? '';
    expect(message).toMatch(/^Invalid parameters for reader: value: /);
    expect(completed?.responseParts).toEqual([
      { functionResponse: { id: 'c1', name: 'reader', response: { error: message } } },
    ]);
  });

  it('turns a build that throws into invalid parameters instead of crashing', async () => {
    const broken: Tool = {
      ...fakeTool({ name: 'broken' }),
      build: () => {
        throw new Error('cannot build');
      },
    };
    const s = setup([broken]);
    const [completed] = await s.run([request('c1', 'broken')]);
    expect(completed?.result.error).toEqual({
      message: 'cannot build',
      type: 'invalid_tool_params',
    });
  });

  it('denies through the confirmer: the model reads the policy reason, nothing runs', async () => {
    let ran = false;
    const tool = fakeTool({
      name: 'shell',
      kind: 'execute',
      execute: () => {
        ran = true;
        return Promise.resolve({ llmContent: '', returnDisplay: '' });
      },
    });
    const s = setup([tool], { confirmer: denyAllConfirmer });
    const [completed] = await s.run([request('c1', 'shell')]);
    const message = 'Tool execution denied by policy. Every tool call is denied in this run.';
    expect(ran).toBe(false);
    expect(s.phasesOf('c1')).toEqual(['validating', 'awaiting_approval', 'errored']);
    expect(completed?.result.error).toEqual({ message, type: 'policy_violation' });
    expect(completed?.responseParts).toEqual([
      { functionResponse: { id: 'c1', name: 'shell', response: { error: message } } },
    ]);
    expect(s.updates.at(-1)).toMatchObject({
      status: 'FAILED',
      confirmation_outcome: { decision: 'deny', decided_by: 'deny-all' },
      error: { message, type: 'policy_violation' },
    });
  });

  it('says only that the policy denied it when there is no reason', async () => {
    const confirmer: Confirmer = { confirm: () => Promise.resolve({ decision: 'deny' }) };
    const s = setup([fakeTool({ name: 'reader' })], { confirmer });
    const [completed] = await s.run([request('c1', 'reader')]);
    expect(completed?.result.error?.message).toBe('Tool execution denied by policy.');
  });

  it('denies when the confirmer itself fails', async () => {
    const confirmer: Confirmer = { confirm: () => Promise.reject(new Error('policy crashed')) };
    const s = setup([fakeTool({ name: 'reader' })], { confirmer });
    const [completed] = await s.run([request('c1', 'reader')]);
    expect(completed?.result.error).toEqual({
      message: 'Tool execution denied by policy. The confirmation failed: policy crashed',
      type: 'policy_violation',
    });
  });
});

describe('ToolScheduler: failures while running', () => {
  it('turns a thrown exception into an errored call and carries on', async () => {
    const thrower = fakeTool({
      name: 'thrower',
      kind: 'edit',
      execute: () => Promise.reject(new Error('boom')),
    });
    const s = setup([thrower, fakeTool({ name: 'reader' })]);
    const [failed, next] = await s.run([request('c1', 'thrower'), request('c2', 'reader')]);
    expect(s.phasesOf('c1')).toEqual([
      'validating',
      'awaiting_approval',
      'scheduled',
      'executing',
      'errored',
    ]);
    expect(failed?.result.error).toEqual({ message: 'boom', type: 'execution_failed' });
    expect(failed?.responseParts).toEqual([
      { functionResponse: { id: 'c1', name: 'thrower', response: { error: 'boom' } } },
    ]);
    expect(failed?.fatal).toBeUndefined();
    expect(next?.status).toBe('successful');
  });

  it('sends the error message of a failed result, not its llmContent', async () => {
    const missing = fakeTool({
      name: 'reader',
      execute: () =>
        Promise.resolve({
          llmContent: 'Could not read file because no file was found at the specified path.',
          returnDisplay: 'File not found.',
          error: { message: 'File not found: /ws/x', type: 'file_not_found' },
        }),
    });
    const s = setup([missing]);
    const [completed] = await s.run([request('c1', 'reader')]);
    expect(completed?.status).toBe('errored');
    expect(completed?.responseParts).toEqual([
      {
        functionResponse: {
          id: 'c1',
          name: 'reader',
          response: { error: 'File not found: /ws/x' },
        },
      },
    ]);
    expect(s.updates.at(-1)?.error).toEqual({
      message: 'File not found: /ws/x',
      type: 'file_not_found',
    });
    expect(s.updates.at(-1)?.output).toBeUndefined();
  });

  it('marks a full disk as fatal, whether reported or thrown', async () => {
    const reported = fakeTool({
      name: 'writer',
      kind: 'edit',
      execute: () =>
        Promise.resolve({
          llmContent: 'No space left on device.',
          returnDisplay: 'No space left on device.',
          error: { message: 'No space left on device.', type: 'no_space_left' },
        }),
    });
    const thrown = fakeTool({
      name: 'thrower',
      kind: 'edit',
      execute: () =>
        Promise.reject(
          Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }),
        ),
    });
    const s = setup([reported, thrown]);
    const [first, second] = await s.run([request('c1', 'writer'), request('c2', 'thrower')]);
    expect(first?.fatal).toBe(true);
    expect(second?.fatal).toBe(true);
    expect(second?.result.error?.type).toBe('no_space_left');
  });

  it('keeps going when a listener throws, and logs it', async () => {
    const logger = memoryLogger();
    const s = setup([fakeTool({ name: 'reader' })], {
      logger,
      onUpdate: () => {
        throw new Error('listener broke');
      },
    });
    const [completed] = await s.run([request('c1', 'reader')]);
    expect(completed?.status).toBe('successful');
    expect(logger.lines).toContainEqual({
      level: 'warning',
      message: 'A tool call listener failed: listener broke',
    });
  });
});

describe('toFunctionResponseContent', () => {
  it('makes one user turn with every call’s parts in request order', async () => {
    const image = fakeTool({
      name: 'image',
      execute: () =>
        Promise.resolve({
          llmContent: { inlineData: { mimeType: 'image/png', data: 'AAAA' } },
          returnDisplay: 'Read image',
        }),
    });
    const s = setup([image, fakeTool({ name: 'reader' })]);
    const completed = await s.run([
      request('c1', 'image'),
      request('c2', 'nope'),
      request('c3', 'reader'),
    ]);
    expect(toFunctionResponseContent(completed)).toEqual({
      role: 'user',
      parts: [
        {
          functionResponse: {
            id: 'c1',
            name: 'image',
            response: { output: 'Binary content of type image/png was processed.' },
          },
        },
        { inlineData: { mimeType: 'image/png', data: 'AAAA' } },
        {
          functionResponse: {
            id: 'c2',
            name: 'nope',
            response: { error: 'Tool "nope" not found. Did you mean one of: "image", "reader"?' },
          },
        },
        { functionResponse: { id: 'c3', name: 'reader', response: { output: 'reader done' } } },
      ],
    });
  });
});
