import { execFileSync } from 'node:child_process';
import { mkdir, symlink, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createReadFileTool } from '../../src/tools/read-file.js';
import { isBuildError } from '../../src/tools/tool-types.js';
import type { ToolHarness } from './tool-harness.js';
import { errorPart, makeTempDir, outputPart, removeTempDirs, toolHarness } from './tool-harness.js';

let root: string;
let harness: ToolHarness;

beforeEach(async () => {
  root = await makeTempDir('read-file-');
  harness = await toolHarness(root);
});
afterEach(removeTempDirs);

const numbered = (count: number) =>
  Array.from({ length: count }, (_, index) => `line ${index + 1}`).join('\n');

const truncationHeader = (start: number, end: number, total: number) => `
IMPORTANT: The file content has been truncated.
Status: Showing lines ${start}-${end} of ${total} total lines.
Action: To read more of the file, you can use the 'offset' and 'limit' parameters in a subsequent 'read_file' call. For example, to read the next section of the file, use offset: ${end}.

--- FILE CONTENT (truncated) ---
`;

describe('read_file: text', () => {
  it('returns the whole content of a small file as the output string', async () => {
    await writeFile(path.join(root, 'notes.txt'), 'first\nsecond\n');
    const parts = await harness.respond('read_file', {
      absolute_path: path.join(root, 'notes.txt'),
    });
    expect(parts).toEqual(outputPart('call-1', 'read_file', 'first\nsecond\n'));
  });

  it('accepts a path relative to the workspace root and the current `file_path` name', async () => {
    await mkdir(path.join(root, 'src'));
    await writeFile(path.join(root, 'src', 'index.ts'), 'export {};');
    expect(await harness.respond('read_file', { file_path: 'src/index.ts' })).toEqual(
      outputPart('call-1', 'read_file', 'export {};'),
    );
  });

  it('pages with a 0-based offset and a limit, telling the model the next offset', async () => {
    await writeFile(path.join(root, 'ten.txt'), numbered(10));
    const parts = await harness.respond('read_file', {
      absolute_path: path.join(root, 'ten.txt'),
      offset: 2,
      limit: 3,
    });
    expect(parts).toEqual(
      outputPart('call-1', 'read_file', `${truncationHeader(3, 5, 10)}line 3\nline 4\nline 5`),
    );
  });

  it('shows the first 2000 lines of a longer file with the truncation header', async () => {
    await writeFile(path.join(root, 'long.txt'), numbered(2500));
    const [part] = await harness.respond('read_file', { absolute_path: 'long.txt' });
    const output = part?.functionResponse?.response?.output as string;
    const expectedBody = numbered(2000);
    expect(output).toBe(truncationHeader(1, 2000, 2500) + expectedBody);
  });

  it('reads the rest from the offset it was told', async () => {
    await writeFile(path.join(root, 'long.txt'), numbered(2500));
    const [part] = await harness.respond('read_file', { absolute_path: 'long.txt', offset: 2000 });
    const output = part?.functionResponse?.response?.output as string;
    expect(output.startsWith(truncationHeader(2001, 2500, 2500))).toBe(true);
    const body = output.split('\n--- FILE CONTENT (truncated) ---\n')[1]?.split('\n');
    expect(body).toHaveLength(500);
    expect(body?.[0]).toBe('line 2001');
    expect(body?.at(-1)).toBe('line 2500');
  });

  it('cuts lines longer than 2000 characters and says the content was truncated', async () => {
    await writeFile(path.join(root, 'wide.txt'), `short\n${'x'.repeat(2500)}`);
    const completed = await harness.call('read_file', { absolute_path: 'wide.txt' });
    expect(completed.responseParts).toEqual(
      outputPart(
        'call-1',
        'read_file',
        `${truncationHeader(1, 2, 2)}short\n${'x'.repeat(2000)}... [truncated]`,
      ),
    );
    expect(completed.result.returnDisplay).toBe(
      'Read all 2 lines from wide.txt (some lines were shortened)',
    );
  });

  it('decodes UTF-16 files that start with a byte-order mark', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('héllo', 'utf16le')]);
    await writeFile(path.join(root, 'wide-chars.txt'), utf16);
    expect(await harness.respond('read_file', { absolute_path: 'wide-chars.txt' })).toEqual(
      outputPart('call-1', 'read_file', 'héllo'),
    );
  });

  it('reads SVG images as text', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"></svg>';
    await writeFile(path.join(root, 'logo.svg'), svg);
    expect(await harness.respond('read_file', { absolute_path: 'logo.svg' })).toEqual(
      outputPart('call-1', 'read_file', svg),
    );
  });
});

