import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/platform/errors.js';
import { createPolicyEngine } from '../../src/policy/policy-engine.js';
import type { PolicyCall, PolicyContext, PolicyRule } from '../../src/policy/policy-types.js';
import {
  COMMAND_ALLOW_PRIORITY,
  commandAllowRules,
  loadPreset,
  parsePresetName,
  presetDirectories,
  presetForMode,
  PRESET_NAMES,
  PROTECTED_PATH_PATTERNS,
} from '../../src/policy/presets.js';
import type { PresetName } from '../../src/policy/presets.js';
import { tempRepo } from '../support/temp-repo.js';
import type { RunMode } from '../../src/platform/run-mode.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const docs = readFileSync(path.join(repoRoot, 'docs', 'policy.md'), 'utf8');

/** The tools a review and a triage hand their result in with. */
const RESULT_TOOLS = ['submit_review', 'set_labels'];
/** Every subagent (`invoke_agent` covers them all) and the tool a subagent finishes with. */
const AGENT_TOOLS = ['invoke_agent', 'complete_task'];
const READ_TOOLS = [
  'read_file',
  'read_many_files',
  'list_directory',
  'glob',
  'search_file_content',
  'write_todos',
];
const EDIT_TOOLS = ['write_file', 'replace', 'smart_edit'];
const READ_ONLY_GIT = [
  'git status',
  'git diff',
  'git log',
  'git show',
  'git blame',
  'git ls-files',
  'git rev-parse',
];
const PROTECTED = PROTECTED_PATH_PATTERNS;

async function rulesOf(name: PresetName): Promise<PolicyRule[]> {
  return (await loadPreset(name)).rules;
}

const allows = (rules: PolicyRule[]) => rules.filter((rule) => rule.decision === 'allow');
const allowedTools = (rules: PolicyRule[]) =>
  new Set(
    allows(rules)
      .filter((rule) => !rule.commandPrefixes)
      .flatMap((rule) => rule.toolNames ?? ['*']),
  );
const allowedCommands = (rules: PolicyRule[]) =>
  new Set(allows(rules).flatMap((rule) => rule.commandPrefixes ?? []));
/** The unconditional denial of a tool (a rule naming it with no other condition). */
const denialOf = (rules: PolicyRule[], tool: string) =>
  rules.find(
    (rule) =>
      rule.decision === 'deny' &&
      rule.toolNames?.includes(tool) &&
      !rule.commandRegex &&
      !rule.pathPatterns,
  );

