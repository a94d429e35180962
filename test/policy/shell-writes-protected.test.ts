// Protected paths are protected from shell commands too: a path a command writes (a redirection
// target, a write operand of cp, mv, tee, touch, mkdir, rm, ln, install, dd, git checkout, …) gets
// the answer a write_file call to it would get from a rule that names paths. Engine level, with
// the shipped presets, --allow-command rules and a policy file's rule with allowRedirection.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPolicyEngine } from '../../src/policy/policy-engine.js';
import type { PolicyEngine } from '../../src/policy/policy-engine.js';
import type { PolicyContext, PolicyRule } from '../../src/policy/policy-types.js';
import { commandAllowRules, loadPreset } from '../../src/policy/presets.js';
import type { PresetName } from '../../src/policy/presets.js';
import { analyzeShellCommand } from '../../src/policy/shell/shell-analysis.js';
import { policyContext } from '../../src/session-setup/run-agent.js';
import { Workspace } from '../../src/tools/workspace.js';
import { rule } from './support/rules.js';

const SHELL = ['run_shell_command'];
const EDIT_TOOLS = ['write_file', 'replace', 'smart_edit'];
const PROTECTED = 'This path is protected';

/** What `--allow-command` lists in these runs: the programs that write the files they name. */
const ALLOWED = [
  'cp',
  'mv',
  'tee',
  'touch',
  'mkdir',
  'rm',
  'rmdir',
  'ln',
  'install',
  'dd',
  'chmod',
  'truncate',
  'git checkout',
  'git restore',
  'git apply',
  'git mv',
  'git rm',
  'cat',
  'sort',
];

/** A policy file's rules: a generator whose output may be redirected, and echo likewise. */
const REDIRECTING = [
  rule({
    toolNames: SHELL,
    commandPrefixes: ['npm run gen', 'echo'],
    allowRedirection: true,
    decision: 'allow',
  }),
];

/** docs/policy.md's example: the file tools may edit issue templates under .github/. */
const ISSUE_TEMPLATES = rule({
  toolNames: EDIT_TOOLS,
  pathPatterns: ['.github/ISSUE_TEMPLATE/**'],
  decision: 'allow',
});

async function engineWith(preset: PresetName, extra: PolicyRule[] = []): Promise<PolicyEngine> {
  const rules = [
    ...(await loadPreset(preset)).rules,
    ...commandAllowRules(ALLOWED, { file: '--allow-command', tier: 'default' }),
    ...REDIRECTING,
    ...extra,
  ];
  return createPolicyEngine({
    rules,
    analyzeShell: (command) => analyzeShellCommand(command),
    homeDir: '/home/someone',
  });
}

const textContext: PolicyContext = { runMode: 'invoke', trust: 'maintainer', workspaceRoot: '/ws' };

function shell(command: string, directory?: string) {
  return {
    toolName: 'run_shell_command',
    args: { command, ...(directory === undefined ? {} : { directory }) },
    kind: 'execute' as const,
    locations: [],
  };
}

