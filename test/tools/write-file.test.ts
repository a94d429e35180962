import { execFileSync } from 'node:child_process';
import {
  chmod,
  mkdir,
  readFile,
  readdir,
  stat,
  symlink,
  truncate,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ToolScheduler } from '../../src/agent/scheduler.js';
import { denyAllConfirmer } from '../../src/agent/confirmer.js';
import { REFUSAL_REASONS, refusalMessage } from '../../src/tools/boundary-messages.js';
import type { ToolCallData } from '../../src/agent/events.js';
import { silentLogger } from '../../src/platform/logger.js';
import type { FileWriter } from '../../src/tools/file-io.js';
import { ToolRegistry } from '../../src/tools/registry.js';
import { isBuildError } from '../../src/tools/tool-types.js';
import { Workspace } from '../../src/tools/workspace.js';
import { createWriteFileTool } from '../../src/tools/write-file.js';
import type { ToolHarness } from './tool-harness.js';
import { errorPart, makeTempDir, outputPart, removeTempDirs, toolHarness } from './tool-harness.js';

let root: string;
let harness: ToolHarness;

const harnessWith = (writeFile?: FileWriter) =>
  toolHarness(root, {
    tools: (workspace) => [createWriteFileTool({ workspace, ...(writeFile ? { writeFile } : {}) })],
  });

beforeEach(async () => {
  root = await makeTempDir('write-file-');
  harness = await harnessWith();
});
afterEach(removeTempDirs);

const outsideMessage = (attempted: string) =>
  `Path not in workspace: Attempted path "${attempted}" resolves outside the allowed workspace directories: ${root}`;
const gitMessage = (attempted: string) =>
  `Path not in workspace: Attempted path "${attempted}" is inside a .git directory, which tools may not write to.`;

describe('write_file: success', () => {
  it('creates a new file in directories that do not exist yet', async () => {
    const completed = await harness.call('write_file', {
      file_path: 'src/deep/new.ts',
      content: 'export const a = 1;\n',
    });
    const target = path.join(root, 'src', 'deep', 'new.ts');
    expect(completed.responseParts).toEqual(
      outputPart('call-1', 'write_file', `Successfully created and wrote to new file: ${target}.`),
    );
    expect(await readFile(target, 'utf8')).toBe('export const a = 1;\n');
    expect(completed.result.returnDisplay).toEqual({
      fileName: 'new.ts',
      filePath: target,
      fileDiff: '--- /dev/null\n+++ b/src/deep/new.ts\n@@ -0,0 +1,1 @@\n+export const a = 1;\n',
      originalContent: null,
      newContent: 'export const a = 1;\n',
      diffStat: {
        model_added_lines: 1,
        model_removed_lines: 0,
        model_added_chars: 19,
        model_removed_chars: 0,
      },
    });
  });

  it('overwrites an existing file, keeping its permission bits and leaving no temporary file', async () => {
    const target = path.join(root, 'run.sh');
    await writeFile(target, 'echo old\n');
    await chmod(target, 0o754);
    const completed = await harness.call('write_file', {
      file_path: target,
      content: 'echo new\n',
    });
    expect(completed.responseParts).toEqual(
      outputPart('call-1', 'write_file', `Successfully overwrote file: ${target}.`),
    );
    expect(await readFile(target, 'utf8')).toBe('echo new\n');
    expect((await stat(target)).mode & 0o777).toBe(0o754);
    expect(await readdir(root)).toEqual(['run.sh']);
    expect(completed.result.returnDisplay).toMatchObject({
      originalContent: 'echo old\n',
      newContent: 'echo new\n',
      fileDiff: '--- a/run.sh\n+++ b/run.sh\n@@ -1,1 +1,1 @@\n-echo old\n+echo new\n',
    });
  });

  it('keeps CRLF line endings and the byte-order mark of the file it overwrites', async () => {
    const target = path.join(root, 'win.txt');
    await writeFile(target, Buffer.from('\uFEFFone\r\ntwo\r\n', 'utf8'));
    await harness.respond('write_file', { file_path: 'win.txt', content: 'one\nthree\n' });
    expect(await readFile(target)).toEqual(Buffer.from('\uFEFFone\r\nthree\r\n', 'utf8'));
  });

  it('writes a new file exactly as given, whatever its line endings', async () => {
    await harness.respond('write_file', { file_path: 'mixed.txt', content: 'a\r\nb\nc' });
    expect(await readFile(path.join(root, 'mixed.txt'), 'utf8')).toBe('a\r\nb\nc');
  });

  it('describes the call, names the path it touches, and is an edit', () => {
    const tool = createWriteFileTool({ workspace: harness.workspace });
    expect(tool.kind).toBe('edit');
    const built = tool.build({ file_path: path.join(root, 'src', 'new.ts'), content: '' });
    if (isBuildError(built)) throw new Error(built.error);
    expect(built.describe()).toBe('Write src/new.ts');
    expect(built.locations()).toEqual([path.join('src', 'new.ts')]);
  });
});

