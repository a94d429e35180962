import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createReadManyFilesTool } from '../../src/tools/read-many-files.js';
import { isBuildError } from '../../src/tools/tool-types.js';
import type { ToolHarness } from './tool-harness.js';
import { makeTempDir, outputPart, removeTempDirs, toolHarness } from './tool-harness.js';

const TOOL = 'read_many_files';
let root: string;
let harness: ToolHarness;

beforeEach(async () => {
  root = await makeTempDir('read-many-');
  harness = await toolHarness(root, {
    tools: (workspace) => [createReadManyFilesTool({ workspace })],
  });
});
afterEach(removeTempDirs);

async function files(entries: Record<string, string | Buffer>): Promise<void> {
  for (const [name, content] of Object.entries(entries)) {
    const file = path.join(root, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  }
}

const status = (callId: string) => ({
  functionResponse: { id: callId, name: TOOL, response: { output: 'Tool execution succeeded.' } },
});
const fileText = (relative: string, content: string) =>
  ({ text: `--- ${path.join(root, relative)} ---\n\n${content}\n\n` }) as const;
const END = { text: '\n--- End of content ---' };

describe('read_many_files', () => {
  it('concatenates text files in path order between separators, then an end marker', async () => {
    await files({ 'src/b.ts': 'export const b = 2;\n', 'src/a.ts': 'export const a = 1;' });
    const completed = await harness.call(TOOL, { paths: ['src/*.ts'] });
    expect(completed.responseParts).toEqual([
      status('call-1'),
      fileText('src/a.ts', 'export const a = 1;'),
      fileText('src/b.ts', 'export const b = 2;\n'),
      END,
    ]);
    expect(completed.result.returnDisplay).toBe(
      `### ReadManyFiles Result (Target Dir: \`${root}\`)\n\nSuccessfully read and concatenated content from **2 file(s)**.\n\n**Processed Files:**\n- \`src/a.ts\`\n- \`src/b.ts\``,
    );
  });

  it('reads named files, whole directories and `include` patterns together', async () => {
    await files({ 'README.md': '# Hi', 'docs/x.md': 'x', 'docs/sub/y.md': 'y', 'z.txt': 'z' });
    const parts = await harness.respond(TOOL, {
      paths: ['README.md', 'docs/'],
      include: ['*.txt'],
    });
    expect(parts).toEqual([
      status('call-1'),
      fileText('README.md', '# Hi'),
      fileText('docs/sub/y.md', 'y'),
      fileText('docs/x.md', 'x'),
      fileText('z.txt', 'z'),
      END,
    ]);
  });

  it('accepts the patterns as `include` alone, as the current Gemini CLI sends them', async () => {
    await files({ 'a.md': 'A' });
    expect(await harness.respond(TOOL, { include: ['*.md'] })).toEqual([
      status('call-1'),
      fileText('a.md', 'A'),
      END,
    ]);
  });

  it('leaves out default excludes, `exclude` patterns and ignored files', async () => {
    await files({
      '.gitignore': 'generated/\n',
      '.geminiignore': 'notes.txt\n',
      'src/main.ts': 'main',
      'src/main.test.ts': 'test',
      'node_modules/lib/index.ts': 'dep',
      'dist/out.ts': 'built',
      'generated/api.ts': 'gen',
      'notes.txt': 'private',
      '.env': 'SECRET=1',
      'archive.zip': 'PK',
      'GEMINI.md': 'context',
    });
    const completed = await harness.call(TOOL, { paths: ['**/*'], exclude: ['**/*.test.ts'] });
    expect(completed.responseParts).toEqual([
      status('call-1'),
      fileText('.geminiignore', 'notes.txt\n'),
      fileText('.gitignore', 'generated/\n'),
      fileText('src/main.ts', 'main'),
      END,
    ]);
    expect(completed.result.returnDisplay).toContain(
      '**Skipped 1 item(s):**\n- `2 file(s)` (Reason: ignored by project ignore files)',
    );
    const everything = await harness.respond(TOOL, {
      paths: ['dist/out.ts', '.env'],
      useDefaultExcludes: false,
    });
    expect(everything).toEqual([
      status('call-2'),
      fileText('.env', 'SECRET=1'),
      fileText('dist/out.ts', 'built'),
      END,
    ]);
  });

  it('sends images and PDFs as inline data only when asked for by name or extension', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
    await files({ 'img/logo.png': png, 'img/readme.txt': 'about the logo', 'paper.pdf': '%PDF-1' });
    const unasked = await harness.call(TOOL, { paths: ['img/**'] });
    expect(unasked.responseParts).toEqual([
      status('call-1'),
      fileText('img/readme.txt', 'about the logo'),
      END,
    ]);
    expect(unasked.result.returnDisplay).toContain(
      '- `img/logo.png` (Reason: asset file (image/pdf) was not explicitly requested by name or extension)',
    );
    const asked = await harness.respond(TOOL, { paths: ['img/*.png', 'paper.pdf'] });
    expect(asked).toEqual([
      status('call-2'),
      { inlineData: { mimeType: 'image/png', data: png.toString('base64') } },
      {
        inlineData: { mimeType: 'application/pdf', data: Buffer.from('%PDF-1').toString('base64') },
      },
      END,
    ]);
  });

  it('truncates long files the way read_file does and marks them', async () => {
    const lines = Array.from({ length: 2001 }, (_, index) => `line ${index + 1}`);
    await files({ 'long.txt': lines.join('\n'), 'wide.txt': 'y'.repeat(2001) });
    const parts = await harness.respond(TOOL, { paths: ['*.txt'] });
    const warning =
      "[WARNING: This file was truncated. To view the full content, use the 'read_file' tool on this specific file.]\n\n";
    expect(parts).toEqual([
      status('call-1'),
      fileText('long.txt', `${warning}${lines.slice(0, 2000).join('\n')}`),
      fileText('wide.txt', `${warning}${'y'.repeat(2000)}... [truncated]`),
      END,
    ]);
  });

  it('says so when a file is binary', async () => {
    await files({ 'data.txt': Buffer.from([0x61, 0, 0x62, 0]) });
    expect(await harness.respond(TOOL, { paths: ['data.txt'] })).toEqual([
      status('call-1'),
      fileText('data.txt', 'Cannot display content of binary file: data.txt'),
      END,
    ]);
  });

  it('never reads outside the workspace: parent paths, absolute paths, symlinks out', async () => {
    const outside = await makeTempDir('read-many-outside-');
    await writeFile(path.join(outside, 'secret.txt'), 'TOP SECRET');
    await files({ 'ok.txt': 'fine' });
    await symlink(path.join(outside, 'secret.txt'), path.join(root, 'link.txt'));
    await symlink(outside, path.join(root, 'linked-dir'));
    const relativeOut = path.relative(root, path.join(outside, 'secret.txt'));
    const completed = await harness.call(TOOL, {
      paths: [relativeOut, path.join(outside, '*.txt'), 'link.txt', 'linked-dir/*', '../**/*'],
    });
    expect(JSON.stringify(completed.responseParts)).not.toContain('TOP SECRET');
    expect(completed.responseParts).toEqual(
      outputPart('call-1', TOOL, 'No files matching the criteria were found or all were skipped.'),
    );
    const display = completed.result.returnDisplay;
    if (typeof display !== 'string') throw new Error('expected a text display');
    expect(display).toContain('No files were read and concatenated based on the criteria.');
    expect(display).toContain(
      `- \`link.txt\` (Reason: Path not in workspace: Attempted path "${path.join(root, 'link.txt')}" resolves outside the allowed workspace directories: ${root})`,
    );
    expect(display).toContain(`- \`${relativeOut}\` (Reason: Path not in workspace:`);
  });
});

describe('read_many_files: invocation', () => {
  it('describes the call, names its locations and asks for plain information', async () => {
    const tool = createReadManyFilesTool({ workspace: harness.workspace });
    const built = tool.build({ paths: ['src/**/*.ts', 'README.md'] });
    if (isBuildError(built)) throw new Error(built.error);
    expect(built.describe()).toBe('Read files matching src/**/*.ts, README.md');
    expect(built.locations()).toEqual(['src/**/*.ts', 'README.md']);
    expect(await built.confirmationDetails(new AbortController().signal)).toEqual({
      type: 'info',
      title: 'Confirm Read Many Files',
      prompt: 'Read files matching src/**/*.ts, README.md',
    });
    expect(tool.kind).toBe('read');
    const empty = tool.build({ paths: [] });
    expect(isBuildError(empty) && empty.type).toBe('invalid_tool_params');
  });
});