/** Writes of protected paths, each refused under the edit preset. */
const REFUSED: readonly (readonly [string, string])[] = [
  ['npm run gen > .gemini/settings.json', 'redirection into .gemini/'],
  ['npm run gen > app/.github/workflows/x.yml', 'redirection into a nested .github/'],
  ['npm run gen >> GEMINI.md', 'appending to GEMINI.md'],
  ['echo x > app/GEMINI.md', 'a nested GEMINI.md'],
  ['npm run gen &> .gemini/settings.json', 'stdout and stderr'],
  ['npm run gen 2> .github/workflows/x.yml', 'stderr'],
  ['npm run gen > ./app/../.gemini/settings.json', '.. in the target'],
  ['echo x | tee out.txt .gemini/settings.json', 'the second of tee’s files'],
  ['tee -a app/.github/workflows/ci.yml', 'tee -a'],
  ['cp evil.json .gemini/settings.json', 'cp onto a protected file'],
  ['cp evil.json app/.gemini/settings.json', 'cp at depth'],
  ['cp evil.json .gemini', 'cp into a protected folder'],
  ['cp -t .gemini evil.json', 'cp -t'],
  ['cp --target-directory=.gemini evil.json', 'cp --target-directory='],
  ['cp -r cfg .gemini', 'a recursive copy named like a protected folder'],
  ['cp -r .gemini app/', 'a protected folder copied into another repository'],
  ['cp --parents .gemini/settings.json app', 'cp --parents'],
  ['cp evil.json ./app/../.gemini/settings.json', '.. in an operand'],
  ['mv evil.json .gemini/settings.json', 'mv onto a protected file'],
  ['mv .gemini x', 'moving a protected folder away'],
  ['mv x .github', 'moving a folder into place'],
  ['mv evil.toml .gemini/commands/x.toml', 'a command file'],
  ['touch GEMINI.md', 'touch'],
  ['mkdir -p app/.gemini', 'mkdir -p at depth'],
  ['mkdir .github', 'mkdir'],
  ['rm -rf .github', 'removing a protected folder'],
  ['rm .github/workflows/ci.yml', 'removing a workflow'],
  ['rm -r .', 'removing the root, and what it holds'],
  ['rmdir .gemini/commands', 'rmdir'],
  ['ln -s evil .gemini', 'a symlink named like a protected folder'],
  ['ln .gemini/settings.json x', 'a hard link to a protected file'],
  ['ln -s app/.gemini', 'one operand: a link in the current folder'],
  ['install -m 644 evil.json .gemini/settings.json', 'install'],
  ['install -d .gemini/commands', 'install -d'],
  ['dd if=evil.json of=.gemini/settings.json', 'dd of='],
  ['chmod +x .github/workflows/ci.yml', 'chmod'],
  ['truncate -s 0 GEMINI.md', 'truncate'],
  ['git checkout -- .gemini/settings.json', 'git checkout -- path'],
  ['git checkout HEAD~1 -- .github', 'git checkout tree-ish -- folder'],
  ['git restore .gemini/settings.json', 'git restore'],
  ['git checkout -- .', 'git checkout of the whole tree'],
  ['cp x .gem*/settings.json', 'a glob that could expand into .gemini'],
  ['cp x app/.g*/settings.json', 'a glob at depth'],
  ['rm *.md', 'a glob that could match GEMINI.md'],
  ['bash -c "cp evil.json .gemini/settings.json"', 'inside bash -c'],
  ['cat notes.txt > /dev/null; cp evil.json .github/CODEOWNERS', 'the second of a list'],
  ['cp -r app/. .', 'a folder’s contents copied over the root'],
  ['mkdir -p app/.gemini/../x', 'a folder made on the way to another'],
  ['cp evil.json /ws/.gemini/settings.json', 'an absolute path'],
  ['cp evil.json -- .gemini/settings.json', 'after --'],
  ['mv .gemini/settings.json old.json', 'moving a protected file away'],
  ['sort -o .gemini/settings.json evil.json', 'a reader’s output file'],
  ['git mv evil.json .gemini/settings.json', 'git mv'],
  ['git rm -r .github', 'git rm'],
];

/** Other spellings of a protected folder, refused as the workspace refuses them. */
const RESPELLED: readonly string[] = [
  'cp x .GEMINI/settings.json',
  'cp x GEMINI~1/settings.json',
  'echo x > .Gemini/settings.json',
  'cp x .gemini./settings.json',
  'mkdir -p app/.GitHub/workflows',
];

/** What the analysis cannot know, refused before it runs. */
const UNKNOWN: readonly (readonly [string, RegExp])[] = [
  ['git apply evil.diff', /the files its patch names/],
  ['cd .gemini && cp ../evil.json settings.json', /changes directory/],
  // An expansion needs a rule naming the exact command; none does, so the preset's denial answers.
  ['cp evil.json "$DIR/settings.json"', /^Only read-only git commands/u],
  ['cp evil.json {.gemini,x}/settings.json', /brace expansion/],
  ["git checkout -- '.gem*'", /git matches it as a pattern/],
  ['cp evil.json .gemini/${X}', /^Only read-only git commands/u],
];

/** Writes the edit preset allows, with the same rules. */
const ALLOWED_WRITES: readonly string[] = [
  'npm run gen > out/gen.json',
  'echo x > notes.txt',
  'echo x > .github-notes.txt',
  'cp evil.json src/config.json',
  'cp x gemini/settings.json',
  'cp x app/.geminirc',
  'cp -r cfg app/',
  'cp -a cfg .',
  'cp -r template/. newdir',
  'cp .gemini/settings.json backup.json',
  'mv a.txt b.txt',
  'mkdir -p app/src',
  'rm -rf build',
  'rm -rf app/build',
  'rm -f *.log',
  'touch src/new.ts',
  'tee out.txt',
  'ln -s target link',
  'ln -s ../shared app/shared',
  'dd if=a of=b',
  'chmod +x scripts/run.sh',
  'git checkout -- src/a.ts',
  'git apply --check evil.diff',
  'cat .gemini/settings.json',
];

