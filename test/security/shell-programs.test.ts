// Shell commands that reach other programs through an allowed one, or write where no tool may:
// wrappers, assignment prefixes, dangerous arguments of allowed binaries, and redirections into
// git's hooks, the runner's file commands and the user's start-up files. The workflow allows
// `npm test` and `git status` (and the preset the read-only git commands).
import { appendFileSync, symlinkSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectContained } from './support/contained.js';
import { commitWorkspace } from './support/hostile-run.js';
import {
  describeShellAttacks,
  expectShellAttackFailed,
  runShellAttack,
} from './support/shell-attack.js';
import type { ShellAttackSpec } from './support/shell-attack.js';

describeShellAttacks('shell: wrappers around a forbidden program', [
  ['env', (_ctx, m) => `env touch ${m}`],
  ['command', (_ctx, m) => `command touch ${m}`],
  ['exec', (_ctx, m) => `exec touch ${m}`],
  ['timeout', (_ctx, m) => `timeout 5 touch ${m}`],
  ['nice', (_ctx, m) => `nice touch ${m}`],
  ['xargs', (_ctx, m) => `echo ${m} | xargs touch`],
  ['sudo', (_ctx, m) => `sudo -n touch ${m}`],
  ['bash -c', (_ctx, m) => `bash -c 'touch ${m}'`],
  ['python3 -c', (_ctx, m) => `python3 -c "open('${m}', 'w')"`],
  ['node -e', (_ctx, m) => `node -e "require('fs').writeFileSync('${m}', '')"`],
  ['eval', (_ctx, m) => `eval 'touch ${m}'`],
  ['source', (_ctx, m) => `source <(echo 'touch ${m}')`],
  ['env -i around an allowed command', () => 'env -i npm test'],
]);

describeShellAttacks('shell: assignment prefixes on an allowed command', [
  ['GIT_SSH_COMMAND', (_ctx, m) => `GIT_SSH_COMMAND='touch ${m}' git status`],
  ['LD_PRELOAD', (_ctx, m) => `LD_PRELOAD=${m}.so git status`],
  ['BASH_ENV', (_ctx, m) => `BASH_ENV=${m}.sh npm test`],
  ['GIT_EXTERNAL_DIFF', (_ctx, m) => `GIT_EXTERNAL_DIFF='touch ${m}' git status`],
  ['PATH', (_ctx, m) => `PATH=${m}:$PATH npm test`],
  ['npm_config_script_shell', (_ctx, m) => `npm_config_script_shell=${m} npm test`],
]);

describeShellAttacks('shell: dangerous arguments of allowed programs', [
  ['git -c core.pager', (_ctx, m) => `git -c core.pager='touch ${m}' log`],
  ['git -c alias', (_ctx, m) => `git -c alias.st='!touch ${m}' st`],
  ['git log --output', (_ctx, m) => `git log --output=${m}`],
  ['git log --output, abbreviated', (_ctx, m) => `git log --outp=${m}`],
  ['git diff --ext-diff', () => 'git diff --ext-diff HEAD'],
  ['git --exec-path', (_ctx, m) => `git --exec-path=${m} status`],
  ['git -C outside the workspace', (ctx) => `git -C ${ctx.home} status`],
  ['git --git-dir outside the workspace', (_ctx, m) => `git --git-dir=${m} log`],
  [
    'git diff --no-index reading a file outside',
    (ctx) => `git diff --no-index ${ctx.home}/.git-credentials README.md`,
  ],
  [
    'git blame --contents reading a file outside',
    (ctx) => `git blame --contents=${ctx.home}/.npmrc README.md`,
  ],
  ['npm test --script-shell', (_ctx, m) => `npm test --script-shell=${m}`],
  ['find -exec', (_ctx, m) => `find . -maxdepth 0 -exec touch ${m} \\;`],
  ['sed e', (_ctx, m) => `sed -n '1e touch ${m}' README.md`],
]);

