import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  MAX_PROMPT_FILE_BYTES,
  resolveMaintenancePrompt,
} from '../../src/maintenance/maintenance-prompt.js';
import type { MaintenancePromptInputs } from '../../src/maintenance/maintenance-prompt.js';
import { ConfigurationError } from '../../src/platform/errors.js';

let root: string;
let outside: string;

beforeEach(async () => {
  root = await realpath(await mkdtemp(path.join(tmpdir(), 'maintenance-prompt-')));
  outside = await realpath(await mkdtemp(path.join(tmpdir(), 'maintenance-outside-')));
  await mkdir(path.join(root, '.github', 'gemini'), { recursive: true });
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

function resolve(inputs: Partial<MaintenancePromptInputs>, eventName = 'schedule') {
  return resolveMaintenancePrompt(
    { prompt: undefined, promptFile: undefined, ...inputs },
    { workspaceRoot: root, eventName },
  );
}

async function failure(inputs: Partial<MaintenancePromptInputs>, eventName?: string) {
  const error = await resolve(inputs, eventName).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ConfigurationError);
  return error as ConfigurationError;
}

describe('the maintenance task', () => {
  it('is the prompt input when set', async () => {
    expect(await resolve({ prompt: '  Update the changelog.  ' })).toEqual({
      text: 'Update the changelog.',
      source: 'prompt',
    });
  });

  it('is read from prompt_file in the checkout', async () => {
    await writeFile(
      path.join(root, '.github/gemini/nightly.md'),
      '\uFEFF# Nightly\n\nBump the dependencies.\n',
    );
    expect(await resolve({ promptFile: '.github/gemini/nightly.md' })).toEqual({
      text: '# Nightly\n\nBump the dependencies.',
      source: 'prompt_file',
      file: '.github/gemini/nightly.md',
    });
  });

  it('takes the dispatch form’s prompt over the configured one', async () => {
    await writeFile(path.join(root, 'task.md'), 'Configured task');
    expect(
      await resolve(
        { promptFile: 'task.md', dispatchPrompt: 'Just this once' },
        'workflow_dispatch',
      ),
    ).toEqual({ text: 'Just this once', source: 'dispatch_input' });
  });

  it('refuses prompt and prompt_file together', async () => {
    const error = await failure({ prompt: 'a', promptFile: 'task.md' });
    expect(error.location).toEqual({ input: 'prompt_file' });
    expect(error.message).toBe(
      'prompt_file: expected either prompt or prompt_file, not both: keep the one that holds the task.',
    );
  });

  it('says what to set when there is no task', async () => {
    const scheduled = await failure({ prompt: ' ', promptFile: '' });
    expect(scheduled.message).toBe(
      'prompt: a maintenance run on the schedule event needs a task: expected the prompt input, or prompt_file with the path of a Markdown file in the repository.',
    );
    const dispatched = await failure({}, 'workflow_dispatch');
    expect(dispatched.message).toContain('or a "prompt" input of the dispatch form.');
  });

  it('names prompt_file when the file is missing, empty, binary or too large', async () => {
    expect((await failure({ promptFile: 'missing.md' })).message).toBe(
      'prompt_file: "missing.md" does not exist in the checkout (missing.md); expected a file committed to the branch the workflow runs on.',
    );
    await writeFile(path.join(root, 'empty.md'), ' \n\n');
    expect((await failure({ promptFile: 'empty.md' })).message).toBe(
      'prompt_file: "empty.md" is empty; expected the task for the agent.',
    );
    await writeFile(path.join(root, 'binary.md'), Buffer.from([0x61, 0x00, 0x62]));
    expect((await failure({ promptFile: 'binary.md' })).message).toContain('is a binary file');
    await writeFile(path.join(root, 'huge.md'), 'x'.repeat(MAX_PROMPT_FILE_BYTES + 1));
    expect((await failure({ promptFile: 'huge.md' })).message).toContain(
      'expected at most 100,000',
    );
    expect((await failure({ promptFile: '.github' })).message).toContain('is not a file');
  });

  it('refuses paths outside the repository and inside .git', async () => {
    await writeFile(path.join(outside, 'secret.md'), 'outside');
    await symlink(path.join(outside, 'secret.md'), path.join(root, 'link.md'));
    await mkdir(path.join(root, '.git'));
    await writeFile(path.join(root, '.git', 'config'), '[http] extraheader = secret');
    const cases: [string, string][] = [
      ['../secret.md', 'leaves the repository'],
      [path.join(outside, 'secret.md'), 'is absolute'],
      ['C:\\tasks\\nightly.md', 'is absolute'],
      ['link.md', 'leads outside the repository through a symbolic link'],
      ['.git/config', 'is inside .git/'],
      ['.GIT/config', 'is inside .git/'],
      ['docs/../../secret.md', 'leaves the repository'],
      ['a.md\nb.md', 'spans several lines'],
    ];
    for (const [file, problem] of cases) {
      const error = await failure({ promptFile: file });
      expect(error.location, file).toEqual({ input: 'prompt_file' });
      expect(error.message, file).toContain(problem);
    }
  });
});
