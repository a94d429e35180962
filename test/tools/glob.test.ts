import { execFileSync } from 'node:child_process';
import { link, mkdir, symlink, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGlobTool, RECENT_FILE_WINDOW_MS } from '../../src/tools/glob.js';
import { isBuildError } from '../../src/tools/tool-types.js';
import type { ToolHarness } from './tool-harness.js';
import { errorPart, makeTempDir, outputPart, removeTempDirs, toolHarness } from './tool-harness.js';

const NOW = Date.parse('2025-06-01T12:00:00Z');
const HOUR = 60 * 60 * 1000;

let root: string;
let harness: ToolHarness;

beforeEach(async () => {
  root = await makeTempDir('glob-');
  harness = await toolHarness(root, {
    tools: (workspace) => [createGlobTool({ workspace, now: () => NOW })],
  });
});
afterEach(removeTempDirs);

/** Creates files, each modified `ageMs` before NOW (default: a week, i.e. not recent). */
async function files(entries: Record<string, number | string>): Promise<void> {
  for (const [name, ageOrContent] of Object.entries(entries)) {
    const file = path.join(root, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, typeof ageOrContent === 'string' ? ageOrContent : 'x');
    const age = typeof ageOrContent === 'number' ? ageOrContent : 7 * 24 * HOUR;
    const when = new Date(NOW - age);
    await utimes(file, when, when);
  }
}

/** git in the test's workspace, with an identity for commits. */
function git(...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
    cwd: root,
    encoding: 'utf8',
  });
}

const found = (count: number, pattern: string, dir: string, paths: string[], note = '') =>
  `Found ${count} file(s) matching "${pattern}" within ${dir}${note}, sorted by modification time (newest first):\n${paths.join('\n')}`;

