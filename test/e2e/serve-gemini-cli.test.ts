// The Gemini CLI using `gemini-agent serve` as its remote subagent (a `.gemini/agents/*.md` file
// with `kind: remote` and `agent_card_url`): the real Gemini CLI, the version the benchmarks
// install, speaking A2A 0.3 to our server. Each side answers from its own fake Gemini server.
//
// Skipped unless that Gemini CLI is installed where the benchmarks put it (`npm run bench`
// installs it, about 100 MB); CI does not download it for this test.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import type { FakeRequest } from '../support/fake-gemini.js';
import { callsReply, textReply, useFakeGemini } from '../support/fake-gemini.js';
import { tempRepo } from '../support/temp-repo.js';
import { scratchHome, startServe } from './support/serve-process.js';
import { describeNeeds } from '../support/needs.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

/** The Gemini CLI the benchmarks install (bench/lib/agents.mjs keeps the version). */
function installedGeminiCli(): { entry: string; version: string } | undefined {
  const source = readFileSync(path.join(root, 'bench/lib/agents.mjs'), 'utf8');
  const version = /GEMINI_CLI_VERSION = '([^']+)'/.exec(source)?.[1] ?? '';
  const pkg = path.join(
    tmpdir(),
    'gemini-agent-bench',
    `gemini-cli-${version}`,
    'node_modules/@google/gemini-cli/package.json',
  );
  if (!existsSync(pkg)) return undefined;
  const manifest = JSON.parse(readFileSync(pkg, 'utf8')) as {
    version: string;
    bin: string | Record<string, string>;
  };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : (manifest.bin['gemini'] ?? '');
  return { entry: path.join(path.dirname(pkg), bin), version: manifest.version };
}

const geminiCli = installedGeminiCli();

/** What the tools answered, as the model sees it in `request`. */
function functionResponses(request: FakeRequest): string {
  const contents = (request.body as { contents?: { parts?: { functionResponse?: unknown }[] }[] })
    .contents;
  return JSON.stringify(
    (contents ?? []).flatMap((content) =>
      (content.parts ?? []).flatMap((part) =>
        part.functionResponse ? [part.functionResponse] : [],
      ),
    ),
  );
}

describeNeeds(
  geminiCli === undefined
    ? 'the Gemini CLI is not installed (npm run bench installs it once)'
    : undefined,
  `the Gemini CLI ${geminiCli?.version ?? ''} with gemini-agent serve as its remote subagent`,
  () => {
    it('delegates a task to our server and reads its answer', async () => {
      const cli = geminiCli ?? { entry: '', version: '' };
      // Our server's model: it reads the file and answers.
      const ours = await useFakeGemini([
        callsReply([{ id: 'r1', name: 'read_file', args: { file_path: 'notes.txt' } }]),
        (request) =>
          textReply(
            functionResponses(request).includes('the answer is 42')
              ? 'notes.txt says the answer is 42.'
              : 'I could not read notes.txt.',
          ),
      ]);
      const repo = await tempRepo({ 'notes.txt': 'the answer is 42\n' });
      const server = await startServe({
        gemini: ours,
        repo,
        args: ['--sandbox', 'none', '-m', 'gemini-2.5-flash'],
      });

      // The Gemini CLI's model: it delegates, then repeats what the subagent said.
      const theirs = await useFakeGemini([
        callsReply([
          {
            id: 'delegate',
            name: 'invoke_agent',
            args: { agent_name: 'repo-agent', prompt: 'What does notes.txt say?' },
          },
        ]),
        ...Array.from(
          { length: 4 },
          () => (request: FakeRequest) =>
            textReply(`Subagent result: ${functionResponses(request)}`),
        ),
      ]);
      const home = scratchHome();
      writeFileSync(
        path.join(home, '.gemini', 'settings.json'),
        JSON.stringify({
          security: { auth: { selectedType: 'gemini-api-key' } },
          privacy: { usageStatisticsEnabled: false },
          general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
        }),
      );
      mkdirSync(path.join(home, '.gemini', 'agents'));
      writeFileSync(
        path.join(home, '.gemini', 'agents', 'repo-agent.md'),
        [
          '---',
          'kind: remote',
          'name: repo-agent',
          'description: Answers questions about the repository it serves.',
          `agent_card_url: ${server.cardUrl}`,
          'auth:',
          '  type: http',
          '  scheme: Bearer',
          '  token: $REPO_AGENT_TOKEN',
          '---',
          '',
        ].join('\n'),
      );
      const workspace = await tempRepo({ 'README.md': '# caller\n' });
      const { stdout } = await run(
        process.execPath,
        [
          cli.entry,
          '-p',
          'Ask the repo agent.',
          '-m',
          'gemini-2.5-flash',
          '-o',
          'json',
          '--approval-mode',
          'yolo',
        ],
        {
          cwd: workspace,
          env: {
            PATH: process.env.PATH ?? '',
            HOME: home,
            GEMINI_CLI_HOME: home,
            GEMINI_CLI_TRUST_WORKSPACE: 'true',
            GEMINI_API_KEY: 'caller-placeholder-key',
            GOOGLE_GEMINI_BASE_URL: theirs.url,
            REPO_AGENT_TOKEN: server.token,
            NO_COLOR: '1',
          },
          timeout: 90_000,
        },
      );
      // Our server did the work: its model was asked, and the read ran in its workspace.
      expect(ours.generateRequests()).toHaveLength(2);
      // The Gemini CLI's model got our agent's answer back from invoke_agent.
      const told = theirs.generateRequests().map(functionResponses).join('\n');
      expect(told).toContain('notes.txt says the answer is 42.');
      expect(stdout).toContain('notes.txt says the answer is 42.');
      // It spoke 0.3 without the extension: no DataParts reached its model.
      expect(told).not.toContain('tool_call_id');
      expect(await readFile(path.join(repo, 'notes.txt'), 'utf8')).toBe('the answer is 42\n');
    }, 120_000);
  },
);