describe('the edit preset, --allow-command and a rule with allowRedirection', () => {
  let engine: PolicyEngine;
  beforeAll(async () => {
    engine = await engineWith('edit');
  });

  it.each(REFUSED)(
    'refuses %s (%s), with the file tools’ explanation and the command',
    async (command) => {
      const verdict = await engine.decide(shell(command), textContext);
      expect(verdict.decision).toBe('deny');
      expect(verdict.reason).toContain(PROTECTED);
      expect(verdict.reason).toContain('which the file tools may not write either');
      // The preset's rule that keeps write_file out decides, as it would for the file tool.
      expect(verdict.decidedBy).toMatch(/^preset:edit:\d+:1 \(default, priority 1\.900\)$/u);
    },
  );

  it.each(RESPELLED)('refuses %s, a protected folder in another spelling', async (command) => {
    const verdict = await engine.decide(shell(command), textContext);
    expect(verdict.decision).toBe('deny');
    expect(verdict.reason).toMatch(/some file systems open that as \.(gemini|github)/u);
  });

  it.each(UNKNOWN)(
    'refuses %s, whose written paths are only known when it runs',
    async (command, why) => {
      const verdict = await engine.decide(shell(command), textContext);
      expect(verdict.decision).toBe('deny');
      expect(verdict.reason).toMatch(why);
    },
  );

  it.each(ALLOWED_WRITES)('still allows %s', async (command) => {
    const verdict = await engine.decide(shell(command), textContext);
    expect(verdict.reason).not.toContain(PROTECTED);
    expect(verdict.decision).toBe('allow');
  });

  it('shows a redirection with its command', async () => {
    const verdict = await engine.decide(
      shell('npm run gen > app/.gemini/settings.json'),
      textContext,
    );
    expect(verdict.reason).toMatch(
      /^`npm run gen > app\/\.gemini\/settings\.json` writes app\/\.gemini\/settings\.json, which/u,
    );
  });

  it('answers a name the preset excludes regardless of case as the file tool is answered: it asks', async () => {
    const verdict = await engine.decide(shell('cp evil.json GEMINI.MD'), textContext);
    const file = await engine.decide(
      {
        toolName: 'write_file',
        args: { file_path: 'GEMINI.MD', content: 'x' },
        kind: 'edit',
        locations: ['GEMINI.MD'],
      },
      textContext,
    );
    expect(file.decision).toBe('ask_user');
    expect(verdict.decision).toBe('ask_user');
    expect(verdict.reason).toContain(file.reason);
  });

  it('resolves relative paths against the call’s directory', async () => {
    const verdict = await engine.decide(
      shell('cp ../evil.json .gemini/settings.json', 'app'),
      textContext,
    );
    expect(verdict.decision).toBe('deny');
    expect(verdict.reason).toContain('app/.gemini/settings.json');
    const up = await engine.decide(shell('cp evil.json ../.github/CODEOWNERS', 'app'), textContext);
    expect(up.reason).toContain(PROTECTED);
    expect(up.reason).toContain('.github/CODEOWNERS');
  });

  it('names the sub-command and the path it writes', async () => {
    const verdict = await engine.decide(
      shell('cp evil.json src/ok.json && cp evil.json app/.gemini/settings.json'),
      textContext,
    );
    expect(verdict.reason).toMatch(
      /^`cp evil\.json app\/\.gemini\/settings\.json`: `cp evil\.json app\/\.gemini\/settings\.json` writes app\/\.gemini\/settings\.json, which the file tools may not write either: This path is protected/u,
    );
    expect(verdict.subcommands?.map((sub) => sub.decision)).toEqual(['allow', 'deny']);
  });

  it('refuses an exactly allowed sed -i of a protected file', async () => {
    const exact = rule({
      toolNames: SHELL,
      commandPrefixes: ['sed -i s/a/b/ .gemini/settings.json'],
      decision: 'allow',
    });
    const withExact = await engineWith('edit', [exact]);
    const verdict = await withExact.decide(
      shell('sed -i s/a/b/ .gemini/settings.json'),
      textContext,
    );
    expect(verdict.decision).toBe('deny');
    expect(verdict.reason).toContain(PROTECTED);
  });
});

describe('the same rule opens a protected path for the shell as for the file tools', () => {
  let engine: PolicyEngine;
  beforeAll(async () => {
    engine = await engineWith('edit', [ISSUE_TEMPLATES]);
  });

  it.each([
    'cp tpl.md .github/ISSUE_TEMPLATE/bug.md',
    'npm run gen > .github/ISSUE_TEMPLATE/bug.md',
    'mkdir -p .github/ISSUE_TEMPLATE',
    'rm -rf .github/ISSUE_TEMPLATE',
    'tee .github/ISSUE_TEMPLATE/a.md .github/ISSUE_TEMPLATE/b.md',
  ])('allows %s', async (command) => {
    const verdict = await engine.decide(shell(command), textContext);
    expect(verdict.decision).toBe('allow');
    const file = await engine.decide(
      {
        toolName: 'write_file',
        args: { file_path: '.github/ISSUE_TEMPLATE/bug.md', content: 'x' },
        kind: 'edit',
        locations: ['.github/ISSUE_TEMPLATE/bug.md'],
      },
      textContext,
    );
    expect(file.decision).toBe('allow');
  });

  it.each([
    'cp tpl.md .github/workflows/x.yml',
    'mv .github/ISSUE_TEMPLATE .github/workflows',
    'cp tpl.md .github/ISSUE_TEMPLATE*/bug.md',
    'rm -rf .github',
  ])('still refuses %s', async (command) => {
    const verdict = await engine.decide(shell(command), textContext);
    expect(verdict.decision).toBe('deny');
    expect(verdict.reason).toContain(PROTECTED);
  });
});

