import { mkdir, readFile, readdir, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  PathChangedError,
  atomicWriter,
  decodeText,
  describeWriteError,
  encodeText,
  ensureParentDirectory,
  readExistingFile,
} from '../../src/tools/file-io.js';
import { Workspace } from '../../src/tools/workspace.js';
import { makeTempDir, removeTempDirs } from './tool-harness.js';

let root: string;
let workspace: Workspace;

beforeEach(async () => {
  root = await makeTempDir('file-io-');
  workspace = await Workspace.create(root);
});
afterEach(removeTempDirs);

const utf16be = (text: string) =>
  Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]);
const utf32 = (text: string, littleEndian: boolean) => {
  const codes = Array.from(`\uFEFF${text}`, (char) => char.codePointAt(0) ?? 0);
  const out = Buffer.alloc(codes.length * 4);
  codes.forEach((code, i) =>
    littleEndian ? out.writeUInt32LE(code, i * 4) : out.writeUInt32BE(code, i * 4),
  );
  return out;
};

describe('reading and writing text back unchanged', () => {
  const samples: [string, Buffer][] = [
    ['UTF-8', Buffer.from('a\nb 😀\n', 'utf8')],
    ['UTF-8 with BOM and CRLF', Buffer.from('\uFEFFa\r\nb\r\n', 'utf8')],
    ['UTF-16 LE', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hé\r\nx', 'utf16le')])],
    ['UTF-16 BE', utf16be('hé\nx 😀')],
    ['UTF-32 LE', utf32('a\r\n😀\r\n', true)],
    ['UTF-32 BE', utf32('a\n😀', false)],
    ['mixed line endings', Buffer.from('a\r\nb\nc\r\n', 'utf8')],
  ];

  it.each(samples)('%s round-trips byte for byte', async (_name, bytes) => {
    const file = path.join(root, 'f.txt');
    await writeFile(file, bytes);
    const existing = await readExistingFile(workspace, file);
    if (existing.kind !== 'file') throw new Error(`unexpected ${existing.kind}`);
    expect(existing.lossless).toBe(true);
    expect(encodeText(existing.content, existing.format)).toEqual(bytes);
  });

  it('hands CRLF files to edits with LF, and mixed files as they are', async () => {
    const crlf = path.join(root, 'crlf.txt');
    const mixed = path.join(root, 'mixed.txt');
    await writeFile(crlf, 'a\r\nb\r\n');
    await writeFile(mixed, 'a\r\nb\n');
    expect(await readExistingFile(workspace, crlf)).toMatchObject({
      content: 'a\nb\n',
      format: { encoding: 'utf8', bom: false, lineEnding: '\r\n' },
    });
    expect(await readExistingFile(workspace, mixed)).toMatchObject({
      content: 'a\r\nb\n',
      format: { lineEnding: '\n' },
    });
  });

  it('flags bytes that are not valid text', () => {
    expect(decodeText(Buffer.from([0x61, 0xc3, 0x28])).lossless).toBe(false);
    expect(decodeText(Buffer.from([0xfe, 0xff, 0x00])).lossless).toBe(false);
  });

  it('tells missing files, directories and oversized files apart', async () => {
    await mkdir(path.join(root, 'dir'));
    await writeFile(path.join(root, 'big.txt'), 'x'.repeat(100));
    expect(await readExistingFile(workspace, path.join(root, 'none.txt'))).toEqual({
      kind: 'missing',
    });
    expect(await readExistingFile(workspace, path.join(root, 'dir'))).toEqual({
      kind: 'directory',
    });
    expect(await readExistingFile(workspace, path.join(root, 'big.txt'), { maxBytes: 99 })).toEqual(
      { kind: 'too_large', size: 100 },
    );
  });
});

describe('atomicWriter', () => {
  it('replaces the file and keeps exactly the permission bits it is given', async () => {
    const file = path.join(root, 'tool.sh');
    await writeFile(file, 'old');
    await atomicWriter(workspace)(file, Buffer.from('new'), { mode: 0o700 });
    expect(await readFile(file, 'utf8')).toBe('new');
    expect((await stat(file)).mode & 0o777).toBe(0o700);
    expect(await readdir(root)).toEqual(['tool.sh']);
  });

  it('leaves no temporary file behind when the final rename fails', async () => {
    const target = path.join(root, 'occupied');
    await mkdir(target);
    await writeFile(path.join(target, 'inside.txt'), 'keep');
    await expect(atomicWriter(workspace)(target, Buffer.from('x'), {})).rejects.toThrow();
    expect(await readdir(root)).toEqual(['occupied']);
    expect(await readFile(path.join(target, 'inside.txt'), 'utf8')).toBe('keep');
  });
});

describe('ensureParentDirectory', () => {
  it('creates every missing directory', async () => {
    await ensureParentDirectory(path.join(root, 'a', 'b', 'c', 'file.txt'));
    expect((await stat(path.join(root, 'a', 'b', 'c'))).isDirectory()).toBe(true);
  });

  it('creates nothing through a directory that became a symlink after the check', async () => {
    const outside = await makeTempDir('file-io-outside-');
    await symlink(outside, path.join(root, 'swapped'));
    await expect(
      ensureParentDirectory(path.join(root, 'swapped', 'deep', 'file.txt')),
    ).rejects.toBeInstanceOf(PathChangedError);
    expect(await readdir(outside)).toEqual([]);
  });

  it('fails with ENOTDIR when a file is in the way', async () => {
    await writeFile(path.join(root, 'plain'), '');
    await expect(ensureParentDirectory(path.join(root, 'plain', 'x', 'f'))).rejects.toMatchObject({
      code: 'ENOTDIR',
    });
  });
});

describe('describeWriteError', () => {
  const error = (code: string) => Object.assign(new Error(`${code}: boom`), { code });

  it('maps system errors to the types the model and the session act on', () => {
    expect(describeWriteError(error('EROFS'), '/w/f')).toEqual({
      message: 'Permission denied writing to file: /w/f (EROFS)',
      type: 'permission_denied',
    });
    expect(describeWriteError(error('EDQUOT'), '/w/f')).toEqual({
      message: 'No space left on device: /w/f (EDQUOT)',
      type: 'no_space_left',
    });
    expect(describeWriteError(error('EISDIR'), '/w/f')).toEqual({
      message: 'Target is a directory, not a file: /w/f (EISDIR)',
      type: 'target_is_directory',
    });
    expect(describeWriteError(new Error('odd'), '/w/f')).toEqual({
      message: 'Error writing to file: odd',
      type: 'file_write_failure',
    });
    expect(describeWriteError(new PathChangedError('moved'), '/w/f')).toEqual({
      message: 'moved',
      type: 'path_not_in_workspace',
    });
  });
});