describe('glob', () => {
  it('lists recent files newest first, then older files alphabetically, as absolute paths', async () => {
    await files({
      'src/old-b.ts': 3 * 24 * HOUR,
      'src/old-a.ts': 2 * 24 * HOUR,
      'src/fresh.ts': 1 * HOUR,
      'src/fresher.ts': 0.5 * HOUR,
      'src/yesterday.ts': RECENT_FILE_WINDOW_MS - HOUR,
      'src/notes.md': HOUR,
    });
    const completed = await harness.call('glob', { pattern: '**/*.ts' });
    const abs = (name: string) => path.join(root, 'src', name);
    expect(completed.responseParts).toEqual(
      outputPart(
        'call-1',
        'glob',
        found(5, '**/*.ts', root, [
          abs('fresher.ts'),
          abs('fresh.ts'),
          abs('yesterday.ts'),
          abs('old-a.ts'),
          abs('old-b.ts'),
        ]),
      ),
    );
    expect(completed.result.returnDisplay).toBe('Found 5 matching file(s)');
  });

  it('searches below `path` (or the current `dir_path`) and names that directory', async () => {
    await files({ 'src/a.ts': HOUR, 'test/a.ts': HOUR });
    const expected = (callId: string) =>
      outputPart(
        callId,
        'glob',
        found(1, '*.ts', path.join(root, 'src'), [path.join(root, 'src', 'a.ts')]),
      );
    expect(await harness.respond('glob', { pattern: '*.ts', path: 'src' })).toEqual(
      expected('call-1'),
    );
    expect(
      await harness.respond('glob', { pattern: '*.ts', dir_path: path.join(root, 'src') }),
    ).toEqual(expected('call-2'));
  });

  it('matches case-insensitively unless asked otherwise', async () => {
    await files({ 'README.MD': HOUR, 'docs/guide.md': 2 * HOUR });
    const insensitive = await harness.respond('glob', { pattern: '**/*.md' });
    expect(insensitive).toEqual(
      outputPart(
        'call-1',
        'glob',
        found(2, '**/*.md', root, [path.join(root, 'README.MD'), path.join(root, 'docs/guide.md')]),
      ),
    );
    const sensitive = await harness.respond('glob', { pattern: '**/*.md', case_sensitive: true });
    expect(sensitive).toEqual(
      outputPart('call-2', 'glob', found(1, '**/*.md', root, [path.join(root, 'docs/guide.md')])),
    );
  });

  it('leaves out ignored files and says how many, and node_modules and .git silently', async () => {
    await files({
      '.gitignore': 'dist/\n',
      '.geminiignore': 'secret.ts\n',
      'dist/bundle.ts': HOUR,
      'secret.ts': HOUR,
      'node_modules/lib/index.ts': HOUR,
      '.git/hooks/x.ts': HOUR,
      'main.ts': HOUR,
    });
    const completed = await harness.call('glob', { pattern: '**/*.ts' });
    expect(completed.responseParts).toEqual(
      outputPart(
        'call-1',
        'glob',
        found(
          1,
          '**/*.ts',
          root,
          [path.join(root, 'main.ts')],
          ' (2 additional files were ignored)',
        ),
      ),
    );
    const unfiltered = await harness.respond('glob', {
      pattern: '**/*.ts',
      respect_git_ignore: false,
      respect_gemini_ignore: false,
    });
    expect(unfiltered).toEqual(
      outputPart(
        'call-2',
        'glob',
        found(3, '**/*.ts', root, [
          path.join(root, 'dist/bundle.ts'),
          path.join(root, 'main.ts'),
          path.join(root, 'secret.ts'),
        ]),
      ),
    );
  });

  it('in a git work tree, lists tracked and untracked files as the walk would, and still checks each', async () => {
    await files({
      '.gitignore': 'dist/\n*.log\n',
      '.geminiignore': 'secret.ts\n',
      'tracked.ts': HOUR,
      'src/untracked.ts': 2 * HOUR,
      'dist/bundle.ts': HOUR,
      'node_modules/lib/index.ts': HOUR,
      'secret.ts': HOUR,
      'debug.log': HOUR,
    });
    const outside = await makeTempDir('glob-outside-');
    await writeFile(path.join(outside, 'leak.ts'), 'x');
    await symlink(path.join(outside, 'leak.ts'), path.join(root, 'link.ts'));
    git('init', '-q');
    git('add', 'tracked.ts', '.gitignore', 'link.ts');
    git('commit', '-qm', 'init');
    // Tracked, then deleted from disk: the index still names it, the tool must not.
    await files({ 'gone.ts': HOUR });
    git('add', 'gone.ts');
    execFileSync('rm', [path.join(root, 'gone.ts')]);

    const completed = await harness.call('glob', { pattern: '**/*.ts' });
    expect(completed.responseParts).toEqual(
      outputPart(
        'call-1',
        'glob',
        found(
          2,
          '**/*.ts',
          root,
          [path.join(root, 'tracked.ts'), path.join(root, 'src/untracked.ts')],
          ' (2 additional files were ignored)',
        ),
      ),
    );
  });

  it('walks instead, with the same answer, when git lists the tracked files but not the others', async () => {
    await files({ '.gitignore': '*.log\n', 'tracked.ts': HOUR, 'src/untracked.ts': 2 * HOUR });
    await files({ 'debug.log': HOUR, 'old.ts': 3 * HOUR });
    git('init', '-q');
    git('add', 'tracked.ts', 'old.ts', '.gitignore');
    git('commit', '-qm', 'init');
    // A git first on PATH that fails to list untracked files, after the tracked ones succeeded.
    const real = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
    const bin = await makeTempDir('glob-git-');
    await writeFile(
      path.join(bin, 'git'),
      `#!/bin/sh\nfor a in "$@"; do [ "$a" = --others ] && exit 128; done\nexec ${real} "$@"\n`,
      { mode: 0o755 },
    );
    const saved = process.env.PATH;
    process.env.PATH = `${bin}${path.delimiter}${saved ?? ''}`;
    try {
      const completed = await harness.call('glob', { pattern: '**/*.ts' });
      expect(completed.responseParts).toEqual(
        outputPart(
          'call-1',
          'glob',
          found(3, '**/*.ts', root, [
            path.join(root, 'tracked.ts'),
            path.join(root, 'src/untracked.ts'),
            path.join(root, 'old.ts'),
          ]),
        ),
      );
    } finally {
      process.env.PATH = saved;
    }
  });

  it('says when nothing matches, counting ignored matches', async () => {
    await files({ '.gitignore': '*.log\n', 'a.log': HOUR, 'b.txt': HOUR });
    const completed = await harness.call('glob', { pattern: '*.log' });
    expect(completed.responseParts).toEqual(
      outputPart(
        'call-1',
        'glob',
        `No files found matching pattern "*.log" within ${root} (1 files were ignored)`,
      ),
    );
    expect(completed.result.returnDisplay).toBe('No files found');
    expect(await harness.respond('glob', { pattern: '*.py' })).toEqual(
      outputPart('call-2', 'glob', `No files found matching pattern "*.py" within ${root}`),
    );
  });

  it('takes a pattern that names an existing file literally', async () => {
    await files({ 'app/[id].tsx': HOUR, 'app/i.tsx': HOUR });
    expect(await harness.respond('glob', { pattern: 'app/[id].tsx' })).toEqual(
      outputPart(
        'call-1',
        'glob',
        found(1, 'app/[id].tsx', root, [path.join(root, 'app/[id].tsx')]),
      ),
    );
  });

  it('does not list symlinks that lead out of the workspace', async () => {
    const outside = await makeTempDir('glob-outside-');
    await writeFile(path.join(outside, 'secret.ts'), 'x');
    await files({ 'inside.ts': HOUR });
    await symlink(path.join(outside, 'secret.ts'), path.join(root, 'link.ts'));
    await symlink(path.join(root, 'inside.ts'), path.join(root, 'alias.ts'));
    const parts = await harness.respond('glob', { pattern: '*.ts' });
    const text = JSON.stringify(parts);
    expect(text).not.toContain('link.ts');
    expect(text).toContain(path.join(root, 'alias.ts'));
    expect(text).toContain(path.join(root, 'inside.ts'));
  });

  it('searches every workspace directory when no path is given', async () => {
    const other = await makeTempDir('glob-other-');
    await files({ 'a.ts': HOUR });
    await writeFile(path.join(other, 'b.ts'), 'x');
    await utimes(path.join(other, 'b.ts'), new Date(NOW - 2 * HOUR), new Date(NOW - 2 * HOUR));
    const multi = await toolHarness(root, {
      additionalRoots: [other],
      tools: (workspace) => [createGlobTool({ workspace, now: () => NOW })],
    });
    expect(await multi.respond('glob', { pattern: '*.ts' })).toEqual(
      outputPart(
        'call-1',
        'glob',
        `Found 2 file(s) matching "*.ts" across 2 workspace directories, sorted by modification time (newest first):\n${path.join(root, 'a.ts')}\n${path.join(other, 'b.ts')}`,
      ),
    );
  });
});

