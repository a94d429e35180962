import { describe, expect, it } from 'vitest';
import {
  convertToFunctionResponse,
  errorResponsePart,
  withError,
} from '../../src/agent/function-response.js';

// Compared as JSON: this is what goes over the wire.
const wire = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('convertToFunctionResponse', () => {
  it('wraps a string as the output', () => {
    expect(wire(convertToFunctionResponse('fc1', 'read_file', 'hello'))).toEqual([
      { functionResponse: { id: 'fc1', name: 'read_file', response: { output: 'hello' } } },
    ]);
  });

  it('wraps a lone text part (also inside a one-element list) like a string', () => {
    const expected = [
      { functionResponse: { id: 'fc1', name: 'tool', response: { output: 'from text' } } },
    ];
    expect(wire(convertToFunctionResponse('fc1', 'tool', { text: 'from text' }))).toEqual(expected);
    expect(wire(convertToFunctionResponse('fc1', 'tool', [{ text: 'from text' }]))).toEqual(
      expected,
    );
    expect(wire(convertToFunctionResponse('fc1', 'tool', ['from text']))).toEqual(expected);
  });

  it('puts a success status before a list of parts, turning strings into text parts', () => {
    const image = { inlineData: { mimeType: 'image/png', data: 'AAAA' } };
    expect(
      wire(convertToFunctionResponse('fc2', 'read_many_files', ['a', image, { text: 'b' }])),
    ).toEqual([
      {
        functionResponse: {
          id: 'fc2',
          name: 'read_many_files',
          response: { output: 'Tool execution succeeded.' },
        },
      },
      { text: 'a' },
      image,
      { text: 'b' },
    ]);
  });

  it('sends inline data as a sibling of a status naming its type', () => {
    const part = { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } };
    expect(wire(convertToFunctionResponse('fc-img-1', 'read_file', part))).toEqual([
      {
        functionResponse: {
          id: 'fc-img-1',
          name: 'read_file',
          response: { output: 'Binary content of type image/png was processed.' },
        },
      },
      { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } },
    ]);
  });

  it('does the same for file data, and says "unknown" without a MIME type', () => {
    const file = { fileData: { fileUri: 'gs://bucket/video.mp4', mimeType: 'video/mp4' } };
    expect(wire(convertToFunctionResponse('fc3', 'tool', [file]))).toEqual([
      {
        functionResponse: {
          id: 'fc3',
          name: 'tool',
          response: { output: 'Binary content of type video/mp4 was processed.' },
        },
      },
      file,
    ]);
    const bare = { inlineData: { data: 'AAAA' } };
    expect(wire(convertToFunctionResponse('fc4', 'tool', bare))).toEqual([
      {
        functionResponse: {
          id: 'fc4',
          name: 'tool',
          response: { output: 'Binary content of type unknown was processed.' },
        },
      },
      bare,
    ]);
  });

  it('passes a functionResponse through under this call id and name', () => {
    const part = {
      functionResponse: { id: 'other', name: 'server_tool', response: { answer: 42 } },
    };
    expect(wire(convertToFunctionResponse('fc5', 'mcp_tool', part))).toEqual([
      { functionResponse: { id: 'fc5', name: 'mcp_tool', response: { answer: 42 } } },
    ]);
  });

  it('flattens nested MCP content of a functionResponse into its text', () => {
    const part = {
      functionResponse: {
        name: 'server_tool',
        response: {
          content: [
            { type: 'text', text: 'first ' },
            { type: 'image', data: 'AAAA', mimeType: 'image/png' },
            { type: 'text', text: 'second' },
          ],
        },
      },
    };
    expect(wire(convertToFunctionResponse('fc6', 'mcp_tool', part))).toEqual([
      { functionResponse: { id: 'fc6', name: 'mcp_tool', response: { output: 'first second' } } },
    ]);
  });

  it('answers other lone parts and an empty list with the success status', () => {
    const expected = [
      {
        functionResponse: {
          id: 'fc7',
          name: 'tool',
          response: { output: 'Tool execution succeeded.' },
        },
      },
    ];
    expect(wire(convertToFunctionResponse('fc7', 'tool', { functionCall: { name: 'x' } }))).toEqual(
      expected,
    );
    expect(wire(convertToFunctionResponse('fc7', 'tool', []))).toEqual(expected);
  });
});

describe('error responses', () => {
  it('put the message under `error`', () => {
    expect(wire(errorResponsePart('fc1', 'read_file', 'File not found: /x'))).toEqual({
      functionResponse: { id: 'fc1', name: 'read_file', response: { error: 'File not found: /x' } },
    });
  });

  it('can be added to a result that was produced before a cancellation', () => {
    const parts = convertToFunctionResponse('fc1', 'run_shell_command', 'partial output');
    expect(wire(withError(parts, 'fc1', 'run_shell_command', 'stopped'))).toEqual([
      {
        functionResponse: {
          id: 'fc1',
          name: 'run_shell_command',
          response: { output: 'partial output', error: 'stopped' },
        },
      },
    ]);
    expect(wire(withError([{ text: 'x' }], 'fc1', 'tool', 'stopped'))).toEqual([
      { functionResponse: { id: 'fc1', name: 'tool', response: { error: 'stopped' } } },
      { text: 'x' },
    ]);
  });
});