describe('write_file: the proposed change is shown before anything is written', () => {
  it('returns an edit confirmation with the diff and leaves the disk untouched', async () => {
    const target = path.join(root, 'notes.md');
    await writeFile(target, 'draft\n');
    const built = createWriteFileTool({ workspace: harness.workspace }).build({
      file_path: 'notes.md',
      content: 'final\n',
    });
    if (isBuildError(built)) throw new Error(built.error);
    const details = await built.confirmationDetails(new AbortController().signal);
    expect(details).toEqual({
      type: 'edit',
      title: 'Confirm Write: notes.md',
      fileName: 'notes.md',
      filePath: target,
      fileDiff: '--- a/notes.md\n+++ b/notes.md\n@@ -1,1 +1,1 @@\n-draft\n+final\n',
      originalContent: 'draft\n',
      newContent: 'final\n',
    });
    expect(await readFile(target, 'utf8')).toBe('draft\n');
  });

  it('lets a policy see the diff and deny it, and nothing is created', async () => {
    const workspace = await Workspace.create(root);
    const registry = new ToolRegistry();
    registry.register(createWriteFileTool({ workspace }));
    const updates: ToolCallData[] = [];
    const scheduler = new ToolScheduler({
      registry,
      confirmer: denyAllConfirmer,
      logger: silentLogger,
      onUpdate: (update) => updates.push(structuredClone(update)),
    });
    const [completed] = await scheduler.run(
      [{ callId: 'c1', name: 'write_file', args: { file_path: 'x.txt', content: 'hi\n' } }],
      new AbortController().signal,
    );
    expect(completed?.status).toBe('errored');
    const asked = updates.find((update) => update.confirmation_request)?.confirmation_request;
    expect(asked?.details).toEqual({
      file_edit_details: {
        file_name: 'x.txt',
        file_path: path.join(root, 'x.txt'),
        new_content: 'hi\n',
        formatted_diff: '--- /dev/null\n+++ b/x.txt\n@@ -0,0 +1,1 @@\n+hi\n',
      },
    });
    expect(await readdir(root)).toEqual([]);
  });
});