describe('glob: failures', () => {
  it('refuses a directory outside the workspace', async () => {
    const parts = await harness.respond('glob', { pattern: '*', path: '/etc' });
    expect(parts).toEqual(
      errorPart(
        'call-1',
        'glob',
        `Path not in workspace: Attempted path "/etc" resolves outside the allowed workspace directories: ${root}`,
      ),
    );
  });

  it('reports a missing directory and a path that is a file', async () => {
    await files({ 'file.txt': HOUR });
    expect(await harness.respond('glob', { pattern: '*', path: 'missing' })).toEqual(
      errorPart('call-1', 'glob', `Search path does not exist ${path.join(root, 'missing')}`),
    );
    expect(await harness.respond('glob', { pattern: '*', path: 'file.txt' })).toEqual(
      errorPart('call-2', 'glob', `Search path is not a directory: ${path.join(root, 'file.txt')}`),
    );
  });

  it('refuses an empty pattern', async () => {
    expect(await harness.respond('glob', { pattern: '  ' })).toEqual(
      errorPart('call-1', 'glob', "The 'pattern' parameter cannot be empty."),
    );
  });
});

describe('glob: invocation', () => {
  it('describes the call, names its location and asks for plain information', async () => {
    await mkdir(path.join(root, 'src'));
    const tool = createGlobTool({ workspace: harness.workspace });
    const built = tool.build({ pattern: '**/*.ts', dir_path: 'src' });
    if (isBuildError(built)) throw new Error(built.error);
    expect(built.describe()).toBe("Find files matching '**/*.ts' within src");
    expect(built.locations()).toEqual(['src']);
    expect(await built.confirmationDetails(new AbortController().signal)).toEqual({
      type: 'info',
      title: 'Confirm Find Files',
      prompt: "Find files matching '**/*.ts' within src",
    });
    expect(tool.kind).toBe('search');
  });
});

