import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createListDirectoryTool, globMatches } from '../../src/tools/list-directory.js';
import { isBuildError } from '../../src/tools/tool-types.js';
import type { ToolHarness } from './tool-harness.js';
import { errorPart, makeTempDir, outputPart, removeTempDirs, toolHarness } from './tool-harness.js';

let root: string;
let harness: ToolHarness;

beforeEach(async () => {
  root = await makeTempDir('list-dir-');
  harness = await toolHarness(root);
});
afterEach(removeTempDirs);

async function files(entries: Record<string, string>): Promise<void> {
  for (const [name, content] of Object.entries(entries)) {
    const file = path.join(root, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  }
}

describe('list_directory', () => {
  it('lists directories first, then files alphabetically, with sizes', async () => {
    await files({ 'b.txt': 'abc', 'A.md': '', 'zeta/x': '', 'alpha/y': '' });
    const completed = await harness.call('list_directory', { path: root });
    expect(completed.responseParts).toEqual(
      outputPart(
        'call-1',
        'list_directory',
        `Directory listing for ${root}:\n[DIR] alpha\n[DIR] zeta\nA.md (0 bytes)\nb.txt (3 bytes)`,
      ),
    );
    expect(completed.result.returnDisplay).toBe('Found 4 item(s).');
  });

  it('accepts a relative path and the current `dir_path` name', async () => {
    await files({ 'src/index.ts': 'x' });
    expect(await harness.respond('list_directory', { dir_path: 'src' })).toEqual(
      outputPart(
        'call-1',
        'list_directory',
        `Directory listing for ${path.join(root, 'src')}:\nindex.ts (1 bytes)`,
      ),
    );
  });

  it('leaves out entries matching the ignore patterns, without counting them', async () => {
    await files({ 'app.log': 'x', 'debug.log': 'x', 'main.ts': 'x', 'a1.tmp': '', 'ab.tmp': '' });
    const parts = await harness.respond('list_directory', {
      path: '.',
      ignore: ['*.log', 'a?.tmp'],
    });
    expect(parts).toEqual(
      outputPart('call-1', 'list_directory', `Directory listing for ${root}:\nmain.ts (1 bytes)`),
    );
  });

  it('hides git- and gemini-ignored entries and .git, and says how many', async () => {
    await files({
      '.gitignore': 'dist/\n*.tmp\n',
      '.geminiignore': 'private.md\n',
      'dist/bundle.js': '',
      'cache.tmp': '',
      'private.md': '',
      'src/main.ts': '',
      '.git/HEAD': 'ref: refs/heads/main',
    });
    const completed = await harness.call('list_directory', { path: root });
    expect(completed.responseParts).toEqual(
      outputPart(
        'call-1',
        'list_directory',
        `Directory listing for ${root}:\n[DIR] src\n.geminiignore (11 bytes)\n.gitignore (12 bytes)\n\n(4 ignored)`,
      ),
    );
    expect(completed.result.returnDisplay).toBe('Found 3 item(s). (4 ignored)');
  });

  it('shows ignored entries when asked not to respect the ignore files, but never .git', async () => {
    await files({ '.gitignore': 'cache.tmp\n', 'cache.tmp': '', '.git/HEAD': '' });
    const parts = await harness.respond('list_directory', {
      path: root,
      file_filtering_options: { respect_git_ignore: false, respect_gemini_ignore: false },
    });
    expect(parts).toEqual(
      outputPart(
        'call-1',
        'list_directory',
        `Directory listing for ${root}:\n.gitignore (10 bytes)\ncache.tmp (0 bytes)\n\n(1 ignored)`,
      ),
    );
  });

  it('applies nested .gitignore files to their own directory', async () => {
    await files({ 'pkg/.gitignore': 'generated.ts\n', 'pkg/generated.ts': '', 'pkg/real.ts': '' });
    expect(await harness.respond('list_directory', { path: 'pkg' })).toEqual(
      outputPart(
        'call-1',
        'list_directory',
        `Directory listing for ${path.join(root, 'pkg')}:\n.gitignore (13 bytes)\nreal.ts (0 bytes)\n\n(1 ignored)`,
      ),
    );
  });

  it('says when a directory is empty', async () => {
    await mkdir(path.join(root, 'empty'));
    expect(await harness.respond('list_directory', { path: 'empty' })).toEqual(
      outputPart('call-1', 'list_directory', `Directory ${path.join(root, 'empty')} is empty.`),
    );
  });

  it('reports a path that is a file', async () => {
    await files({ 'file.txt': 'x' });
    const completed = await harness.call('list_directory', { path: 'file.txt' });
    expect(completed.result.error?.type).toBe('path_is_not_a_directory');
    expect(completed.responseParts).toEqual(
      errorPart(
        'call-1',
        'list_directory',
        `Error: Path is not a directory: ${path.join(root, 'file.txt')}`,
      ),
    );
  });

  it('reports a directory that does not exist', async () => {
    const completed = await harness.call('list_directory', { path: 'missing' });
    expect(completed.result.error?.type).toBe('file_not_found');
    expect(completed.responseParts).toEqual(
      errorPart(
        'call-1',
        'list_directory',
        `Error: Directory not found or inaccessible: ${path.join(root, 'missing')}`,
      ),
    );
  });

  it('refuses directories outside the workspace', async () => {
    const elsewhere = await makeTempDir('elsewhere-');
    const completed = await harness.call('list_directory', { path: elsewhere });
    expect(completed.result.error?.type).toBe('path_not_in_workspace');
    expect(completed.responseParts).toEqual(
      errorPart(
        'call-1',
        'list_directory',
        `Path not in workspace: Attempted path "${elsewhere}" resolves outside the allowed workspace directories: ${root}`,
      ),
    );
  });

  it('does not show symlinks that lead out of the workspace', async () => {
    const elsewhere = await makeTempDir('elsewhere-');
    await files({ 'kept.txt': '' });
    await symlink(elsewhere, path.join(root, 'escape'));
    await symlink(path.join(root, 'kept.txt'), path.join(root, 'alias.txt'));
    expect(await harness.respond('list_directory', { path: root })).toEqual(
      outputPart(
        'call-1',
        'list_directory',
        `Directory listing for ${root}:\nalias.txt (0 bytes)\nkept.txt (0 bytes)`,
      ),
    );
  });

  it('describes the call with the relative path', () => {
    const tool = createListDirectoryTool({ workspace: harness.workspace });
    const nested = tool.build({ path: path.join(root, 'src') });
    const top = tool.build({ path: root });
    if (isBuildError(nested) || isBuildError(top)) throw new Error('expected valid calls');
    expect(nested.describe()).toBe('List directory src');
    expect(top.describe()).toBe('List directory .');
    expect(nested.locations()).toEqual(['src']);
  });
});

describe('globMatches', () => {
  it('matches * and ? like the Gemini CLI and everything else literally', () => {
    expect(globMatches('*.log', 'app.log')).toBe(true);
    expect(globMatches('*.log', 'app.log.1')).toBe(false);
    expect(globMatches('a?c', 'abc')).toBe(true);
    expect(globMatches('a?c', 'ac')).toBe(false);
    expect(globMatches('[ab].txt', 'a.txt')).toBe(false);
    expect(globMatches('[ab].txt', '[ab].txt')).toBe(true);
    expect(globMatches('node_modules', 'node_modules')).toBe(true);
  });

  it('stays fast on patterns full of stars', () => {
    // A backtracking regular expression would take years here; the matcher is linear-ish.
    expect(globMatches(`${'*a'.repeat(40)}b`, 'a'.repeat(250))).toBe(false);
  });
});