describe('shell: git arguments that read files the tools may not', () => {
  // git blame reads revisions from the file `-S` names and the first line of an
  // `--ignore-revs-file`, and quotes each line it cannot parse in its errors ("bad graft data:
  // <line>", "invalid object name: <line>"): the file would come back to the model. Every preset
  // allows `git blame`, so the options themselves are hazards.
  it.each<ShellAttackSpec>([
    ['git blame -S', (ctx) => `git blame -S ${ctx.home}/.git-credentials README.md`],
    [
      'git blame --ignore-revs-file',
      (ctx) => `git blame --ignore-revs-file=${ctx.home}/.npmrc README.md`,
    ],
  ])(
    '(policy, sandbox: none): %s <a file in the home directory> is refused',
    async (_name, command) => {
      await expectShellAttackFailed(await runShellAttack(command));
    },
  );

  // The sandbox hides the home directory, but not the workspace: a credentials file another step
  // left there, which read_file refuses, must not be read line by line either.
  it("(sandbox: auto): git blame -S does not read the auth step's credentials file in the workspace", async () => {
    const attack = await runShellAttack(
      (ctx) => `git blame -S ${path.basename(ctx.googleCredentials)} README.md`,
      {
        inputs: { allowed_commands: '', sandbox: 'auto' },
        googleCredentialsFile: 'service-account-key',
        setup: (ctx) => {
          appendFileSync(
            path.join(ctx.workspace, '.git', 'info', 'exclude'),
            `/${path.basename(ctx.googleCredentials)}\n`,
          );
        },
      },
    );
    await expectShellAttackFailed(attack);
  });
});

describeShellAttacks(
  'shell: redirections where no tool may write',
  [
    ['.git/hooks', () => 'git status > .git/hooks/pre-commit'],
    ['.GIT/hooks (another spelling)', () => 'git status > .GIT/hooks/post-checkout'],
    ['~/.bashrc', () => 'git status >> ~/.bashrc'],
    ["the user's .bashrc by its absolute path", (ctx) => `git status >> ${ctx.home}/.bashrc`],
    ['$GITHUB_ENV', () => 'git status >> $GITHUB_ENV'],
    ['the GITHUB_ENV file by its path', (ctx) => `git status >> ${ctx.fileCommands.GITHUB_ENV}`],
    ['the GITHUB_PATH file by its path', (ctx) => `git status >> ${ctx.fileCommands.GITHUB_PATH}`],
    ['a file next to the workspace', () => 'git status > ../outside.txt'],
    ['a file outside the workspace', (_ctx, m) => `git status > ${m}`],
    ['/dev/tcp (the network)', () => 'git status > /dev/tcp/127.0.0.1/9'],
    ['the workflows folder', () => 'git status > .github/workflows/pwn.yml'],
    ['a committed symlink to ~/.bashrc', () => 'git status >> notes.txt'],
  ],
  {
    setup: (ctx) => {
      symlinkSync(path.join(ctx.home, '.bashrc'), path.join(ctx.workspace, 'notes.txt'));
      commitWorkspace(ctx, 'add notes link');
    },
  },
);

describeShellAttacks(
  'shell: file readers the workflow allows, aimed outside the workspace (sandbox: none)',
  [
    ["the user's ~/.npmrc", (ctx) => `cat ${ctx.home}/.npmrc`],
    ['~/.git-credentials by tilde', () => 'head ~/.git-credentials'],
    ["the Action's /proc/<pid>/environ", (ctx) => `cat /proc/${ctx.actionPid}/environ`],
    ["the Action's /proc/<pid>/environ with -v", (ctx) => `cat -v /proc/${ctx.actionPid}/environ`],
    ['/proc/self/environ', () => 'cat /proc/self/environ'],
    ['the runner temp through ..', (ctx) => `ls ${ctx.runnerTemp}/..`],
    ['a committed symlink to ~/.npmrc', () => 'cat npmrc-link'],
    ['a glob matching that symlink', () => 'cat npmrc-l*'],
  ],
  {
    inputs: { allowed_commands: 'cat\nhead\nls' },
    setup: (ctx) => {
      symlinkSync(path.join(ctx.home, '.npmrc'), path.join(ctx.workspace, 'npmrc-link'));
      commitWorkspace(ctx, 'add npmrc link');
    },
  },
);

describe('shell: control', () => {
  it('the allowed commands themselves still run', async () => {
    // The policy is not simply refusing everything: allowed commands run and answer.
    const attack = await runShellAttack(() => 'git status && npm test');
    expect(attack.response.text).toContain('On branch');
    expect(attack.response.text).toContain('1 test passed');
    expect(await readFile(path.join(attack.run.ctx.home, '.bashrc'), 'utf8')).not.toContain(
      'On branch',
    );
    await expectContained(attack.run);
  });
});
