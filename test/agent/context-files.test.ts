import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  contextDirectories,
  findGitRoot,
  loadContextFiles,
  normalizeContextFileNames,
} from '../../src/agent/context-files.js';
import { memoryLogger } from '../../src/platform/logger.js';
import { ConfigurationError } from '../../src/platform/errors.js';
import { createHarness, tempDir } from './support/harness.js';
import { reply, text } from './support/scripted-generator.js';

async function write(file: string, content: string): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, content);
}

/** base/{GEMINI.md (above the repo), home/.gemini/GEMINI.md, repo (git) /packages/app}. */
async function layout() {
  const base = await tempDir('context-files-');
  const home = path.join(base, 'home');
  const repo = path.join(base, 'repo');
  const workspace = path.join(repo, 'packages', 'app');
  await fs.mkdir(workspace, { recursive: true });
  execFileSync('git', ['init', '-q'], { cwd: repo });
  await write(path.join(base, 'GEMINI.md'), 'above the repository: never read');
  await write(path.join(home, '.gemini', 'GEMINI.md'), 'Memory: the user prefers short answers.\n');
  await write(path.join(repo, 'GEMINI.md'), '# Repo rules\nRun npm test.\n');
  await write(path.join(workspace, 'GEMINI.md'), '\n# App rules\nUse tabs.\n\n');
  await write(path.join(workspace, 'AGENTS.md'), 'Agents file.');
  return { base, home, repo, workspace };
}

describe('loadContextFiles', () => {
  it('reads project context only from contextDirectory when one is given (a base-branch copy)', async () => {
    const { home, workspace, base } = await layout();
    const baseCopy = path.join(base, 'base-branch-config');
    await write(path.join(baseCopy, 'GEMINI.md'), '# Base branch rules\n');
    const loaded = await loadContextFiles({
      workspaceRoot: workspace,
      contextDirectory: baseCopy,
      homeDir: home,
      userMemoryPath: null,
    });
    expect(loaded.files.map((file) => file.path)).toEqual([path.join(baseCopy, 'GEMINI.md')]);
    expect(loaded.text).toContain('# Base branch rules');
    expect(loaded.text).not.toContain('Repo rules');
    expect(loaded.text).not.toContain('App rules');
  });

  it('reads the memory file, then GEMINI.md from the git root down to the workspace', async () => {
    const { home, repo, workspace } = await layout();
    const loaded = await loadContextFiles({ workspaceRoot: workspace, homeDir: home });

    expect(loaded.files.map((f) => [f.source, f.displayPath])).toEqual([
      ['user', '~/.gemini/GEMINI.md'],
      ['project', '../../GEMINI.md'],
      ['project', 'GEMINI.md'],
    ]);
    expect(loaded.files[1]?.path).toBe(path.join(repo, 'GEMINI.md'));
    expect(loaded.text).toBe(
      [
        '--- Context from: ~/.gemini/GEMINI.md ---',
        'Memory: the user prefers short answers.',
        '--- End of Context from: ~/.gemini/GEMINI.md ---',
        '',
        '--- Context from: ../../GEMINI.md ---',
        '# Repo rules\nRun npm test.',
        '--- End of Context from: ../../GEMINI.md ---',
        '',
        '--- Context from: GEMINI.md ---',
        '# App rules\nUse tabs.',
        '--- End of Context from: GEMINI.md ---',
      ].join('\n'),
    );
  });

  it('looks for every configured name in each directory, in order', async () => {
    const { workspace } = await layout();
    const loaded = await loadContextFiles({
      workspaceRoot: workspace,
      fileNames: ['AGENTS.md', 'GEMINI.md'],
      userMemoryPath: null,
    });
    expect(loaded.files.map((f) => f.displayPath)).toEqual([
      '../../GEMINI.md',
      'AGENTS.md',
      'GEMINI.md',
    ]);
  });

  it('skips a context file that links outside the repository, with a warning', async () => {
    const { base, repo, workspace } = await layout();
    await write(path.join(base, 'secret.txt'), 'TOKEN=hunter2');
    await fs.symlink(path.join(base, 'secret.txt'), path.join(repo, 'packages', 'GEMINI.md'));
    const logger = memoryLogger();
    const loaded = await loadContextFiles({
      workspaceRoot: workspace,
      userMemoryPath: null,
      logger,
    });
    expect(loaded.text).not.toContain('hunter2');
    expect(loaded.files.map((f) => f.displayPath)).toEqual(['../../GEMINI.md', 'GEMINI.md']);
    expect(logger.lines).toEqual([
      {
        level: 'warning',
        message: expect.stringMatching(
          /^Skipping context file .*packages\/GEMINI\.md: it links to .*secret\.txt, outside /,
        ) as unknown,
      },
    ]);
  });

  it('reads a file only once, and leaves out empty ones', async () => {
    const { workspace } = await layout();
    await fs.writeFile(path.join(workspace, 'AGENTS.md'), '   \n');
    const loaded = await loadContextFiles({
      workspaceRoot: workspace,
      fileNames: ['GEMINI.md', 'AGENTS.md'],
      userMemoryPath: path.join(workspace, 'GEMINI.md'),
    });
    expect(loaded.files.map((f) => [f.source, f.displayPath])).toEqual([
      ['user', path.join(workspace, 'GEMINI.md')],
      ['project', '../../GEMINI.md'],
    ]);
  });

  it('walks up to the filesystem root when there is no git repository', async () => {
    const base = await tempDir('context-nogit-');
    const workspace = path.join(base, 'a', 'b');
    await write(path.join(base, 'GEMINI.md'), 'top');
    await write(path.join(workspace, 'GEMINI.md'), 'bottom');
    expect(await findGitRoot(workspace)).toBeUndefined();
    const dirs = await contextDirectories(workspace);
    expect(dirs[0]).toBe(path.parse(workspace).root);
    expect(dirs.slice(-3)).toEqual([base, path.join(base, 'a'), workspace]);
    const loaded = await loadContextFiles({ workspaceRoot: workspace, userMemoryPath: null });
    const ours = loaded.files.filter((f) => f.path.startsWith(base));
    expect(ours.map((f) => [f.displayPath, f.content])).toEqual([
      ['../../GEMINI.md', 'top'],
      ['GEMINI.md', 'bottom'],
    ]);
  });
});

