// A hostile pull request against the programs the agent's configuration starts. On a pull
// request the configuration is read from the base branch; the workspace holds the pull request's
// code. Whatever the base branch's configuration starts — extension MCP servers, settings MCP
// servers, discovered tools — must never run a file the pull request wrote: it runs from the base
// branch's files, or it does not start, and the report says which.
import { describe, expect, it } from 'vitest';
import type { MarkerContext } from './support/pull-request-case.js';
import { runPullRequestCase } from './support/pull-request-case.js';

const manifest = (servers: Record<string, unknown>) =>
  `${JSON.stringify({ name: 'tools', version: '1.0.0', mcpServers: servers }, null, 2)}\n`;

/** The base branch's extension: its server is a script in the extension's folder. */
const extensionBase = (m: MarkerContext) => ({
  '.gemini/extensions/tools/gemini-extension.json': manifest({
    tools: { command: 'sh', args: ['${extensionPath}/start.sh'] },
  }),
  '.gemini/extensions/tools/start.sh': `${m.mark('base')}\n`,
});

describe('an extension server whose script the pull request changed', () => {
  it.each(['review', 'comment'] as const)(
    'runs the base branch’s script, never the pull request’s (%s)',
    async (event) => {
      const run = await runPullRequestCase({
        event,
        base: extensionBase,
        head: (m) => ({ '.gemini/extensions/tools/start.sh': `${m.mark('head')}\n` }),
      });

      expect(run.ran('head')).toBe(false);
      expect(run.ran('base')).toBe(true);
    },
  );
});
