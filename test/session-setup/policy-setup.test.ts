import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PolicyContext } from '../../src/policy/policy-types.js';
import { loadCliPolicy, UNTRUSTED_WORKSPACE_SOURCE } from '../../src/session-setup/policy-setup.js';

const context: PolicyContext = {
  runMode: 'invoke',
  trust: 'maintainer',
  workspaceRoot: '/work/repo',
  workspacePathProblem: () => undefined,
};

const shell = (command: string) => ({
  toolName: 'run_shell_command',
  args: { command },
  kind: 'execute' as const,
  locations: [],
});

describe("loadCliPolicy with a fork's code in the workspace", () => {
  it('denies every command, whatever the allow list and the policy files allow', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'policy-setup-'));
    const file = path.join(dir, 'allow-all.toml');
    await writeFile(
      file,
      '[[rule]]\ntoolName = "run_shell_command"\ndecision = "allow"\npriority = 999\n',
    );
    const trusted = await loadCliPolicy({
      mode: 'invoke',
      policyFiles: [file],
      allowCommands: ['npm test'],
      yolo: false,
    });
    expect((await trusted.engine.decide(shell('npm test'), context)).decision).toBe('allow');

    const forked = await loadCliPolicy({
      mode: 'invoke',
      policyFiles: [file],
      allowCommands: ['npm test'],
      yolo: false,
      untrustedWorkspace: true,
    });
    for (const command of ['npm test', 'git status', 'ls']) {
      const verdict = await forked.engine.decide(shell(command), context);
      expect(verdict.decision).toBe('deny');
      expect(verdict.reason).toContain("holds a fork's pull request code");
    }
    expect(forked.sources.at(-1)).toBe(`${UNTRUSTED_WORKSPACE_SOURCE} (admin, 1 rule)`);
    // Reading stays possible: the run can still review or explain the fork's change.
    const read = {
      toolName: 'read_file',
      args: { absolute_path: '/work/repo/a' },
      kind: 'read' as const,
      locations: ['a'],
    };
    expect((await forked.engine.decide(read, context)).decision).toBe('allow');
  });
});

describe('loadCliPolicy with settings', () => {
  const mcpCall = (server: string, toolName: string) => ({
    toolName,
    serverName: server,
    args: {},
    kind: 'other' as const,
    locations: [],
  });

  it("allows a trusted server's tools, denies an untrusted one's, and denies excluded commands", async () => {
    const policy = await loadCliPolicy({
      mode: 'invoke',
      policyFiles: [],
      allowCommands: ['npm test', 'rm -rf build'],
      yolo: false,
      settings: {
        mcpServers: { docs: { command: 'docs-mcp', trust: true }, other: { command: 'o' } },
        excludeTools: ['run_shell_command(rm)'],
        source: '.gemini/settings.json',
        expandedValues: [],
      },
    });
    expect((await policy.engine.decide(mcpCall('docs', 'search_docs'), context)).decision).toBe(
      'allow',
    );
    expect((await policy.engine.decide(mcpCall('other', 'search_docs'), context)).decision).toBe(
      'deny',
    );
    expect((await policy.engine.decide(shell('npm test'), context)).decision).toBe('allow');
    const removal = await policy.engine.decide(shell('rm -rf build'), context);
    expect(removal.decision).toBe('deny');
    expect(policy.sources).toContain('.gemini/settings.json (settings, 2 rules)');
  });
});