describe('presets', () => {
  it.each(PRESET_NAMES)(
    '%s loads without errors, labelled as a preset in the default tier',
    async (name) => {
      const loaded = await loadPreset(name);
      expect(loaded.rules.length).toBeGreaterThan(0);
      expect(loaded.files).toEqual([
        expect.objectContaining({ file: `preset:${name}`, tier: 'default' }),
      ]);
      expect(loaded.rules.every((rule) => rule.source.file === `preset:${name}`)).toBe(true);
    },
  );

  it('can be loaded in another tier', async () => {
    const loaded = await loadPreset('edit', { tier: 'admin' });
    expect(loaded.rules.every((rule) => rule.effectivePriority >= 4)).toBe(true);
  });

  it.each<[RunMode, PresetName]>([
    ['review', 'read-only'],
    ['triage', 'read-only'],
    ['invoke', 'edit'],
    ['maintenance', 'maintenance'],
  ])('a %s run starts from %s', (mode, preset) => {
    expect(presetForMode(mode)).toBe(preset);
  });

  describe('read-only', () => {
    it('allows reading, listing, searching, the todo list, subagents and read-only git, nothing more', async () => {
      const rules = await rulesOf('read-only');
      expect(allowedTools(rules)).toEqual(
        new Set([...READ_TOOLS, 'grep_search', ...RESULT_TOOLS, ...AGENT_TOOLS]),
      );
      expect(allowedCommands(rules)).toEqual(new Set(READ_ONLY_GIT));
    });

    it('allows each run its own result tool only: submit_review in reviews, set_labels in triage', async () => {
      const rules = await rulesOf('read-only');
      const modesOf = (tool: string) =>
        allows(rules).find((rule) => rule.toolNames?.includes(tool))?.runModes;
      expect(modesOf('submit_review')).toEqual(['review']);
      expect(modesOf('set_labels')).toEqual(['triage']);
    });

    it('denies edits, other shell commands, memory and the web with a message, and everything else', async () => {
      const rules = await rulesOf('read-only');
      for (const tool of [
        ...EDIT_TOOLS,
        'run_shell_command',
        'save_memory',
        'web_fetch',
        'google_web_search',
      ]) {
        expect(denialOf(rules, tool)?.denyMessage, tool).toMatch(/\w/);
      }
      const last = rules[rules.length - 1];
      expect(last).toMatchObject({ toolNames: ['*'], decision: 'deny', priority: 0 });
    });

    it('denies git options that read outside the repository, above its own allows', async () => {
      const rules = await rulesOf('read-only');
      const guard = rules.find((rule) => rule.decision === 'deny' && rule.commandRegex);
      const regex = guard?.commandRegex;
      if (!guard || !regex) throw new Error('no git guard');
      for (const command of [
        'git diff --no-index /etc/passwd /dev/null',
        'git diff --no-inde /etc/passwd x',
        'git blame --contents=/etc/shadow README.md',
        'git blame --cont /etc/shadow README.md',
      ]) {
        expect(regex.test(command), command).toBe(true);
      }
      for (const command of ['git diff HEAD~1', 'git log --oneline -5', 'git blame src/a.ts']) {
        expect(regex.test(command), command).toBe(false);
      }
      const gitAllow = rules.find((rule) => rule.commandPrefixes?.includes('git diff'));
      expect(guard.effectivePriority).toBeGreaterThan(gitAllow?.effectivePriority ?? Infinity);
    });
  });

  describe('edit', () => {
    it('allows everything read-only allows, plus edits except protected paths', async () => {
      const readOnly = await rulesOf('read-only');
      const rules = await rulesOf('edit');
      const readTools = [...allowedTools(readOnly)].filter((tool) => !RESULT_TOOLS.includes(tool));
      expect(allowedTools(rules)).toEqual(new Set([...readTools, ...EDIT_TOOLS]));
      expect(allowedCommands(rules)).toEqual(allowedCommands(readOnly));
      const editAllow = allows(rules).find((rule) => rule.toolNames?.includes('write_file'));
      expect(editAllow?.toolNames).toEqual(EDIT_TOOLS);
      expect(editAllow?.excludedPaths).toEqual(PROTECTED);
      expect(editAllow?.pathPatterns).toBeUndefined();
    });

    it.each<PresetName>(['edit', 'maintenance'])(
      '%s denies edits of protected paths with a message, above the edit allow',
      async (name) => {
        const rules = await rulesOf(name);
        const guard = rules.find((rule) => rule.decision === 'deny' && rule.pathPatterns);
        expect(guard?.toolNames).toEqual(EDIT_TOOLS);
        expect(guard?.pathPatterns).toEqual(PROTECTED);
        expect(guard?.denyMessage).toContain('.github/');
        const editAllow = allows(rules).find((rule) => rule.toolNames?.includes('write_file'));
        expect(editAllow?.excludedPaths).toEqual(PROTECTED);
        expect(guard?.effectivePriority).toBeGreaterThan(editAllow?.effectivePriority ?? Infinity);
      },
    );

    it('keeps memory and the web denied, and tells the model it does not commit', async () => {
      const rules = await rulesOf('edit');
      expect(denialOf(rules, 'save_memory')).toBeDefined();
      expect(denialOf(rules, 'web_fetch')).toBeDefined();
      expect(denialOf(rules, 'run_shell_command')?.denyMessage).toContain('Do not commit');
    });
  });

  describe('maintenance', () => {
    it('allows everything edit allows, plus common build, test and lint commands', async () => {
      const edit = await rulesOf('edit');
      const rules = await rulesOf('maintenance');
      expect(allowedTools(rules)).toEqual(allowedTools(edit));
      const commands = allowedCommands(rules);
      for (const command of [
        ...allowedCommands(edit),
        'npm test',
        'pytest',
        'go test',
        'cargo test',
        'make test',
      ]) {
        expect(commands.has(command), command).toBe(true);
      }
      for (const command of commands) expect(command).not.toMatch(/install|^npx|^npm run$/);
    });
  });

  it('match docs/policy.md: every allowed command and protected path is documented', async () => {
    const rules = await rulesOf('maintenance');
    for (const command of allowedCommands(rules)) expect(docs, command).toContain(`\`${command}\``);
    for (const pattern of PROTECTED) expect(docs, pattern).toContain(`\`${pattern}\``);
    for (const tool of [...READ_TOOLS, ...EDIT_TOOLS]) expect(docs, tool).toContain(`\`${tool}\``);
  });
});

