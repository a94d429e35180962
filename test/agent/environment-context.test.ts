import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ENVIRONMENT_ACK,
  buildEnvironmentContext,
  getFolderStructure,
  ignoreNothing,
  initialHistory,
  workspaceIgnorePredicate,
} from '../../src/agent/environment-context.js';
import { START, tempDir } from './support/harness.js';

async function touch(root: string, ...files: string[]): Promise<void> {
  for (const file of files) {
    await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await fs.writeFile(path.join(root, file), '');
  }
}

async function project(): Promise<string> {
  const root = await tempDir('folder-structure-');
  execFileSync('git', ['init', '-q'], { cwd: root });
  await touch(
    root,
    'b.txt',
    'a.txt',
    'src/index.ts',
    'src/util.ts',
    'src/deep/x.ts',
    'docs/readme.md',
    'node_modules/pkg/index.js',
  );
  return root;
}

const TRUNCATION_NOTE =
  'Folders or files indicated with ... contain more items not shown, were ignored, or the display limit';

describe('getFolderStructure', () => {
  it('draws the tree breadth first, files before folders, hiding .git and node_modules', async () => {
    const root = await project();
    expect(await getFolderStructure(root)).toBe(
      [
        `Showing up to 200 items (files + folders). ${TRUNCATION_NOTE} (200 items) was reached.`,
        '',
        `${root}/`,
        '├───a.txt',
        '├───b.txt',
        '├───.git/...',
        '├───docs/',
        '│   └───readme.md',
        '├───node_modules/...',
        '└───src/',
        '    ├───index.ts',
        '    ├───util.ts',
        '    └───deep/',
        '        └───x.ts',
      ].join('\n'),
    );
  });

  it('stops at the item cap and marks what was left out', async () => {
    const root = await project();
    expect(await getFolderStructure(root, { maxItems: 6 })).toBe(
      [
        `Showing up to 6 items (files + folders). ${TRUNCATION_NOTE} (6 items) was reached.`,
        '',
        `${root}/`,
        '├───a.txt',
        '├───b.txt',
        '├───.git/...',
        '├───docs/...',
        '├───node_modules/...',
        '└───src/...',
      ].join('\n'),
    );
  });

  it('marks files and folders cut off inside one folder', async () => {
    const root = await tempDir('folder-cap-');
    await touch(root, 'f1', 'f2', 'f3', 'f4', 'f5', 'sub/inner');
    expect(await getFolderStructure(root, { maxItems: 3, isIgnored: ignoreNothing })).toBe(
      [
        `Showing up to 3 items (files + folders). ${TRUNCATION_NOTE} (3 items) was reached.`,
        '',
        `${root}/`,
        '├───f1',
        '├───f2',
        '├───f3',
        '├───...',
        '└───...',
      ].join('\n'),
    );
  });

  it('leaves out what the tools ignore: .gitignore at every level, .git/info/exclude, .geminiignore', async () => {
    const root = await project();
    await touch(root, 'build/out.js', 'debug.log', 'notes.tmp', 'secret.env');
    await fs.writeFile(path.join(root, '.gitignore'), 'build/\n*.log\n');
    await fs.writeFile(path.join(root, 'src', '.gitignore'), 'deep/\n');
    await fs.writeFile(path.join(root, '.git', 'info', 'exclude'), '*.tmp\n');
    await fs.writeFile(path.join(root, '.geminiignore'), '*.env\ndocs/\n');
    const tree = await getFolderStructure(root, { isIgnored: workspaceIgnorePredicate(root) });
    expect(tree).toContain(
      '├───.geminiignore\n├───.gitignore\n├───a.txt\n├───b.txt\n├───.git/...\n├───build/...\n├───docs/...\n',
    );
    expect(tree).toContain(
      '└───src/\n    ├───.gitignore\n    ├───index.ts\n    ├───util.ts\n    └───deep/...',
    );
    for (const hidden of [
      'debug.log',
      'notes.tmp',
      'secret.env',
      'out.js',
      '───x.ts',
      'readme.md',
    ]) {
      expect(tree).not.toContain(hidden);
    }
  });

  it('leaves out a committed file the ignore rules match, as glob and search do', async () => {
    const root = await project();
    await touch(root, 'generated.lock');
    execFileSync('git', ['add', '-f', 'generated.lock'], { cwd: root });
    await fs.writeFile(path.join(root, '.gitignore'), '*.lock\n');
    const tree = await getFolderStructure(root, { isIgnored: workspaceIgnorePredicate(root) });
    expect(tree).not.toContain('generated.lock');
    expect(tree).toContain('├───a.txt');
  });

  it('ignores nothing where there are no ignore files, in a repository or not', async () => {
    const root = await tempDir('no-git-');
    const isIgnored = workspaceIgnorePredicate(root);
    expect(isIgnored('anything', false)).toBe(false);
    expect(isIgnored('build', true)).toBe(false);
  });

  it('says so when the directory cannot be read', async () => {
    const missing = path.join(await tempDir(), 'missing');
    expect(await getFolderStructure(missing)).toBe(
      `Error: Could not read directory "${missing}". Check path and permissions.`,
    );
  });
});

describe('buildEnvironmentContext', () => {
  it('writes the date, platform, workspace and tree as the first message', async () => {
    const root = await tempDir('env-');
    await touch(root, 'README.md');
    const textOut = await buildEnvironmentContext({
      workspaceRoot: root,
      now: () => START,
      platform: 'linux',
      timeZone: 'UTC',
      isIgnored: ignoreNothing,
    });
    expect(textOut).toBe(
      [
        'This is the Gemini CLI. We are setting up the context for our chat.',
        "Today's date is Monday, June 2, 2025.",
        'My operating system is: linux',
        `I'm currently working in the directory: ${root}`,
        'Here is the folder structure of the current working directories:',
        '',
        'Showing up to 200 items (files + folders).',
        '',
        `${root}/`,
        '└───README.md',
      ].join('\n'),
    );
    expect(initialHistory(textOut)).toEqual([
      { role: 'user', parts: [{ text: textOut }] },
      { role: 'model', parts: [{ text: ENVIRONMENT_ACK }] },
    ]);
    expect(ENVIRONMENT_ACK).toBe('Got it. Thanks for the context!');
  });

  it.each(['UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Kiritimati'])(
    "writes today's date in the process's time zone as toLocaleDateString does (TZ=%s)",
    async (zone) => {
      const root = await tempDir('env-date-');
      const before = process.env.TZ;
      process.env.TZ = zone;
      try {
        // Every day of a leap year, at an hour where the zone's date differs from UTC's.
        for (let day = 0; day < 366; day += 1) {
          const at = Date.UTC(2024, 0, 1, 23, 30) + day * 86_400_000;
          const text = await buildEnvironmentContext({
            workspaceRoot: root,
            now: () => at,
            isIgnored: ignoreNothing,
          });
          const expected = new Date(at).toLocaleDateString('en-US', {
            weekday: 'long',
            year: 'numeric',
            month: 'long',
            day: 'numeric',
          });
          expect(text).toContain(`Today's date is ${expected}.\n`);
        }
      } finally {
        if (before === undefined) delete process.env.TZ;
        else process.env.TZ = before;
      }
    },
  );
});
