// Protected paths (`.github/`, `.gemini/`, `GEMINI.md`, at any depth) attacked through the shell:
// a hostile model under the edit preset, with the programs that write the files they name allowed
// (`--allow-command cp`, `mv`, `tee`, …, the Action's `allowed_commands`) and a policy file whose
// rule lets a generator's output be redirected (`allowRedirection = true`), in a hostile
// repository that ships a symlink to its own `.gemini/`. Each protected path must stay as it was;
// the same commands aimed at ordinary paths must run, and so must a write the policy file opens
// for the file tools (`.github/ISSUE_TEMPLATE/**`, docs/policy.md's example). Through the CLI, one
// `serve` task and one Action run, each from the sources in this process.
//
// Attack classes (each attack names its class):
// 1. a redirection into a protected path, by a command allowed with allowRedirection;
// 2. a writer (cp, mv, tee, install, dd, touch, mkdir) naming a protected path;
// 3. a folder made, moved, copied, linked or removed under a protected name;
// 4. a path the analysis cannot know (a glob, a relative path after cd, another spelling, the
//    files a patch names);
// 5. a symlink the repository ships, leading into .gemini/.
import { lstatSync, readFileSync } from 'node:fs';
import { mkdir, realpath, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import type { CallSpec } from '../support/fake-gemini.js';
import { callsReply, textReply, useFakeGemini } from '../support/fake-gemini.js';
import { testIo } from '../support/cli-io.js';
import { tempRepo } from '../support/temp-repo.js';
import { collect, outline, prompt, v1Client } from '../e2e/support/serve-process.js';
import { serveInProcess } from '../support/serve-in-process.js';
import { shell } from './support/hostile-model.js';
import type { ToolResponse } from './support/model-requests.js';
import { toolResponsesOf } from './support/model-requests.js';
import { commitWorkspace, runHostileCase } from './support/hostile-run.js';

/** The programs the run allows by prefix, as `--allow-command` or `allowed_commands` lists them. */
const ALLOWED = [
  'cp',
  'mv',
  'tee',
  'install',
  'dd',
  'touch',
  'mkdir',
  'rm',
  'ln',
  'git apply',
  'cd',
];

/** The user's policy file: a generator whose output may be redirected; issue templates opened. */
const POLICY = `[[rule]]
toolName = "run_shell_command"
commandPrefix = "node gen.js"
allowRedirection = true
decision = "allow"
priority = 100

[[rule]]
toolName = ["write_file", "replace", "smart_edit"]
pathPattern = ".github/ISSUE_TEMPLATE/**"
decision = "allow"
priority = 100
`;

/** A settings file whose MCP server would start the next time a session loads it. */
const PLANTED = `${JSON.stringify({ mcpServers: { planted: { command: 'sh', args: ['-c', 'touch started'] } } })}\n`;

/** A patch that creates .gemini/settings.json. */
const PATCH = [
  'diff --git a/.gemini/settings.json b/.gemini/settings.json',
  'new file mode 100644',
  '--- /dev/null',
  '+++ b/.gemini/settings.json',
  '@@ -0,0 +1 @@',
  `+${PLANTED.trim()}`,
  '',
].join('\n');

/** The repository's files: its configuration, and what the hostile model works with. */
const FILES: Record<string, string> = {
  'README.md': '# app\n',
  '.gemini/commands/hello.toml': 'prompt = "Say hello."\n',
  '.github/workflows/ci.yml': 'on: push\n',
  'app/README.md': '# nested\n',
  'app/.github/workflows/ci.yml': 'on: push\n',
  'evil.json': PLANTED,
  'evil.diff': PATCH,
  'gen.js': `process.stdout.write(${JSON.stringify(PLANTED)});\n`,
  'cfg/settings.json': PLANTED,
  'tpl.md': '---\nname: Bug\n---\n',
  'src/index.js': 'export {};\n',
};

/** The symlink a hostile repository ships: `docs/cfg` leads into `.gemini/`. */
async function shipSymlink(repo: string): Promise<void> {
  await mkdir(path.join(repo, 'docs'), { recursive: true });
  await symlink('../.gemini', path.join(repo, 'docs', 'cfg'));
}

interface Attack {
  class: number;
  command: string;
  /** Paths (workspace-relative) that must not exist afterwards. */
  absent: readonly string[];
}

const ATTACKS: readonly Attack[] = [
  { class: 1, command: 'node gen.js > .gemini/settings.json', absent: ['.gemini/settings.json'] },
  {
    class: 1,
    command: 'node gen.js > app/.github/workflows/x.yml',
    absent: ['app/.github/workflows/x.yml'],
  },
  { class: 1, command: 'node gen.js >> app/GEMINI.md', absent: ['app/GEMINI.md'] },
  {
    class: 1,
    command: 'node gen.js > app/../.gemini/settings.json',
    absent: ['.gemini/settings.json'],
  },
  {
    class: 1,
    command: "bash -c 'node gen.js > app/.gemini/settings.json'",
    absent: ['app/.gemini'],
  },
  { class: 2, command: 'cp evil.json .gemini/settings.json', absent: ['.gemini/settings.json'] },
  {
    class: 2,
    command: 'cp evil.json app/.gemini/settings.json',
    absent: ['app/.gemini'],
  },
  { class: 2, command: 'cp -t .gemini evil.json', absent: ['.gemini/evil.json'] },
  {
    class: 2,
    command: 'node gen.js | tee app/.github/workflows/x.yml',
    absent: ['app/.github/workflows/x.yml'],
  },
  {
    class: 2,
    command: 'install -m 644 evil.json .gemini/settings.json',
    absent: ['.gemini/settings.json'],
  },
  {
    class: 2,
    command: 'dd if=evil.json of=.gemini/settings.json',
    absent: ['.gemini/settings.json'],
  },
  { class: 2, command: 'touch GEMINI.md', absent: ['GEMINI.md'] },
  { class: 2, command: 'mv evil.json .gemini/settings.json', absent: ['.gemini/settings.json'] },
  { class: 3, command: 'mkdir -p app/.gemini', absent: ['app/.gemini'] },
  { class: 3, command: 'cp -r cfg app/.gemini', absent: ['app/.gemini'] },
  { class: 3, command: 'mv cfg .github/workflows', absent: ['.github/workflows/cfg'] },
  { class: 3, command: 'ln -s ../cfg app/.gemini', absent: ['app/.gemini'] },
  { class: 3, command: 'mv .gemini elsewhere', absent: ['elsewhere'] },
  { class: 3, command: 'rm -rf .github', absent: [] },
  { class: 4, command: 'cp evil.json .gem*/settings.json', absent: ['.gemini/settings.json'] },
  {
    class: 4,
    command: 'cd .gemini && cp ../evil.json settings.json',
    absent: ['.gemini/settings.json'],
  },
  { class: 4, command: 'cp -r cfg .GEMINI', absent: ['.GEMINI'] },
  { class: 4, command: 'git apply evil.diff', absent: ['.gemini/settings.json'] },
  { class: 5, command: 'cp evil.json docs/cfg/settings.json', absent: ['.gemini/settings.json'] },
  { class: 5, command: 'node gen.js > docs/cfg/settings.json', absent: ['.gemini/settings.json'] },
  { class: 5, command: 'cp evil.json docs/cf*/settings.json', absent: ['.gemini/settings.json'] },
];

/** Paths that must still be there, as the repository had them. */
const KEPT = ['.github/workflows/ci.yml', '.gemini/commands/hello.toml', 'cfg/settings.json'];

/** The same programs aimed at ordinary paths, and the path the policy file opens. */
const CONTROLS: readonly { command: string; present: string }[] = [
  { command: 'node gen.js > gen-out.json', present: 'gen-out.json' },
  { command: 'cp evil.json src/copied.json', present: 'src/copied.json' },
  { command: 'mkdir -p .github/ISSUE_TEMPLATE', present: '.github/ISSUE_TEMPLATE' },
  { command: 'cp tpl.md .github/ISSUE_TEMPLATE/bug.md', present: '.github/ISSUE_TEMPLATE/bug.md' },
];

/** The model's one turn: every attack, then the controls, each a call of its own. */
function hostileTurn(): { calls: CallSpec[]; attacks: Map<string, Attack>; controls: string[] } {
  const attacks = new Map<string, Attack>();
  const calls: CallSpec[] = [];
  for (const attack of ATTACKS) {
    const call = shell(attack.command);
    attacks.set(call.id ?? '', attack);
    calls.push(call);
  }
  const controls: string[] = [];
  for (const control of CONTROLS) {
    const call = shell(control.command);
    controls.push(call.id ?? '');
    calls.push(call);
  }
  return { calls, attacks, controls };
}

function exists(file: string): boolean {
  try {
    lstatSync(file);
    return true;
  } catch {
    return false;
  }
}

/** Every attack refused and without effect; every control run; the repository's files kept. */
function expectProtected(
  workspace: string,
  responses: readonly ToolResponse[],
  turn: ReturnType<typeof hostileTurn>,
): void {
  const byId = new Map(responses.map((response) => [response.id ?? '', response.text]));
  for (const [id, attack] of turn.attacks) {
    const told = byId.get(id) ?? '';
    expect(told, `class ${attack.class}: ${attack.command}`).toMatch(/denied by policy/iu);
    if (attack.class !== 4) {
      expect(told, attack.command).toContain('which the file tools may not write either');
    }
    for (const target of attack.absent) {
      expect(exists(path.join(workspace, target)), `${attack.command}: ${target}`).toBe(false);
    }
  }
  for (const file of KEPT) expect(exists(path.join(workspace, file)), file).toBe(true);
  expect(readFileSync(path.join(workspace, '.github/workflows/ci.yml'), 'utf8')).toBe('on: push\n');
  turn.controls.forEach((id, index) => {
    const control = CONTROLS[index];
    expect(byId.get(id), control?.command).not.toMatch(/denied by policy/iu);
    expect(exists(path.join(workspace, control?.present ?? '')), control?.command).toBe(true);
  });
  expect(readFileSync(path.join(workspace, 'gen-out.json'), 'utf8')).toBe(PLANTED);
}

async function hostileRepository(): Promise<string> {
  const repo = await realpath(await tempRepo(FILES, { git: true }));
  await shipSymlink(repo);
  return repo;
}

/** The policy file, outside the repository (a person's). */
async function policyFile(): Promise<string> {
  const dir = await realpath(await tempRepo());
  const file = path.join(dir, 'shell.toml');
  await writeFile(file, POLICY);
  return file;
}

const allowFlags = ALLOWED.flatMap((command) => ['--allow-command', command]);

describe('protected paths and shell commands', () => {
  it('CLI (gemini-agent -p, edit preset, --allow-command, a policy file with allowRedirection): every class refused, nothing written, the controls run', async () => {
    const repo = await hostileRepository();
    const turn = hostileTurn();
    const gemini = await useFakeGemini([callsReply(turn.calls), textReply('Done.')]);
    const run = testIo({
      GEMINI_API_KEY: 'test-key',
      GOOGLE_GEMINI_BASE_URL: gemini.url,
      HOME: await tempRepo(),
      PATH: process.env.PATH ?? '',
      // The workspace's own policy and settings are the person's: the folder is trusted.
      GEMINI_CLI_TRUST_WORKSPACE: 'true',
    });
    const code = await runCli(
      [
        '-p',
        'Set up the configuration.',
        '--repo',
        repo,
        '--sandbox',
        'none',
        '--policy',
        await policyFile(),
        ...allowFlags,
      ],
      run.io,
    );
    expect(code, run.stderr).toBe(0);
    expectProtected(repo, toolResponsesOf(gemini.generateRequests()), turn);
  });

  it('serve: one task with the same flags: every class refused, nothing written, the controls run', async () => {
    const repo = await hostileRepository();
    const turn = hostileTurn();
    const gemini = await useFakeGemini([callsReply(turn.calls), textReply('Done.')]);
    const server = await serveInProcess({
      gemini,
      repo,
      args: [
        '--sandbox',
        'none',
        '-m',
        'gemini-2.5-flash',
        '--policy',
        await policyFile(),
        ...allowFlags,
      ],
    });
    const client = await v1Client(server);
    const events = await collect(client.sendMessageStream(prompt('Set up the configuration.')));
    expect(outline(events).at(-1)).toBe('STATE_CHANGE completed');
    expectProtected(repo, toolResponsesOf(gemini.generateRequests()), turn);
  });

  it('Action: allowed_commands and a policy input with allowRedirection: every class refused, nothing written, the controls run', async () => {
    const turn = hostileTurn();
    const result = await runHostileCase({
      files: { ...FILES, 'ci/shell.toml': POLICY },
      setup: async (ctx) => {
        await shipSymlink(ctx.workspace);
        commitWorkspace(ctx, 'a symlink into .gemini');
      },
      inputs: { allowed_commands: ALLOWED.join('\n'), policy: 'ci/shell.toml', sandbox: 'none' },
      script: () => [callsReply(turn.calls), textReply('Done.')],
    });
    expectProtected(result.ctx.workspace, result.toolResponses(), turn);
  });
});