describe('read_file: media and binary files', () => {
  it('sends an image as inline data next to a short status', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    await writeFile(path.join(root, 'diagram.png'), png);
    const parts = await harness.respond('read_file', {
      absolute_path: path.join(root, 'diagram.png'),
    });
    expect(parts).toEqual([
      {
        functionResponse: {
          id: 'call-1',
          name: 'read_file',
          response: { output: 'Binary content of type image/png was processed.' },
        },
      },
      { inlineData: { mimeType: 'image/png', data: png.toString('base64') } },
    ]);
  });

  it('sends PDF and audio files as inline data with their MIME types', async () => {
    await writeFile(path.join(root, 'paper.pdf'), '%PDF-1.7\n\0binary');
    await writeFile(path.join(root, 'voice.mp3'), Buffer.from([0xff, 0xfb, 0x90, 0, 0, 0, 0]));
    const [, pdf] = await harness.respond('read_file', { absolute_path: 'paper.pdf' });
    const [, mp3] = await harness.respond('read_file', { absolute_path: 'voice.mp3' });
    expect(pdf?.inlineData?.mimeType).toBe('application/pdf');
    expect(mp3?.inlineData?.mimeType).toBe('audio/mpeg');
  });

  it('reads a text file with a media extension as text', async () => {
    await writeFile(path.join(root, 'captions.mp4'), 'not really a video');
    expect(await harness.respond('read_file', { absolute_path: 'captions.mp4' })).toEqual(
      outputPart('call-1', 'read_file', 'not really a video'),
    );
  });

  it('refuses to display other binary files', async () => {
    await writeFile(path.join(root, 'blob.data'), Buffer.from([1, 2, 0, 3, 4]));
    await writeFile(path.join(root, 'archive.zip'), 'looks like text but is a zip by name');
    expect(await harness.respond('read_file', { absolute_path: 'blob.data' })).toEqual(
      outputPart('call-1', 'read_file', 'Cannot display content of binary file: blob.data'),
    );
    expect(await harness.respond('read_file', { absolute_path: 'archive.zip' })).toEqual(
      outputPart('call-2', 'read_file', 'Cannot display content of binary file: archive.zip'),
    );
  });

  it('treats mostly non-text bytes without NUL as binary', async () => {
    const noise = Buffer.from(Array.from({ length: 200 }, (_, index) => 0x80 + (index % 60)));
    await writeFile(path.join(root, 'noise'), noise);
    expect(await harness.respond('read_file', { absolute_path: 'noise' })).toEqual(
      outputPart('call-1', 'read_file', 'Cannot display content of binary file: noise'),
    );
  });
});

describe('read_file: errors the model reads', () => {
  it('refuses files over 20 MB', async () => {
    const big = path.join(root, 'big.log');
    await writeFile(big, '');
    await truncate(big, 21 * 1024 * 1024);
    const completed = await harness.call('read_file', { absolute_path: big });
    expect(completed.status).toBe('errored');
    expect(completed.result.error?.type).toBe('file_too_large');
    expect(completed.responseParts).toEqual(
      errorPart('call-1', 'read_file', `File size exceeds the 20MB limit: ${big} (21.00MB)`),
    );
  });

  it('reports a missing file', async () => {
    const missing = path.join(root, 'nope.txt');
    const completed = await harness.call('read_file', { absolute_path: missing });
    expect(completed.result.error?.type).toBe('file_not_found');
    expect(completed.responseParts).toEqual(
      errorPart('call-1', 'read_file', `File not found: ${missing}`),
    );
  });

  it('reports a directory', async () => {
    await mkdir(path.join(root, 'src'));
    const completed = await harness.call('read_file', { absolute_path: 'src' });
    expect(completed.result.error?.type).toBe('target_is_directory');
    expect(completed.responseParts).toEqual(
      errorPart(
        'call-1',
        'read_file',
        `Path is a directory, not a file: ${path.join(root, 'src')}`,
      ),
    );
  });

  it('refuses a path outside the workspace before running anything', async () => {
    const elsewhere = await makeTempDir('elsewhere-');
    const secret = path.join(elsewhere, 'secret.txt');
    await writeFile(secret, 'top secret');
    const completed = await harness.call('read_file', { absolute_path: secret });
    const message = `Path not in workspace: Attempted path "${secret}" resolves outside the allowed workspace directories: ${root}`;
    expect(completed.result.error?.type).toBe('path_not_in_workspace');
    expect(completed.responseParts).toEqual(errorPart('call-1', 'read_file', message));
    expect(harness.updates.map((update) => update.phase)).toEqual(['validating', 'errored']);
  });

  it('refuses a `..` escape', async () => {
    const parts = await harness.respond('read_file', { absolute_path: '../../etc/passwd' });
    const attempted = path.resolve(root, '../../etc/passwd');
    expect(parts).toEqual(
      errorPart(
        'call-1',
        'read_file',
        `Path not in workspace: Attempted path "${attempted}" resolves outside the allowed workspace directories: ${root}`,
      ),
    );
  });

  it('refuses a symlink inside the workspace that leads out of it', async () => {
    const elsewhere = await makeTempDir('elsewhere-');
    await writeFile(path.join(elsewhere, 'secret.txt'), 'top secret');
    await symlink(path.join(elsewhere, 'secret.txt'), path.join(root, 'innocent.txt'));
    await symlink(elsewhere, path.join(root, 'linked-dir'));
    for (const target of ['innocent.txt', 'linked-dir/secret.txt']) {
      const completed = await harness.call('read_file', { absolute_path: target });
      expect(completed.result.error?.type).toBe('path_not_in_workspace');
      expect(JSON.stringify(completed.responseParts)).not.toContain('top secret');
    }
  });

  it('rejects a negative offset and a zero limit', async () => {
    await writeFile(path.join(root, 'a.txt'), 'a');
    expect(await harness.respond('read_file', { absolute_path: 'a.txt', offset: -1 })).toEqual(
      errorPart('call-1', 'read_file', 'Offset must be a non-negative integer'),
    );
    expect(await harness.respond('read_file', { absolute_path: 'a.txt', limit: 0 })).toEqual(
      errorPart('call-2', 'read_file', 'Limit must be a positive integer'),
    );
  });

  it('refuses files hidden by .gitignore and anything inside .git', async () => {
    await writeFile(path.join(root, '.gitignore'), '.env\n');
    await writeFile(path.join(root, '.env'), 'TOKEN=1');
    await mkdir(path.join(root, '.git'));
    await writeFile(path.join(root, '.git', 'config'), '[credential]');
    const env = await harness.respond('read_file', { absolute_path: '.env' });
    expect(env).toEqual(
      errorPart(
        'call-1',
        'read_file',
        `File path '${path.join(root, '.env')}' is ignored by configured ignore patterns.`,
      ),
    );
    const git = await harness.call('read_file', { absolute_path: '.git/config' });
    expect(git.status).toBe('errored');
    expect(JSON.stringify(git.responseParts)).not.toContain('[credential]');
  });
});