describe('write_file: refusals', () => {
  it('refuses a directory as the target', async () => {
    await mkdir(path.join(root, 'src'));
    const completed = await harness.call('write_file', { file_path: 'src', content: 'x' });
    expect(completed.responseParts).toEqual(
      errorPart(
        'call-1',
        'write_file',
        `Path is a directory, not a file: ${path.join(root, 'src')}`,
      ),
    );
    expect(completed.result.error?.type).toBe('target_is_directory');
  });

  it('refuses paths outside the workspace, absolute or through `..`', async () => {
    const outside = await makeTempDir('write-outside-');
    const absolute = path.join(outside, 'evil.txt');
    expect(await harness.respond('write_file', { file_path: absolute, content: 'x' })).toEqual(
      errorPart('call-1', 'write_file', outsideMessage(absolute)),
    );
    const relative = path.relative(root, path.join(outside, 'evil2.txt'));
    expect(await harness.respond('write_file', { file_path: relative, content: 'x' })).toEqual(
      errorPart('call-2', 'write_file', outsideMessage(path.join(outside, 'evil2.txt'))),
    );
    expect(await readdir(outside)).toEqual([]);
  });

  it('refuses writes into .git in any letter case', async () => {
    execFileSync('git', ['init', '-q'], { cwd: root });
    const hook = path.join(root, '.git', 'hooks', 'pre-commit');
    expect(
      await harness.respond('write_file', { file_path: '.git/hooks/pre-commit', content: 'x' }),
    ).toEqual(errorPart('call-1', 'write_file', gitMessage(hook)));
    const shouted = path.join(root, '.GIT', 'HOOKS', 'x');
    const completed = await harness.call('write_file', {
      file_path: '.GIT/HOOKS/x',
      content: 'x',
    });
    expect(completed.responseParts).toEqual(errorPart('call-2', 'write_file', gitMessage(shouted)));
    expect(completed.result.error?.type).toBe('path_not_in_workspace');
    await expect(stat(hook)).rejects.toThrow();
    await expect(stat(shouted)).rejects.toThrow();
  });

  it('refuses a symlinked directory leading out of the workspace', async () => {
    const outside = await makeTempDir('write-outside-');
    await symlink(outside, path.join(root, 'escape'));
    expect(
      await harness.respond('write_file', { file_path: 'escape/stolen.txt', content: 'x' }),
    ).toEqual(
      errorPart('call-1', 'write_file', outsideMessage(path.join(root, 'escape', 'stolen.txt'))),
    );
    expect(await readdir(outside)).toEqual([]);
  });

  it('refuses a dangling symlink whose target would be created outside', async () => {
    const outside = await makeTempDir('write-outside-');
    await symlink(path.join(outside, 'planted.sh'), path.join(root, 'innocent.sh'));
    expect(await harness.respond('write_file', { file_path: 'innocent.sh', content: 'x' })).toEqual(
      errorPart('call-1', 'write_file', outsideMessage(path.join(root, 'innocent.sh'))),
    );
    expect(await readdir(outside)).toEqual([]);
  });

  it('refuses a FIFO without blocking on it', async (context) => {
    if (process.platform === 'win32') context.skip('FIFOs need a POSIX system');
    const fifo = path.join(root, 'pipe');
    execFileSync('mkfifo', [fifo]);
    const completed = await harness.call('write_file', { file_path: 'pipe', content: 'x' });
    expect(completed.responseParts).toEqual(
      errorPart('call-1', 'write_file', refusalMessage(fifo, REFUSAL_REASONS.specialFile)),
    );
    expect(completed.result.error?.type).toBe('path_not_in_workspace');
  });

  it('refuses to overwrite a file over 20 MB', async () => {
    const big = path.join(root, 'big.log');
    await writeFile(big, '');
    await truncate(big, 21 * 1024 * 1024);
    const completed = await harness.call('write_file', { file_path: 'big.log', content: 'x' });
    expect(completed.responseParts).toEqual(
      errorPart('call-1', 'write_file', `File size exceeds the 20MB limit: ${big} (21.00MB)`),
    );
    expect(completed.result.error?.type).toBe('file_too_large');
    expect((await stat(big)).size).toBe(21 * 1024 * 1024);
  });

  it('asks for a non-empty path', async () => {
    expect(await harness.respond('write_file', { file_path: ' ', content: 'x' })).toEqual(
      errorPart('call-1', 'write_file', 'Missing or empty "file_path"'),
    );
  });
});

describe('write_file: write failures', () => {
  const failWith =
    (code: string): FileWriter =>
    () =>
      Promise.reject(Object.assign(new Error(`${code}: simulated`), { code }));

  it('reports a full disk as no_space_left, which ends the session', async () => {
    harness = await harnessWith(failWith('ENOSPC'));
    const completed = await harness.call('write_file', { file_path: 'a.txt', content: 'x' });
    expect(completed.responseParts).toEqual(
      errorPart(
        'call-1',
        'write_file',
        `No space left on device: ${path.join(root, 'a.txt')} (ENOSPC)`,
      ),
    );
    expect(completed.result.error?.type).toBe('no_space_left');
    expect(completed.fatal).toBe(true);
  });

  it('reports a permission error as permission_denied', async () => {
    harness = await harnessWith(failWith('EACCES'));
    const completed = await harness.call('write_file', { file_path: 'a.txt', content: 'x' });
    expect(completed.responseParts).toEqual(
      errorPart(
        'call-1',
        'write_file',
        `Permission denied writing to file: ${path.join(root, 'a.txt')} (EACCES)`,
      ),
    );
    expect(completed.result.error?.type).toBe('permission_denied');
    expect(completed.fatal).toBeUndefined();
  });

  it('reports any other failure as file_write_failure', async () => {
    harness = await harnessWith(failWith('EIO'));
    const completed = await harness.call('write_file', { file_path: 'a.txt', content: 'x' });
    expect(completed.responseParts).toEqual(
      errorPart(
        'call-1',
        'write_file',
        `Error writing to file '${path.join(root, 'a.txt')}': EIO: simulated (EIO)`,
      ),
    );
    expect(completed.result.error?.type).toBe('file_write_failure');
  });
});
