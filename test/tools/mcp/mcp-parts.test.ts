// MCP tool results → the parts the model reads and the text the transcript shows.
import { cutMiddle } from '../../../src/tools/shell-output.js';
import { describe, expect, it } from 'vitest';
import {
  MAX_MCP_TEXT_CHARS,
  mcpResultDisplay,
  mcpResultToParts,
  mcpToolErrorMessage,
} from '../../../src/tools/mcp/mcp-parts.js';

describe('mcpResultToParts', () => {
  it('turns text blocks into text parts', () => {
    expect(
      mcpResultToParts(
        {
          content: [
            { type: 'text', text: 'a' },
            { type: 'text', text: 'b' },
          ],
        },
        't',
      ),
    ).toEqual([{ text: 'a' }, { text: 'b' }]);
  });

  it('sends images and audio as a note naming the tool and MIME type, then inlineData', () => {
    const parts = mcpResultToParts(
      {
        content: [
          { type: 'image', mimeType: 'image/png', data: 'iVBOR' },
          { type: 'audio', mimeType: 'audio/mpeg', data: 'SUQz' },
        ],
      },
      'snap',
    );
    expect(parts).toEqual([
      { text: "[Tool 'snap' provided the following image data with mime-type: image/png]" },
      { inlineData: { mimeType: 'image/png', data: 'iVBOR' } },
      { text: "[Tool 'snap' provided the following audio data with mime-type: audio/mpeg]" },
      { inlineData: { mimeType: 'audio/mpeg', data: 'SUQz' } },
    ]);
  });

  it('sends an embedded text resource as its text, a blob as a note plus inlineData', () => {
    const parts = mcpResultToParts(
      {
        content: [
          { type: 'resource', resource: { uri: 'file:///a.txt', text: 'file body' } },
          {
            type: 'resource',
            resource: { uri: 'file:///a.pdf', mimeType: 'application/pdf', blob: 'JVBER' },
          },
          { type: 'resource', resource: { uri: 'file:///b.bin', blob: 'AAAA' } },
        ],
      },
      'files',
    );
    expect(parts).toEqual([
      { text: 'file body' },
      {
        text: "[Tool 'files' provided the following embedded resource with mime-type: application/pdf]",
      },
      { inlineData: { mimeType: 'application/pdf', data: 'JVBER' } },
      {
        text: "[Tool 'files' provided the following embedded resource with mime-type: application/octet-stream]",
      },
      { inlineData: { mimeType: 'application/octet-stream', data: 'AAAA' } },
    ]);
  });

  it('names a resource link by its title, else its name', () => {
    const parts = mcpResultToParts(
      {
        content: [
          { type: 'resource_link', uri: 'https://x.test/1', name: 'one', title: 'First' },
          { type: 'resource_link', uri: 'https://x.test/2', name: 'two' },
        ],
      },
      't',
    );
    expect(parts).toEqual([
      { text: 'Resource Link: First at https://x.test/1' },
      { text: 'Resource Link: two at https://x.test/2' },
    ]);
  });

  it('leaves out blocks of unknown types and malformed blocks', () => {
    expect(
      mcpResultToParts(
        { content: [{ type: 'video', data: 'x' }, null, 'text', { type: 'text', text: 'kept' }] },
        't',
      ),
    ).toEqual([{ text: 'kept' }]);
  });

  it('sends structuredContent as JSON when there are no content blocks', () => {
    expect(mcpResultToParts({ content: [], structuredContent: { temperature: 21 } }, 't')).toEqual([
      { text: '{"temperature":21}' },
    ]);
  });

  it('says so when the result has no content list', () => {
    expect(mcpResultToParts({}, 't')).toEqual([{ text: '[Error: Could not parse tool response]' }]);
  });

  it('cuts text parts over 40,000 characters, keeping the first 20% and the last 80%', () => {
    const text = `${'a'.repeat(30_000)}${'b'.repeat(30_000)}`;
    const [part] = mcpResultToParts({ content: [{ type: 'text', text }] }, 't');
    const cut = part?.text ?? '';
    expect(cut.startsWith('a'.repeat(8_000) + '\n\n... [20,000 characters omitted] ...\n\n')).toBe(
      true,
    );
    expect(cut.endsWith('a'.repeat(2_000) + 'b'.repeat(30_000))).toBe(true);
  });
});

describe('mcpResultDisplay', () => {
  it('shows text as it is and other blocks as bracketed descriptions, one a line', () => {
    expect(
      mcpResultDisplay({
        content: [
          { type: 'text', text: 'Hello' },
          { type: 'image', mimeType: 'image/png', data: 'x' },
          { type: 'audio', mimeType: 'audio/wav', data: 'x' },
          { type: 'resource_link', uri: 'u://1', name: 'n', title: 'T' },
          { type: 'resource', resource: { uri: 'u://2', text: 'inline text' } },
          { type: 'resource', resource: { uri: 'u://3', blob: 'x', mimeType: 'application/zip' } },
          { type: 'resource', resource: { uri: 'u://4', blob: 'x' } },
          { type: 'video' },
        ],
      }),
    ).toBe(
      [
        'Hello',
        '[Image: image/png]',
        '[Audio: audio/wav]',
        '[Link to T: u://1]',
        'inline text',
        '[Embedded Resource: application/zip]',
        '[Embedded Resource: unknown type]',
        '[Unknown content type: video]',
      ].join('\n'),
    );
  });

  it('shows a result without a content list as JSON', () => {
    expect(mcpResultDisplay({ structuredContent: 1 })).toBe(
      '```json\n{\n  "structuredContent": 1\n}\n```',
    );
  });
});

describe('mcpToolErrorMessage', () => {
  it('names the tool, the call and the server’s whole answer', () => {
    const result = { content: [{ type: 'text', text: 'denied' }], isError: true };
    expect(mcpToolErrorMessage({ toolName: 'write', args: { path: 'a' }, result })).toBe(
      'MCP tool \'write\' reported tool error for function call: {"name":"write","args":{"path":"a"}} with response: [{"functionResponse":{"name":"write","response":{"error":{"content":[{"type":"text","text":"denied"}],"isError":true}}}}]',
    );
  });
});

describe('cutMiddle (MCP text)', () => {
  it('leaves text up to the limit alone', () => {
    const text = 'x'.repeat(MAX_MCP_TEXT_CHARS);
    expect(cutMiddle(text)).toBe(text);
  });

  it('says how much was left out', () => {
    expect(cutMiddle('0123456789abcdefghij', 10)).toBe(
      '01\n\n... [10 characters omitted] ...\n\ncdefghij',
    );
  });
});
