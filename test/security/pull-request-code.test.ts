// A hostile pull request against the programs the agent's configuration starts. On a pull
// request the configuration is read from the base branch; the workspace holds the pull request's
// code. Whatever the base branch's configuration starts — extension MCP servers, settings MCP
// servers, discovered tools, custom commands' `!{…}` — must never run a file the pull request
// wrote: it runs from the base branch's files, or it does not start, and the report says which.
//
// Each case commits the base branch, then the pull request on top, and runs the whole Action (or
// `gemini-agent run`) with the fake GitHub serving both commits. The programs write markers: the
// pull request's must never appear.
import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { callsReply, textReply } from '../support/fake-gemini.js';
import { TEST_SERVER } from '../support/mcp-session.js';
import { describeSandboxed, sandboxWay } from '../support/sandbox-suites.js';
import { tempRepo } from '../support/temp-repo.js';
import { webhookExample } from '../support/webhook-payloads.js';
import {
  commitAll,
  git,
  runArgs,
  tempDir,
  testTerminal,
  writeJson,
  writeSession,
} from '../local/support.js';
import { call, shell } from './support/hostile-model.js';
import type { CaseFiles, MarkerContext, PullRequestRun } from './support/pull-request-case.js';
import { runPullRequestCase } from './support/pull-request-case.js';