describe('glob: in a git work tree, each listed path is still checked', () => {
  /** An index entry for `name` holding `text`, whether or not `name` exists on disk. */
  const addToIndex = (name: string, text: string) => {
    const blob = execFileSync('git', ['hash-object', '-w', '--stdin'], {
      cwd: root,
      input: text,
      encoding: 'utf8',
    }).trim();
    git('update-index', '--add', '--cacheinfo', `100644,${blob},${name}`);
  };

  it('shows only what the walk would: no way out, no denied file, no hard link, no ghost', async () => {
    const outside = await makeTempDir('glob-outside-');
    await writeFile(path.join(outside, 'leak.ts'), 'x');
    await writeFile(path.join(outside, 'shared.ts'), 'x');
    await files({
      '.gitignore': 'build/\nlegacy.ts\n',
      '.geminiignore': 'private.ts\n',
      'main.ts': HOUR,
      'src/new.ts': 2 * HOUR,
      'creds.ts': HOUR,
      'private.ts': HOUR,
      'legacy.ts': HOUR,
      'build/out.ts': HOUR,
    });
    await symlink(path.join(outside, 'leak.ts'), path.join(root, 'link.ts'));
    await symlink(outside, path.join(root, 'vendor'));
    await link(path.join(outside, 'shared.ts'), path.join(root, 'hard.ts'));
    git('init', '-q');
    git('add', '.gitignore', 'main.ts', 'creds.ts', 'link.ts', 'hard.ts');
    git('add', '-f', 'legacy.ts');
    // A hostile index: a file that is not on disk, and one behind the symlink that leads out.
    addToIndex('ghost.ts', 'x');
    addToIndex('vendor/leak.ts', 'x');
    const denied = await toolHarness(root, {
      deniedPaths: [{ path: path.join(root, 'creds.ts'), reason: 'test credentials' }],
      tools: (workspace) => [createGlobTool({ workspace, now: () => NOW })],
    });

    // Shown: the tracked and the untracked file. Counted as ignored: the tracked file .gitignore
    // names, the untracked one in an ignored directory, the one .geminiignore names.
    expect(await denied.respond('glob', { pattern: '**/*.ts' })).toEqual(
      outputPart(
        'call-1',
        'glob',
        found(
          2,
          '**/*.ts',
          root,
          [path.join(root, 'main.ts'), path.join(root, 'src/new.ts')],
          ' (3 additional files were ignored)',
        ),
      ),
    );
    // A pattern git cannot be given as a pathspec (brackets) lists the same way.
    expect(await denied.respond('glob', { pattern: '**/[mp]*.ts' })).toEqual(
      outputPart(
        'call-2',
        'glob',
        found(
          1,
          '**/[mp]*.ts',
          root,
          [path.join(root, 'main.ts')],
          ' (1 additional files were ignored)',
        ),
      ),
    );
    expect(await denied.respond('glob', { pattern: '.git/**' })).toEqual(
      outputPart('call-3', 'glob', `No files found matching pattern ".git/**" within ${root}`),
    );
  });

  it('lists a file with merge conflicts once, though git lists it once per stage', async () => {
    await files({ 'conflict.ts': HOUR, 'clean.ts': 2 * HOUR });
    git('init', '-q');
    git('add', 'clean.ts');
    const blob = execFileSync('git', ['hash-object', '-w', 'conflict.ts'], {
      cwd: root,
      encoding: 'utf8',
    }).trim();
    execFileSync('git', ['update-index', '--index-info'], {
      cwd: root,
      input: [1, 2, 3].map((stage) => `100644 ${blob} ${stage}\tconflict.ts\n`).join(''),
    });
    expect(git('ls-files', '--cached', '--', 'conflict.ts').trim().split('\n')).toHaveLength(3);

    expect(await harness.respond('glob', { pattern: '*.ts' })).toEqual(
      outputPart(
        'call-1',
        'glob',
        found(2, '*.ts', root, [path.join(root, 'conflict.ts'), path.join(root, 'clean.ts')]),
      ),
    );
  });

  it('walks instead, with the same answer, when git fails partway through the tracked files', async () => {
    await files({ 'a.ts': HOUR, 'b.ts': 2 * HOUR, 'c.ts': 3 * HOUR });
    git('init', '-q');
    git('add', 'a.ts', 'b.ts', 'c.ts');
    // A git first on PATH that lists one tracked file and then fails.
    const real = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
    const bin = await makeTempDir('glob-git-');
    await writeFile(
      path.join(bin, 'git'),
      `#!/bin/sh\nfor a in "$@"; do [ "$a" = --cached ] && { printf 'a.ts\\0'; exit 128; }; done\nexec ${real} "$@"\n`,
      { mode: 0o755 },
    );
    const saved = process.env.PATH;
    process.env.PATH = `${bin}${path.delimiter}${saved ?? ''}`;
    try {
      expect(await harness.respond('glob', { pattern: '*.ts' })).toEqual(
        outputPart(
          'call-1',
          'glob',
          found(
            3,
            '*.ts',
            root,
            ['a.ts', 'b.ts', 'c.ts'].map((name) => path.join(root, name)),
          ),
        ),
      );
    } finally {
      process.env.PATH = saved;
    }
  });

  it('narrows git to the pattern without losing files `dir/**` or a literal name matches', async () => {
    await files({
      'docs/a.md': HOUR,
      'docs/deep/b.md': 2 * HOUR,
      'notes.md': HOUR,
      Makefile: HOUR,
    });
    git('init', '-q');
    git('add', 'docs/a.md', 'Makefile');
    expect(await harness.respond('glob', { pattern: 'Docs/**' })).toEqual(
      outputPart(
        'call-1',
        'glob',
        found(2, 'Docs/**', root, [
          path.join(root, 'docs/a.md'),
          path.join(root, 'docs/deep/b.md'),
        ]),
      ),
    );
    expect(await harness.respond('glob', { pattern: 'makefile' })).toEqual(
      outputPart('call-2', 'glob', found(1, 'makefile', root, [path.join(root, 'Makefile')])),
    );
  });
});
