import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ENVIRONMENT_ACK,
  buildEnvironmentContext,
  getFolderStructure,
  gitIgnorePredicate,
  ignoreNothing,
  initialHistory,
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

  it('leaves out files git ignores and collapses ignored folders', async () => {
    const root = await project();
    await touch(root, 'build/out.js', 'debug.log');
    await fs.writeFile(path.join(root, '.gitignore'), 'build/\n*.log\n');
    const isIgnored = await gitIgnorePredicate(root);
    const tree = await getFolderStructure(root, { isIgnored });
    expect(tree).toContain('├───.gitignore\n├───a.txt\n├───b.txt\n├───.git/...\n├───build/...\n');
    expect(tree).not.toContain('debug.log');
    expect(tree).not.toContain('out.js');
  });

  it('ignores nothing outside a git repository', async () => {
    const root = await tempDir('no-git-');
    const isIgnored = await gitIgnorePredicate(root);
    expect(isIgnored('anything', false)).toBe(false);
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
});
