// The extension's wire shapes: what a client reads (ToolCall with the spec's field names, only
// the spec's fields) and what it sends (ToolCallConfirmation, AgentSettings) in every spelling a
// proto-JSON client may use.
import { describe, expect, it } from 'vitest';
import type { ToolCallData } from '../../src/agent/events.js';
import {
  DEVELOPMENT_TOOL_URI,
  readToolCallConfirmation,
  readWorkspacePath,
  toWireToolCall,
} from '../../src/cli/a2a-server/development-tool.js';

const pendingEdit: ToolCallData = {
  tool_call_id: 'e1',
  status: 'PENDING',
  phase: 'awaiting_approval',
  tool_name: 'write_file',
  kind: 'edit',
  description: 'Write a.txt',
  input_parameters: { file_path: 'a.txt', content: 'new\n' },
  confirmation_request: {
    options: [{ id: 'proceed_once', name: 'Allow Once' }],
    details: {
      file_edit_details: {
        file_name: 'a.txt',
        file_path: '/ws/a.txt',
        old_content: 'old\n',
        new_content: 'new\n',
        formatted_diff: '-old\n+new\n',
      },
    },
  },
  confirmation_outcome: { decision: 'allow', decided_by: 'policy.toml:1:1' },
  duration_ms: 3,
};

describe('toWireToolCall', () => {
  it('sends only the spec’s fields, and the confirmation request only while the client is asked', () => {
    expect(toWireToolCall(pendingEdit, { askingClient: false })).toEqual({
      tool_call_id: 'e1',
      status: 'PENDING',
      tool_name: 'write_file',
      description: 'Write a.txt',
      input_parameters: { file_path: 'a.txt', content: 'new\n' },
    });
    expect(toWireToolCall(pendingEdit, { askingClient: true }).confirmation_request).toEqual({
      options: [
        { id: 'proceed_once', name: 'Allow once' },
        {
          id: 'proceed_always',
          name: 'Allow for this task',
          description: expect.any(String) as string,
        },
        { id: 'cancel', name: 'Reject', description: expect.any(String) as string },
      ],
      // The oneof sits on the object, as proto JSON writes it.
      file_edit_details: {
        file_name: 'a.txt',
        file_path: '/ws/a.txt',
        old_content: 'old\n',
        new_content: 'new\n',
        formatted_diff: '-old\n+new\n',
      },
    });
  });

  it('maps a diff output to FileDiff, and keeps the error of a failed call', () => {
    const done: ToolCallData = {
      ...pendingEdit,
      status: 'SUCCEEDED',
      phase: 'successful',
      output: {
        diff: {
          fileName: 'a.txt',
          filePath: '/ws/a.txt',
          fileDiff: '+new\n',
          originalContent: null,
          newContent: 'new\n',
        },
      },
    };
    expect(toWireToolCall(done, { askingClient: true })).toEqual({
      tool_call_id: 'e1',
      status: 'SUCCEEDED',
      tool_name: 'write_file',
      description: 'Write a.txt',
      input_parameters: { file_path: 'a.txt', content: 'new\n' },
      output: {
        diff: {
          file_name: 'a.txt',
          file_path: '/ws/a.txt',
          new_content: 'new\n',
          formatted_diff: '+new\n',
        },
      },
    });
    const failed: ToolCallData = {
      ...pendingEdit,
      status: 'FAILED',
      phase: 'errored',
      error: { message: 'Tool execution denied by policy.', type: 'policy_violation' },
    };
    expect(toWireToolCall(failed, { askingClient: false }).error).toEqual({
      message: 'Tool execution denied by policy.',
      type: 'policy_violation',
    });
  });
});

describe('readToolCallConfirmation', () => {
  it('reads the spec’s form, proto JSON’s camelCase, and the modified content either way', () => {
    expect(
      readToolCallConfirmation({ tool_call_id: 'c1', selected_option_id: 'proceed_once' }),
    ).toEqual({
      toolCallId: 'c1',
      optionId: 'proceed_once',
    });
    expect(readToolCallConfirmation({ toolCallId: 'c1', selectedOptionId: 'cancel' })).toEqual({
      toolCallId: 'c1',
      optionId: 'cancel',
    });
    const modified = { toolCallId: 'c1', optionId: 'proceed_always', newContent: 'x\n' };
    expect(
      readToolCallConfirmation({
        tool_call_id: 'c1',
        selected_option_id: 'proceed_always',
        file_details: { new_content: 'x\n' },
      }),
    ).toEqual(modified);
    expect(
      readToolCallConfirmation({
        toolCallId: 'c1',
        selectedOptionId: 'proceed_always',
        modifiedDetails: { fileDetails: { newContent: 'x\n' } },
      }),
    ).toEqual(modified);
  });

  it('never takes something unclear for an approval', () => {
    expect(readToolCallConfirmation({ text: 'yes' })).toBeUndefined();
    expect(readToolCallConfirmation('proceed_once')).toBeUndefined();
    expect(readToolCallConfirmation({ tool_call_id: 'c1', selected_option_id: 'yes' })).toEqual({
      problem: expect.stringContaining(
        'selected_option_id must be one of proceed_once, proceed_always, cancel',
      ) as string,
    });
    expect(readToolCallConfirmation({ selected_option_id: 'proceed_once' })).toEqual({
      problem: expect.stringContaining('tool_call_id') as string,
    });
    expect(
      readToolCallConfirmation({
        tool_call_id: 'c1',
        selected_option_id: 'cancel',
        file_details: { new_content: 'x' },
      }),
    ).toEqual({ problem: expect.stringContaining('not cancel') as string });
    expect(
      readToolCallConfirmation({
        tool_call_id: 'c1',
        selected_option_id: 'proceed_once',
        file_details: { content: 'x' },
      }),
    ).toEqual({ problem: expect.stringContaining('new_content') as string });
  });
});

describe('readWorkspacePath', () => {
  it('reads AgentSettings under the extension URI', () => {
    expect(readWorkspacePath({ [DEVELOPMENT_TOOL_URI]: { workspace_path: '/ws' } })).toBe('/ws');
    expect(readWorkspacePath({ [DEVELOPMENT_TOOL_URI]: { workspacePath: '/ws' } })).toBe('/ws');
    expect(readWorkspacePath(undefined)).toBeUndefined();
    expect(readWorkspacePath({ workspace_path: '/elsewhere' })).toBeUndefined();
    expect(readWorkspacePath({ [DEVELOPMENT_TOOL_URI]: 'ws' })).toEqual({
      problem: expect.stringContaining('AgentSettings object') as string,
    });
    expect(readWorkspacePath({ [DEVELOPMENT_TOOL_URI]: { workspace_path: ' ' } })).toEqual({
      problem: expect.stringContaining('absolute path') as string,
    });
  });
});