describe('presets decide as documented (non-shell tools)', () => {
  const context = (runMode: RunMode): PolicyContext => ({
    runMode,
    trust: 'maintainer',
    workspaceRoot: '/ws',
  });
  const call = (toolName: string, locations: string[] = []): PolicyCall => ({
    toolName,
    args: locations[0] === undefined ? {} : { file_path: locations[0] },
    kind: 'edit',
    locations,
  });
  async function engineFor(name: PresetName) {
    return createPolicyEngine({
      rules: (await loadPreset(name)).rules,
      analyzeShell: () => Promise.reject(new Error('no shell command in these tests')),
      homeDir: '/home/runner',
    });
  }

  it.each<[PresetName, RunMode]>([
    ['edit', 'invoke'],
    ['maintenance', 'maintenance'],
  ])(
    '%s allows edits in the workspace and refuses protected paths at any depth with the explanation',
    async (name, mode) => {
      const engine = await engineFor(name);
      for (const file of [
        'src/a.ts',
        'docs/guide.md',
        '.gitignore',
        'app/github/x.yml',
        'app/gemini.md.bak',
      ]) {
        expect(
          (await engine.decide(call('write_file', [file]), context(mode))).decision,
          file,
        ).toBe('allow');
      }
      for (const file of [
        '.github/workflows/ci.yml',
        '.github/CODEOWNERS',
        '.gemini/settings.json',
        'GEMINI.md',
        'pkg/GEMINI.md',
        'app/.gemini/settings.json',
        'app/.github/workflows/x.yml',
        'a/b/c/.gemini/extensions/x/gemini-extension.json',
        'repos/api/.gemini/commands/deploy.toml',
        'repos/api/.github/actions/build/action.yml',
        '/ws/app/.gemini/agents/helper.md',
        '..notes/GEMINI.md',
      ]) {
        const verdict = await engine.decide(call('replace', [file]), context(mode));
        expect(verdict.decision, file).toBe('deny');
        expect(verdict.reason, file).toContain('This path is protected');
        expect(verdict.decidedBy, file).toMatch(
          new RegExp(`^preset:${name}:\\d+:1 \\(default, priority 1\\.900\\)$`),
        );
      }
      // Another spelling of the folder is outside the edit allow (its exclusions ignore case),
      // so never allowed; the file tools refuse such spellings for writes anyway (workspace.ts).
      for (const file of ['app/.GEMINI/settings.json', '.GitHub/workflows/x.yml']) {
        const verdict = await engine.decide(call('replace', [file]), context(mode));
        expect(verdict.decision, file).not.toBe('allow');
      }
    },
  );

  it('read-only refuses edits and memory, allows reading, and declares only what it can allow', async () => {
    const engine = await engineFor('read-only');
    expect(
      (await engine.decide(call('write_file', ['src/a.ts']), context('review'))).reason,
    ).toContain('This run is read-only');
    expect((await engine.decide(call('read_file', ['src/a.ts']), context('review'))).decision).toBe(
      'allow',
    );
    expect((await engine.decide(call('save_memory'), context('review'))).reason).toContain(
      'later runs',
    );
    expect((await engine.decide(call('some_new_tool'), context('review'))).reason).toBe(
      'This tool is not allowed by the read-only policy of this run.',
    );
    const tools = ['read_file', 'write_file', 'run_shell_command', 'save_memory', 'web_fetch'].map(
      (name) => ({
        name,
        kind: 'other' as const,
      }),
    );
    expect(
      engine
        .declaredTools(tools, { runMode: 'review', trust: 'automatic' })
        .map((tool) => tool.name),
    ).toEqual(['read_file', 'run_shell_command']);
  });
});