describe('normalizeContextFileNames', () => {
  it('accepts a name or a list, and rejects paths', () => {
    expect(normalizeContextFileNames(undefined)).toEqual(['GEMINI.md']);
    expect(normalizeContextFileNames('AGENTS.md')).toEqual(['AGENTS.md']);
    expect(() => normalizeContextFileNames([])).toThrow(ConfigurationError);
    expect(() => normalizeContextFileNames('../GEMINI.md')).toThrow(
      'contextFileName entries must be plain file names such as "GEMINI.md", but got "../GEMINI.md".',
    );
  });
});

describe('the system instruction', () => {
  it('is the core prompt, a rule, then the context files', async () => {
    const { home, workspace } = await layout();
    const h = await createHarness([reply([text('ok')])], {
      workspace,
      userMemoryPath: path.join(home, '.gemini', 'GEMINI.md'),
    });
    await h.session.run('go');
    const instruction = h.generator.requests[0]?.request.config?.systemInstruction as string;
    const memory = path.join(home, '.gemini', 'GEMINI.md');
    const context = (await loadContextFiles({ workspaceRoot: workspace, userMemoryPath: memory }))
      .text;
    expect(context).toContain('Memory: the user prefers short answers.');
    expect(instruction.endsWith(`\n\n---\n\n${context}`)).toBe(true);
    expect(instruction).toMatch(/^You are a software engineering agent running non-interactively/);
    expect(instruction).toContain(`checked-out repository at \`${workspace}\``);
    expect(instruction).toContain('`read_note`, `write_note`, `fill_disk`, `wait_for_abort`');
    expect(instruction).toContain('Never commit, push');
  });

  it('can replace the core prompt and still appends context', async () => {
    const { workspace } = await layout();
    const h = await createHarness([reply([text('ok')])], { workspace, corePrompt: 'Be brief.' });
    await h.session.run('go');
    const instruction = h.generator.requests[0]?.request.config?.systemInstruction as string;
    expect(instruction).toMatch(
      /^Be brief\.\n\n---\n\n--- Context from: \.\.\/\.\.\/GEMINI\.md ---/,
    );
  });
});
