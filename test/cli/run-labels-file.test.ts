// `gemini-agent run --labels-file`: the repository's labels with their descriptions, as
// `gh label list --json name,description,color` prints them, reach a triage run's model; a file
// that is not such a list stops the run at the entry that is not.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { parseRunArgs } from '../../src/cli/subcommands/run.js';
import { readLabelsFile } from '../../src/local/labels-file.js';
import { ConfigurationError, UsageError } from '../../src/platform/errors.js';
import { callsReply, textReply, useFakeGemini } from '../support/fake-gemini.js';
import { tempRepo } from '../support/temp-repo.js';
import { webhookExample } from '../support/webhook-payloads.js';
import { runArgs, tempDir, testTerminal, writeJson } from '../local/support.js';

const GH_LABELS = [
  { name: 'bug', description: "Something isn't working", color: 'd73a4a' },
  { name: 'area: parsers', description: 'Reading YAML, TOML, JSON, INI and .env', color: '0e8a16' },
  { name: 'needs-info', description: null, color: 'fbca04' },
];

async function labelsFile(dir: string, content: string): Promise<string> {
  const file = path.join(dir, 'labels.json');
  await writeFile(file, content);
  return file;
}

describe('gemini-agent run --labels-file', () => {
  it("gives the triage model every label's description and applies the chosen ones", async () => {
    const dir = await tempDir();
    const repo = await tempRepo({ 'README.md': '# cfgconv\n' }, { git: true });
    const payload = webhookExample('issues', { action: 'opened' });
    payload.issue.labels = [];
    const event = await writeJson(dir, 'event.json', payload);
    const file = await labelsFile(dir, JSON.stringify(GH_LABELS, null, 2));
    const server = await useFakeGemini([
      callsReply([{ id: 'l1', name: 'set_labels', args: { labels: ['bug', 'area: parsers'] } }]),
      textReply('bug: it crashes. area: parsers: the YAML reader.'),
    ]);
    const terminal = testTerminal({ GEMINI_API_KEY: 'k', GOOGLE_GEMINI_BASE_URL: server.url });

    const code = await runCli(
      [
        'run',
        ...runArgs({ event, eventName: 'issues', repo, out: path.join(dir, 'out') }),
        '--labels-file',
        file,
        '--input',
        'sandbox=none',
      ],
      terminal.io,
    );

    expect(code, terminal.stderr).toBe(0);
    const firstRequest = JSON.stringify(server.generateRequests()[0]?.body);
    expect(firstRequest).toContain('Reading YAML, TOML, JSON, INI and .env');
    expect(firstRequest).toContain("Something isn't working");
    expect(terminal.stdout).toContain('added bug, area: parsers');
  });

  it('reads the shape gh prints: a null description, colors in any case', async () => {
    const dir = await tempDir();
    const file = await labelsFile(
      dir,
      JSON.stringify([...GH_LABELS, { name: 'Docs', color: 'ABCDEF' }]),
    );
    expect(readLabelsFile(file)).toEqual([
      { name: 'bug', description: "Something isn't working", color: 'd73a4a' },
      {
        name: 'area: parsers',
        description: 'Reading YAML, TOML, JSON, INI and .env',
        color: '0e8a16',
      },
      { name: 'needs-info', color: 'fbca04' },
      { name: 'Docs', color: 'abcdef' },
    ]);
  });

  it.each([
    ['not JSON', '[{"name": "bug",]', /labels\.json:1:\d+: expected valid JSON/],
    ['an object, not a list', '{"name": "bug"}', /expected a JSON list of labels/],
    ['an empty list', '[]', /the file lists no labels/],
    [
      'an entry without a name',
      '[{"name": "bug"},\n {"description": "x"}]',
      /labels\.json:2:2: .*"name"/,
    ],
    ['a misspelt key', '[{"name": "bug", "descripton": "x"}]', /labels\.json:1:\d+: .*descripton/],
    ['a color with #', '[{"name": "bug", "color": "#d73a4a"}]', /six hex digits/],
    [
      'a label twice',
      '[{"name": "bug"},\n {"name": "Bug"}]',
      /labels\.json:2:3: the label "Bug" is listed twice/,
    ],
  ])('refuses %s, at its place in the file', async (_name, content, message) => {
    const dir = await tempDir();
    const file = await labelsFile(dir, content);
    let thrown: unknown;
    try {
      readLabelsFile(file);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigurationError);
    expect((thrown as Error).message).toMatch(message);
  });

  it('refuses a file it cannot read, and --labels beside it (exit 42)', async () => {
    const dir = await tempDir();
    const missing = path.join(dir, 'nope.json');
    expect(() =>
      parseRunArgs(['--event', 'e.json', '--event-name', 'issues', '--labels-file', missing], dir),
    ).toThrow(UsageError);
    const file = await labelsFile(dir, JSON.stringify(GH_LABELS));
    const args = ['--event', 'e.json', '--event-name', 'issues', '--labels-file', file];
    expect(() => parseRunArgs([...args, '--labels', 'bug'], dir)).toThrow(
      'Give --labels or --labels-file, not both',
    );
    const terminal = testTerminal({});
    expect(await runCli(['run', ...args, '--labels', 'bug'], terminal.io)).toBe(42);
  });
});