describe('what other policies make of shell writes', () => {
  it('read-only preset: write_file is refused by a rule naming no path, so redirections are judged as before', async () => {
    const engine = await engineWith('read-only');
    const context: PolicyContext = { ...textContext, runMode: 'review' };
    const redirect = await engine.decide(shell('npm run gen > .gemini/settings.json'), context);
    expect(redirect.decision).toBe('allow');
    const copy = await engine.decide(shell('cp evil.json out.json'), context);
    expect(copy.decision).toBe('allow');
  });

  it('a policy file that protects more paths protects them from the shell too', async () => {
    const secrets = rule({
      toolNames: EDIT_TOOLS,
      pathPatterns: ['secrets/**'],
      decision: 'deny',
      denyMessage: 'secrets/ is kept by hand.',
    });
    const engine = await engineWith('edit', [secrets]);
    for (const command of [
      'cp x secrets/key.txt',
      'npm run gen > secrets/key.txt',
      'mv secrets elsewhere',
      'rm -rf .',
    ]) {
      const verdict = await engine.decide(shell(command), textContext);
      expect(verdict.decision, command).toBe('deny');
      expect(verdict.reason, command).toMatch(
        /secrets\/ is kept by hand\.|This path is protected/u,
      );
    }
    expect((await engine.decide(shell('cp x src/key.txt'), textContext)).decision).toBe('allow');
  });

  it('an allow rule’s excludedPaths make a shell write of them ask, as the file tool would', async () => {
    const vendor = rule({
      toolNames: EDIT_TOOLS,
      excludedPaths: ['vendor/**'],
      decision: 'allow',
    });
    const engine = await engineWith('edit', [vendor]);
    const verdict = await engine.decide(shell('cp x vendor/lib.js'), textContext);
    expect(verdict.decision).toBe('ask_user');
    expect(verdict.reason).toContain('matches the excluded path "vendor/**"');
  });

  it('--yolo: when write_file may write .gemini/, so may the shell', async () => {
    const engine = createPolicyEngine({
      rules: [rule({ toolNames: ['*'], decision: 'allow', priority: 0, tier: 'default' })],
      analyzeShell: (command) => analyzeShellCommand(command),
    });
    const verdict = await engine.decide(shell('cp x .gemini/settings.json'), textContext);
    expect(verdict.decision).toBe('allow');
  });
});

describe('on the file system: symlinks and globs are judged by where they lead', () => {
  let base: string;
  let context: PolicyContext;
  let engine: PolicyEngine;

  beforeAll(async () => {
    base = realpathSync(mkdtempSync(path.join(tmpdir(), 'shell-writes-')));
    mkdirSync(path.join(base, '.gemini'));
    mkdirSync(path.join(base, 'app', '.github', 'workflows'), { recursive: true });
    writeFileSync(path.join(base, 'evil.json'), '{}\n');
    symlinkSync(path.join(base, '.gemini'), path.join(base, 'cfg-link'));
    symlinkSync(path.join(base, 'app', '.github'), path.join(base, 'app', 'ci'));
    const workspace = await Workspace.create(base);
    context = policyContext(workspace, { runMode: 'invoke', trust: 'maintainer' });
    engine = await engineWith('edit');
  });

  afterAll(() => {
    rmSync(base, { recursive: true, force: true });
  });

  it.each([
    'cp evil.json cfg-link/settings.json',
    'npm run gen > cfg-link/settings.json',
    'cp evil.json cfg-l*/settings.json',
    'tee app/ci/workflows/x.yml',
    'rm -rf cfg-link/',
  ])('refuses %s', async (command) => {
    const verdict = await engine.decide(shell(command), context);
    expect(verdict.decision).toBe('deny');
    expect(verdict.reason).toContain(PROTECTED);
    expect(verdict.reason).toMatch(/which leads to (\.gemini|app\/\.github)/u);
  });

  it('allows a write whose link leads to an ordinary folder', async () => {
    symlinkSync(path.join(base, 'app'), path.join(base, 'app-link'));
    const verdict = await engine.decide(shell('cp evil.json app-link/x.json'), context);
    expect(verdict.decision).toBe('allow');
  });
});