const manifest = (servers: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  `${JSON.stringify({ name: 'tools', version: '1.0.0', mcpServers: servers, ...extra }, null, 2)}\n`;

const settings = (value: Record<string, unknown>) => `${JSON.stringify(value, null, 2)}\n`;

/** A Node program that records `name` and exits (the markers lie in the workspace). */
const nodeMark = (m: MarkerContext, name: string) =>
  `require('fs').mkdirSync(${JSON.stringify(path.dirname(m.markerOf(name)))}, { recursive: true });\n` +
  `require('fs').writeFileSync(${JSON.stringify(m.markerOf(name))}, 'ran');\n`;

/** The base branch's extension `tools`, whose server is `servers`, with a start script. */
const extension = (m: MarkerContext, servers: Record<string, unknown>, files: CaseFiles = {}) => ({
  '.gemini/extensions/tools/gemini-extension.json': manifest(servers),
  '.gemini/extensions/tools/start.sh': `${m.mark('base')}\n`,
  ...files,
});

/** The pull request's version of the extension's start script. */
const hostileStart = (m: MarkerContext): CaseFiles => ({
  '.gemini/extensions/tools/start.sh': `${m.mark('head')}\n`,
});

/** The report said the server or tool was not started, and why. */
function expectNotStarted(run: PullRequestRun, what: string, why: RegExp): void {
  const line = run
    .summary()
    .split('\n')
    .find((text) => text.includes(what) && text.includes('not started'));
  expect(line, run.summary()).toBeDefined();
  expect(line).toMatch(why);
}

describe('extension servers: they run the base branch’s copy of the extension', () => {
  it.each(['review', 'comment'] as const)(
    'sh ${extensionPath}/start.sh, the script changed by the pull request (%s)',
    async (event) => {
      const run = await runPullRequestCase({
        event,
        base: (m) =>
          extension(m, { tools: { command: 'sh', args: ['${extensionPath}/start.sh'] } }),
        head: hostileStart,
      });

      expect(run.ran('head')).toBe(false);
      expect(run.ran('base')).toBe(true);
      expect(run.summary()).toContain(
        "MCP server `tools`: runs from the base branch's copy of `.gemini/extensions/tools`, not from the pull request's files.",
      );
    },
  );

  it('cwd ${extensionPath} and a relative script', async () => {
    const run = await runPullRequestCase({
      base: (m) =>
        extension(m, { tools: { command: 'sh', args: ['start.sh'], cwd: '${extensionPath}' } }),
      head: hostileStart,
    });

    expect(run.ran('head')).toBe(false);
    expect(run.ran('base')).toBe(true);
  });

  it('a shell snippet that changes into ${extensionPath}', async () => {
    const run = await runPullRequestCase({
      base: (m) =>
        extension(m, {
          tools: { command: 'bash', args: ['-c', 'cd "${extensionPath}" && sh ./start.sh'] },
        }),
      head: hostileStart,
    });

    expect(run.ran('head')).toBe(false);
    expect(run.ran('base')).toBe(true);
  });

  it('a file the pull request adds, which the base script would source if it existed', async () => {
    const run = await runPullRequestCase({
      base: (m) =>
        extension(
          m,
          { tools: { command: 'sh', args: ['${extensionPath}/start.sh'] } },
          {
            '.gemini/extensions/tools/start.sh': [
              'here=$(dirname "$0")',
              '[ -f "$here/local.sh" ] && . "$here/local.sh"',
              m.mark('base'),
              '',
            ].join('\n'),
          },
        ),
      head: (m) => ({ '.gemini/extensions/tools/local.sh': `${m.mark('head')}\n` }),
    });

    expect(run.ran('head')).toBe(false);
    expect(run.ran('base')).toBe(true);
  });

  it("a node_modules package the pull request adds at the top, which Node's look-up would find", async () => {
    const run = await runPullRequestCase({
      base: (m) =>
        extension(
          m,
          { tools: { command: process.execPath, args: ['${extensionPath}/server.js'] } },
          {
            // An optional dependency, as `debug` has `supports-color`.
            '.gemini/extensions/tools/server.js': `try { require('helper'); } catch {}\n${nodeMark(m, 'base')}`,
          },
        ),
      head: (m) => ({
        'node_modules/helper/index.js': nodeMark(m, 'head'),
        '.gemini/node_modules/helper/index.js': nodeMark(m, 'head'),
      }),
    });

    expect(run.ran('head')).toBe(false);
    expect(run.ran('base')).toBe(true);
  });

  it('the extension’s script spelled through ${workspacePath}', async () => {
    const run = await runPullRequestCase({
      base: (m) =>
        extension(m, {
          tools: { command: 'sh', args: ['${workspacePath}/.gemini/extensions/tools/start.sh'] },
        }),
      head: hostileStart,
    });

    expect(run.ran('head')).toBe(false);
    expect(run.ran('base')).toBe(true);
  });

  it('a script outside the extension, through ${workspacePath}: not started', async () => {
    const run = await runPullRequestCase({
      base: (m) =>
        extension(
          m,
          { tools: { command: 'sh', args: ['${workspacePath}/scripts/start.sh'] } },
          { 'scripts/start.sh': `${m.mark('base')}\n` },
        ),
      head: (m) => ({ 'scripts/start.sh': `${m.mark('head')}\n` }),
    });

    expect(run.ran('head')).toBe(false);
    expect(run.ran('base')).toBe(false);
    expectNotStarted(
      run,
      'MCP server `tools`',
      /"\/.*\/scripts\/start\.sh" names scripts\/start\.sh in the workspace/,
    );
  });

  it('a PATH in the server’s env that leads into the workspace: not started', async () => {
    const run = await runPullRequestCase({
      base: (m) =>
        extension(m, {
          tools: { command: 'lint-tool', env: { PATH: '${workspacePath}/bin:/usr/bin:/bin' } },
        }),
      head: (m) => ({ 'bin/lint-tool': { text: `#!/bin/sh\n${m.mark('head')}\n`, exec: true } }),
    });

    expect(run.ran('head')).toBe(false);
    expectNotStarted(run, 'MCP server `tools`', /variable PATH/);
  });

  it('an extension folder that holds a binary file is not copied, and its server not started', async () => {
    const run = await runPullRequestCase({
      base: (m) =>
        extension(
          m,
          { tools: { command: 'sh', args: ['${extensionPath}/start.sh'] } },
          { '.gemini/extensions/tools/bin/helper': 'ELF\u0000\u0001binary' },
        ),
      head: hostileStart,
    });

    expect(run.ran('head')).toBe(false);
    expect(run.ran('base')).toBe(false);
    expectNotStarted(
      run,
      'MCP server `tools`',
      /no copy of \.gemini\/extensions\/tools could be made \(\.gemini\/extensions\/tools\/bin\/helper: a binary file\)/,
    );
  });

  it('a manifest the pull request rewrites is not read; the base branch’s is', async () => {
    const run = await runPullRequestCase({
      base: (m) => extension(m, { tools: { command: 'sh', args: ['${extensionPath}/start.sh'] } }),
      head: (m) => ({
        '.gemini/extensions/tools/gemini-extension.json': manifest({
          tools: { command: 'sh', args: ['-c', m.mark('head')] },
        }),
      }),
    });

    expect(run.ran('head')).toBe(false);
    expect(run.ran('base')).toBe(true);
  });

  it('an extension the pull request adds is not loaded', async () => {
    const run = await runPullRequestCase({
      base: () => ({}),
      head: (m) => ({
        '.gemini/extensions/evil/gemini-extension.json': `${JSON.stringify({
          name: 'evil',
          version: '1.0.0',
          mcpServers: { evil: { command: 'sh', args: ['${extensionPath}/start.sh'] } },
        })}\n`,
        '.gemini/extensions/evil/start.sh': `${m.mark('head')}\n`,
      }),
    });

    expect(run.ran('head')).toBe(false);
    expect(run.summary()).not.toContain('evil');
  });
});

describe('settings.json servers: a path of the workspace is the pull request’s', () => {
  it('node scripts/server.js (relative, in the workspace): not started', async () => {
    const run = await runPullRequestCase({
      base: (m) => ({
        '.gemini/settings.json': settings({
          mcpServers: { local: { command: process.execPath, args: ['scripts/server.js'] } },
        }),
        'scripts/server.js': nodeMark(m, 'base'),
      }),
      head: (m) => ({ 'scripts/server.js': nodeMark(m, 'head') }),
    });

    expect(run.ran('head')).toBe(false);
    expectNotStarted(
      run,
      'MCP server `local`',
      /"scripts\/server\.js" names scripts\/server\.js in the workspace/,
    );
  });

  it('the same server given inline by the workflow’s settings input: not started', async () => {
    const run = await runPullRequestCase({
      base: (m) => ({ 'scripts/server.js': nodeMark(m, 'base') }),
      head: (m) => ({ 'scripts/server.js': nodeMark(m, 'head') }),
      inputs: {
        settings: JSON.stringify({
          mcpServers: { local: { command: process.execPath, args: ['scripts/server.js'] } },
        }),
      },
    });

    expect(run.ran('head')).toBe(false);
    expectNotStarted(run, 'MCP server `local`', /scripts\/server\.js/);
  });

  it('a cwd in the workspace: not started', async () => {
    const run = await runPullRequestCase({
      base: (m) => ({
        '.gemini/settings.json': settings({
          mcpServers: { local: { command: 'sh', args: ['run.sh'], cwd: 'tools' } },
        }),
        'tools/run.sh': `${m.mark('base')}\n`,
      }),
      head: (m) => ({ 'tools/run.sh': `${m.mark('head')}\n` }),
    });

    expect(run.ran('head')).toBe(false);
    expectNotStarted(run, 'MCP server `local`', /its working directory is tools in the workspace/);
  });

  it('npx finds no node_modules/.bin the pull request committed', async () => {
    const run = await runPullRequestCase({
      base: () => ({
        '.gemini/settings.json': settings({
          mcpServers: { lint: { command: 'npx', args: ['--offline', '--no', 'lint-mcp-server'] } },
        }),
      }),
      head: (m) => ({
        'node_modules/.bin/lint-mcp-server': { text: `#!/bin/sh\n${m.mark('head')}\n`, exec: true },
      }),
    });

    expect(run.ran('head')).toBe(false);
    expect(run.summary()).toContain(
      "MCP server `lint`: started outside the workspace, which holds the pull request's code; it names none of its files.",
    );
  });

  it('a PATH entry of the runner that leads into the workspace is dropped', async () => {
    const run = await runPullRequestCase({
      base: () => ({
        '.gemini/settings.json': settings({ mcpServers: { lint: { command: 'lint-mcp-server' } } }),
      }),
      head: (m) => ({
        'bin/lint-mcp-server': { text: `#!/bin/sh\n${m.mark('head')}\n`, exec: true },
      }),
      // A workflow step put the checkout's bin/ on the PATH (echo … >> $GITHUB_PATH).
      env: (ctx) => ({ PATH: `${ctx.workspace}/bin${path.delimiter}${process.env.PATH ?? ''}` }),
    });

    expect(run.ran('head')).toBe(false);
  });

  it('python -m finds no module of the workspace', async () => {
    const run = await runPullRequestCase({
      base: () => ({
        '.gemini/settings.json': settings({
          mcpServers: { py: { command: '/usr/bin/python3', args: ['-m', 'review_tools'] } },
        }),
      }),
      head: (m) => ({
        'review_tools.py': `import os\nos.makedirs(${JSON.stringify(path.dirname(m.markerOf('head')))}, exist_ok=True)\nopen(${JSON.stringify(m.markerOf('head'))}, 'w').write('ran')\n`,
      }),
    });

    expect(run.ran('head')).toBe(false);
  });

  it("inline code that requires a relative module finds none of the workspace's", async () => {
    const run = await runPullRequestCase({
      base: () => ({
        '.gemini/settings.json': settings({
          mcpServers: {
            inline: { command: process.execPath, args: ['-e', "require('./review-tools.js')"] },
          },
        }),
      }),
      head: (m) => ({ 'review-tools.js': nodeMark(m, 'head') }),
    });

    expect(run.ran('head')).toBe(false);
  });

  it('NODE_OPTIONS naming a file of the workspace: not started', async () => {
    const run = await runPullRequestCase({
      base: (m) => ({
        '.gemini/settings.json': settings({
          mcpServers: {
            srv: {
              command: process.execPath,
              args: [TEST_SERVER],
              env: { NODE_OPTIONS: `--require=${m.workspace}/hook.js` },
            },
          },
        }),
      }),
      head: (m) => ({ 'hook.js': nodeMark(m, 'head') }),
    });

    expect(run.ran('head')).toBe(false);
    expectNotStarted(
      run,
      'MCP server `srv`',
      /variable NODE\\?_OPTIONS .*names hook\.js in the workspace/,
    );
  });
});

describe('discovered tools: the discovery and call commands', () => {
  const declaration = JSON.stringify([
    { name: 'lint', description: 'Lints.', parameters: { type: 'object', properties: {} } },
  ]);

  it('a discovery script the pull request changed: not started, and the run goes on', async () => {
    const run = await runPullRequestCase({
      base: (m) => ({
        '.gemini/settings.json': settings({
          tools: { discoveryCommand: 'sh tools/discover.sh', callCommand: 'sh tools/call.sh' },
        }),
        'tools/discover.sh': `${m.mark('base')}\nprintf '%s' '${declaration}'\n`,
      }),
      head: (m) => ({ 'tools/discover.sh': `${m.mark('head')}\nprintf '[]'\n` }),
    });

    expect(run.ran('head')).toBe(false);
    expect(run.result.conclusion).not.toBe('failure');
    expectNotStarted(
      run,
      'Discovered tools of `sh tools/discover.sh`',
      /"tools\/discover\.sh" names tools\/discover\.sh in the workspace/,
    );
  });

  it('a call script the pull request changed: not started, the model’s call finds no tool', async () => {
    const run = await runPullRequestCase({
      base: () => ({
        '.gemini/settings.json': settings({
          tools: {
            discoveryCommand: `printf '%s' '${declaration}'`,
            callCommand: './tools/call.sh',
          },
        }),
      }),
      head: (m) => ({ 'tools/call.sh': { text: `#!/bin/sh\n${m.mark('head')}\n`, exec: true } }),
      script: () => [callsReply([call('lint', {})]), textReply('Done.')],
    });

    expect(run.ran('head')).toBe(false);
    expectNotStarted(
      run,
      'Discovered tools',
      /tools\.callCommand "\.\/tools\/call\.sh" names tools\/call\.sh in the workspace/,
    );
  });

  it('cd into a folder of the workspace: not started', async () => {
    const run = await runPullRequestCase({
      base: () => ({
        '.gemini/settings.json': settings({
          tools: { discoveryCommand: 'cd tools && ./discover', callCommand: 'cat' },
        }),
      }),
      head: (m) => ({ 'tools/discover': { text: `#!/bin/sh\n${m.mark('head')}\n`, exec: true } }),
    });

    expect(run.ran('head')).toBe(false);
    expectNotStarted(
      run,
      'Discovered tools',
      /tools\.discoveryCommand "tools" names tools in the workspace/,
    );
  });

  it('commands that name nothing of the workspace run, outside it', async () => {
    const run = await runPullRequestCase({
      base: () => ({
        '.gemini/settings.json': settings({
          tools: { discoveryCommand: `printf '%s' '${declaration}'`, callCommand: 'pwd; echo' },
        }),
        '.gemini/policies/tools.toml':
          '[[rule]]\ntoolName = "lint"\ndecision = "allow"\npriority = 100\n',
      }),
      head: () => ({ 'README.md': 'changed\n' }),
      inputs: { policy: '.gemini/policies/tools.toml' },
      script: () => [callsReply([call('lint', {})]), textReply('Done.')],
    });

    const answer = run.toolResponses().find((response) => response.name === 'lint');
    expect(answer?.text).toContain('gemini-agent-base-');
    expect(answer?.text).not.toContain(run.ctx.workspace);
    expect(run.summary()).toContain('started outside the workspace');
  });
});

describe('hooks: the product runs no Gemini CLI hooks', () => {
  it('a settings.json hooks section starts nothing', async () => {
    const run = await runPullRequestCase({
      base: (m) => ({
        '.gemini/settings.json': settings({
          hooks: {
            BeforeTool: [{ matcher: '*', hooks: [{ type: 'command', command: m.mark('base') }] }],
            SessionStart: [{ hooks: [{ type: 'command', command: m.mark('base') }] }],
          },
        }),
      }),
      head: (m) => ({ 'hooks.sh': `${m.mark('head')}\n` }),
      script: () => [
        callsReply([call('read_file', { file_path: 'README.md' })]),
        textReply('Done.'),
      ],
    });

    expect(run.ran('base')).toBe(false);
    expect(run.ran('head')).toBe(false);
  });

  it("an extension's hooks/hooks.json starts nothing", async () => {
    const run = await runPullRequestCase({
      base: (m) => ({
        '.gemini/extensions/tools/gemini-extension.json': manifest({}),
        '.gemini/extensions/tools/hooks/hooks.json': settings({
          hooks: { SessionStart: [{ hooks: [{ type: 'command', command: m.mark('base') }] }] },
        }),
      }),
      head: (m) => ({
        '.gemini/extensions/tools/hooks/hooks.json': settings({
          hooks: { SessionStart: [{ hooks: [{ type: 'command', command: m.mark('head') }] }] },
        }),
      }),
    });

    expect(run.ran('base')).toBe(false);
    expect(run.ran('head')).toBe(false);
  });
});

describe("a fork's pull request: its code runs in no command", () => {
  it('a custom command’s !{…} naming a script the fork changed is denied', async () => {
    const run = await runPullRequestCase({
      event: 'comment',
      fork: true,
      command: '/gemini /check',
      base: (m) => ({
        '.gemini/commands/check.toml': 'prompt = "Checks: !{sh scripts/check.sh}"\n',
        'scripts/check.sh': `${m.mark('base')}\n`,
      }),
      head: (m) => ({ 'scripts/check.sh': `${m.mark('head')}\n` }),
      inputs: { allowed_commands: 'sh scripts/check.sh' },
    });

    expect(run.ran('head')).toBe(false);
    expect(run.result.conclusion).toBe('failure');
    expect(run.outputs.error).toMatch(/denied/);
  });

  it('a shallow checkout of refs/pull/N/merge still counts as the fork’s code', async () => {
    const run = await runPullRequestCase({
      event: 'comment',
      fork: true,
      base: () => ({}),
      head: (m) => ({ 'scripts/x.sh': `${m.mark('head')}\n` }),
      inputs: { allowed_commands: 'sh scripts/x.sh' },
      // What actions/checkout does by default: the merge commit alone, its parents not fetched.
      after: async (ctx, { baseSha, headSha }) => {
        git(ctx.workspace, 'checkout', '-q', '-b', 'merge', baseSha);
        git(
          ctx.workspace,
          '-c',
          'user.name=t',
          '-c',
          'user.email=t@example.com',
          'merge',
          '-q',
          '--no-ff',
          '--no-edit',
          headSha,
        );
        const clone = await mkdtemp(path.join(tmpdir(), 'gemini-shallow-'));
        git(
          clone,
          'clone',
          '-q',
          '--depth',
          '1',
          '--branch',
          'merge',
          `file://${ctx.workspace}`,
          'c',
        );
        await rm(path.join(ctx.workspace, '.git'), { recursive: true, force: true });
        execFileSync('mv', [path.join(clone, 'c', '.git'), path.join(ctx.workspace, '.git')]);
        await rm(clone, { recursive: true, force: true });
      },
      script: () => [callsReply([shell('sh scripts/x.sh')]), textReply('Done.')],
    });

    expect(run.ran('head')).toBe(false);
    expect(run.toolResponses()[0]?.text).toContain("holds a fork's pull request code");
  });
});

describe('extension folders the workflow names', () => {
  it('one the pull request’s checkout holds is refused: its manifest is the pull request’s', async () => {
    const run = await runPullRequestCase({
      base: (m) => ({
        'vendor/tools/gemini-extension.json': manifest({
          tools: { command: 'sh', args: ['${extensionPath}/start.sh'] },
        }),
        'vendor/tools/start.sh': `${m.mark('base')}\n`,
      }),
      head: (m) => ({
        'vendor/tools/gemini-extension.json': manifest({
          tools: { command: 'sh', args: ['-c', m.mark('head')] },
        }),
      }),
      inputs: { extensions: 'vendor/tools' },
    });

    expect(run.ran('head')).toBe(false);
    expect(run.result.conclusion).toBe('failure');
    expect(run.outputs.error).toContain("the pull request's checkout holds it");
  });

  it('one an earlier step put into the workspace runs from a copy outside it', async () => {
    const run = await runPullRequestCase({
      base: () => ({ '.gitignore': '.markers/\n.ext/\n' }),
      head: (m) => ({ 'node_modules/helper/index.js': nodeMark(m, 'head') }),
      inputs: { extensions: '.ext/tools' },
      after: async (ctx) => {
        const folder = path.join(ctx.workspace, '.ext', 'tools');
        await mkdir(folder, { recursive: true });
        await writeFile(
          path.join(folder, 'gemini-extension.json'),
          manifest({ tools: { command: process.execPath, args: ['${extensionPath}/server.js'] } }),
        );
        const markers = path.join(ctx.workspace, '.markers');
        await writeFile(
          path.join(folder, 'server.js'),
          `try { require('helper'); } catch {}\nrequire('fs').mkdirSync(${JSON.stringify(markers)}, { recursive: true });\nrequire('fs').writeFileSync(${JSON.stringify(path.join(markers, 'workflow'))}, 'ran');\n`,
        );
      },
    });

    expect(run.ran('head')).toBe(false);
    expect(run.ran('workflow')).toBe(true);
    expect(run.summary()).toContain("runs from the workflow's copy of `.ext/tools`");
  });
});

describe('a checkout that does not hold the pull request’s code', () => {
  it('starts the server from the workspace as before, with no line about it', async () => {
    const run = await runPullRequestCase({
      base: (m) => extension(m, { tools: { command: 'sh', args: ['${extensionPath}/start.sh'] } }),
      head: hostileStart,
      // The base branch checked out, as the invoke example does for a comment on a pull request.
      after: (ctx, { baseSha }) => {
        git(ctx.workspace, 'checkout', '-q', '--detach', baseSha);
      },
    });

    expect(run.ran('head')).toBe(false);
    expect(run.ran('base')).toBe(true);
    expect(run.summary()).not.toContain('MCP server `tools`');
  });
});

describeSandboxed(sandboxWay('namespace'), 'under the namespace sandbox', () => {
  it('the base branch’s copy is readable in the sandbox, and runs', async () => {
    const run = await runPullRequestCase({
      sandbox: 'auto',
      base: (m) => extension(m, { tools: { command: 'sh', args: ['${extensionPath}/start.sh'] } }),
      head: hostileStart,
    });

    expect(run.ran('head')).toBe(false);
    expect(run.ran('base')).toBe(true);
  });
});

describe('gemini-agent run on a pull request event', () => {
  it("runs the base branch's executable start script, never the pull request's", async () => {
    const dir = await tempDir();
    const markers = path.join(dir, 'markers');
    const mark = (name: string) =>
      `#!/bin/sh\nmkdir -p '${markers}' && echo ran > '${markers}/${name}'\n`;
    const repo = await tempRepo(
      {
        'README.md': '# demo\n',
        '.gemini/extensions/tools/gemini-extension.json': manifest({
          tools: { command: '${extensionPath}/start.sh' },
        }),
        '.gemini/extensions/tools/start.sh': mark('base'),
      },
      {},
    );
    await chmod(path.join(repo, '.gemini/extensions/tools/start.sh'), 0o755);
    git(repo, 'init', '-q', '-b', 'master');
    const base = commitAll(repo, 'base');
    git(repo, 'checkout', '-q', '-b', 'patch-1');
    await writeFile(path.join(repo, '.gemini/extensions/tools/start.sh'), mark('head'));
    const head = commitAll(repo, 'the pull request');
    git(repo, 'checkout', '-q', 'master');
    const payload = webhookExample('pull_request', { action: 'opened' });
    payload.pull_request.base.sha = base;
    payload.pull_request.head.sha = head;
    const event = await writeJson(dir, 'event.json', payload);
    const session = await writeSession(dir, [{ text: 'Looks fine.' }]);
    const terminal = testTerminal({ GEMINI_CLI_TRUST_WORKSPACE: 'true' });

    const code = await runCli(
      [
        'run',
        ...runArgs({
          event,
          eventName: 'pull_request',
          repo,
          replay: session,
          out: path.join(dir, 'out'),
        }),
        '--input',
        'sandbox=none',
      ],
      terminal.io,
    );

    expect(code, terminal.stderr).toBe(0);
    await expect(readFile(path.join(markers, 'base'), 'utf8')).resolves.toBe('ran\n');
    await expect(readFile(path.join(markers, 'head'), 'utf8')).rejects.toThrow();
  });
});