describe('read_file: unusual files', () => {
  it('does not block on a FIFO', async () => {
    const fifo = path.join(root, 'pipe');
    execFileSync('mkfifo', [fifo]);
    const completed = await harness.call('read_file', { absolute_path: 'pipe' });
    expect(completed.result.error?.type).toBe('read_content_failure');
    expect(completed.responseParts).toEqual(
      errorPart('call-1', 'read_file', `Path is not a regular file: ${fifo}`),
    );
  });

  it('refuses audio formats the model cannot take', async () => {
    await writeFile(
      path.join(root, 'memo.m4a'),
      Buffer.from([0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70]),
    );
    const completed = await harness.call('read_file', { absolute_path: 'memo.m4a' });
    expect(completed.result.error?.type).toBe('read_content_failure');
    expect(completed.result.error?.message).toBe(
      `Unsupported audio file format for ${path.join(root, 'memo.m4a')}. Supported audio formats are MP3, WAV, AIFF, AAC, OGG, and FLAC.`,
    );
  });

  it('does not show SVG files over 1 MB', async () => {
    await writeFile(path.join(root, 'huge.svg'), `<svg>${' '.repeat(1024 * 1024)}</svg>`);
    expect(await harness.respond('read_file', { absolute_path: 'huge.svg' })).toEqual(
      outputPart(
        'call-1',
        'read_file',
        'Cannot display content of SVG file larger than 1MB: huge.svg',
      ),
    );
  });

  it('decodes UTF-16BE and UTF-32LE files', async () => {
    const be = Buffer.from('hi', 'utf16le').swap16();
    await writeFile(path.join(root, 'be.txt'), Buffer.concat([Buffer.from([0xfe, 0xff]), be]));
    const utf32 = Buffer.alloc(8);
    utf32.writeUInt32LE(0x1f600, 0);
    utf32.writeUInt32LE(0x21, 4);
    await writeFile(
      path.join(root, 'le32.txt'),
      Buffer.concat([Buffer.from([0xff, 0xfe, 0, 0]), utf32]),
    );
    expect(await harness.respond('read_file', { absolute_path: 'be.txt' })).toEqual(
      outputPart('call-1', 'read_file', 'hi'),
    );
    expect(await harness.respond('read_file', { absolute_path: 'le32.txt' })).toEqual(
      outputPart('call-2', 'read_file', '😀!'),
    );
  });
});

describe('read_file: what humans see', () => {
  it('describes the call with the relative path and the line range', async () => {
    const workspace = harness.workspace;
    const tool = createReadFileTool({ workspace });
    const plain = tool.build({ absolute_path: path.join(root, 'src', 'index.ts') });
    const ranged = tool.build({ absolute_path: 'src/index.ts', offset: 10, limit: 20 });
    if (isBuildError(plain) || isBuildError(ranged)) throw new Error('expected valid calls');
    expect(plain.describe()).toBe('Read src/index.ts');
    expect(ranged.describe()).toBe('Read src/index.ts (lines 11-30)');
    expect(ranged.locations()).toEqual(['src/index.ts']);
    expect(await ranged.confirmationDetails(new AbortController().signal)).toEqual({
      type: 'info',
      title: 'Confirm Read File',
      prompt: 'Read src/index.ts (lines 11-30)',
    });
  });

  it('declares the spec parameters to the model', () => {
    const tool = createReadFileTool({ workspace: harness.workspace });
    const schema = tool.declaration().parametersJsonSchema as {
      properties: Record<string, { type: string }>;
      required: string[];
    };
    expect(Object.keys(schema.properties)).toEqual(['absolute_path', 'offset', 'limit']);
    expect(schema.properties.offset?.type).toBe('number');
    expect(schema.required).toEqual(['absolute_path']);
  });
});