describe('finding preset files', () => {
  it('looks beside the bundle first, then at the repository root', () => {
    const [bundle, root] = presetDirectories();
    expect(bundle).toBe(path.join(repoRoot, 'src', 'policy', 'policies'));
    expect(root).toBe(path.join(repoRoot, 'policies'));
  });

  it('uses the first folder that has the preset', async () => {
    const first = await tempRepo({ 'edit.toml': '[tools.glob]\nmode = "always_allow"\n' });
    const second = await tempRepo({
      'edit.toml': '[tools.glob]\nmode = "always_deny"\n',
      'read-only.toml': '[tools.glob]\nmode = "ask_user"\n',
    });
    const edit = await loadPreset('edit', { directories: [first, second] });
    expect(edit.rules[0]?.decision).toBe('allow');
    expect(edit.files[0]?.path).toBe(path.join(first, 'edit.toml'));
    const readOnly = await loadPreset('read-only', { directories: [first, second] });
    expect(readOnly.rules[0]?.decision).toBe('ask_user');
  });

  it('treats a missing preset as a packaging bug, not a configuration error', async () => {
    const empty = await tempRepo();
    const attempt = loadPreset('maintenance', { directories: [empty] });
    await expect(attempt).rejects.toThrow(
      `The policy preset "maintenance" is missing; looked in ${empty}`,
    );
    await expect(attempt).rejects.not.toBeInstanceOf(ConfigurationError);
  });
});

describe('parsePresetName', () => {
  it('accepts the preset names and suggests the closest for a typo', () => {
    expect(parsePresetName(' edit ')).toBe('edit');
    const attempt = () => parsePresetName('read_only', { input: 'policy-preset' });
    expect(attempt).toThrow(ConfigurationError);
    expect(attempt).toThrow(
      'policy-preset: unknown policy preset "read_only"; expected "read-only", "edit" or "maintenance"; did you mean "read-only"?',
    );
  });
});

describe('commandAllowRules', () => {
  it('makes one shell allow rule per listed command, in the given tier', () => {
    const rules = commandAllowRules(['npm test', ' npm run lint '], {
      file: '--allow-command',
      tier: 'workflow',
    });
    expect(rules).toEqual([
      {
        id: '--allow-command#0',
        toolNames: ['run_shell_command'],
        commandPrefixes: ['npm test'],
        decision: 'allow',
        priority: COMMAND_ALLOW_PRIORITY,
        effectivePriority: 3.5,
        source: { file: '--allow-command', line: 1, column: 1, tier: 'workflow' },
      },
      expect.objectContaining({
        id: '--allow-command#1',
        commandPrefixes: ['npm run lint'],
        source: { file: '--allow-command', line: 2, column: 1, tier: 'workflow' },
      }),
    ]);
  });

  it.each([
    [
      'npm test && curl x',
      'contains "&&": list each command on its own (every part of a compound command is checked separately)',
    ],
    [
      'npm test; rm -rf /',
      'contains ";": list each command on its own (every part of a compound command is checked separately)',
    ],
    [
      'npm test > out.txt',
      'contains ">": redirections are judged separately (allowRedirection in a [[rule]])',
    ],
    ['echo $(env)', 'contains "$": expansions and substitutions are never allowed in commands'],
  ])('refuses shell syntax in %s', (command, reason) => {
    expect(() =>
      commandAllowRules(['npm test', command], {
        file: 'input allowed-commands',
        tier: 'workflow',
      }),
    ).toThrow(`input allowed-commands: command 2 (${JSON.stringify(command)}) ${reason}`);
  });

  it('refuses an empty command', () => {
    expect(() =>
      commandAllowRules(['  '], { file: 'input allowed-commands', tier: 'workflow' }),
    ).toThrow('input allowed-commands: command 1 is empty; expected a command such as "npm test"');
  });
});
