// settings.json's modelConfigs through `gemini-agent -p`, against the fake Gemini server through
// the real @google/genai client: a custom alias chooses the model, an override's parameters reach
// the request body as written — the main agent's (`core`) and a subagent's own — and a mistake in
// them ends the run before any request with the file and line.
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { callsReply, lane, textReply, useFakeGemini } from '../support/fake-gemini.js';
import type { FakeRequest } from '../support/fake-gemini.js';
import { testIo } from '../support/cli-io.js';
import { tempRepo } from '../support/temp-repo.js';

const SETTINGS = {
  modelConfigs: {
    customAliases: {
      steady: {
        extends: 'chat-base',
        modelConfig: {
          model: 'gemini-2.5-flash',
          generateContentConfig: { temperature: 0.3, seed: 42 },
        },
      },
    },
    overrides: [
      {
        match: { overrideScope: 'core' },
        modelConfig: { generateContentConfig: { maxOutputTokens: 777 } },
      },
      {
        match: { overrideScope: 'codebase_investigator' },
        modelConfig: {
          generateContentConfig: {
            maxOutputTokens: 333,
            thinkingConfig: { thinkingBudget: 512 },
            responseLogprobs: true,
          },
        },
      },
    ],
  },
};

const REPORT = {
  SummaryOfFindings: 'Three retries.',
  ExplorationTrace: ['read src/config.ts'],
  RelevantLocations: [{ FilePath: 'src/config.ts', Reasoning: 'the setting', KeySymbols: [] }],
};

function generationConfig(request: FakeRequest | undefined): Record<string, unknown> {
  return (
    (request?.body as { generationConfig?: Record<string, unknown> } | undefined)
      ?.generationConfig ?? {}
  );
}

async function runWith(settings: unknown, args: string[], script = [textReply('Hello.')]) {
  const repo = await tempRepo({
    'README.md': '# demo\n',
    'src/config.ts': 'export const retries = 3;\n',
    '.gemini/settings.json': typeof settings === 'string' ? settings : JSON.stringify(settings),
  });
  const investigator = lane('investigator', { instruction: 'Codebase Investigator' }, [
    callsReply([{ id: 's1', name: 'complete_task', args: { report: REPORT } }]),
  ]);
  const server = await useFakeGemini(script, { lanes: [investigator] });
  const run = testIo({
    GEMINI_API_KEY: 'k',
    GOOGLE_GEMINI_BASE_URL: server.url,
    GEMINI_CLI_TRUST_WORKSPACE: 'true',
  });
  const code = await runCli(['-p', 'How many retries?', '--repo', repo, ...args], run.io);
  const requests = server.generateRequests();
  return {
    code,
    run,
    main: requests.filter((request) => request.lane === undefined),
    subagent: requests.filter((request) => request.lane === 'investigator'),
  };
}

describe('modelConfigs in a -p run', () => {
  it('a custom alias chooses the model; its parameters and the core override go as written', async () => {
    const sent = await runWith(SETTINGS, ['-m', 'steady']);
    expect(sent.run.stderr).not.toContain('error');
    expect(sent.code).toBe(0);
    expect(sent.main[0]?.model).toBe('gemini-2.5-flash');
    expect(generationConfig(sent.main[0])).toEqual({
      // The model table's settings for a Gemini 2.5 model…
      topP: 1,
      thinkingConfig: { includeThoughts: true, thinkingBudget: 8192 },
      // …under the alias's and the main agent's override.
      temperature: 0.3,
      seed: 42,
      maxOutputTokens: 777,
    });
  });

  it("a subagent's requests get its scope's override, not the main agent's", async () => {
    const sent = await runWith(
      SETTINGS,
      ['-m', 'steady'],
      [
        callsReply([
          { id: 'm1', name: 'codebase_investigator', args: { objective: 'How many retries?' } },
        ]),
        textReply('Three.'),
      ],
    );
    expect(sent.code).toBe(0);
    expect(sent.subagent).toHaveLength(1);
    // `model: inherit` asks for what the main agent asked for: the alias, resolved in its scope.
    expect(sent.subagent[0]?.model).toBe('gemini-2.5-flash');
    expect(generationConfig(sent.subagent[0])).toEqual({
      topP: 1,
      temperature: 0.3,
      seed: 42,
      maxOutputTokens: 333,
      responseLogprobs: true,
      thinkingConfig: { includeThoughts: true, thinkingBudget: 512 },
    });
    for (const request of sent.main) expect(generationConfig(request).maxOutputTokens).toBe(777);
  });

  it('an override may route a model elsewhere; the run says which model answered it', async () => {
    const sent = await runWith(
      {
        modelConfigs: {
          overrides: [{ match: { model: 'flash' }, modelConfig: { model: 'gemini-2.5-pro' } }],
        },
      },
      ['-m', 'flash'],
    );
    expect(sent.code).toBe(0);
    expect(sent.main[0]?.model).toBe('gemini-2.5-pro');
  });

  it('is not read from a folder that is not trusted: the run stops before it, and says so', async () => {
    const repo = await tempRepo({
      'README.md': '# demo\n',
      '.gemini/settings.json': JSON.stringify(SETTINGS),
    });
    const server = await useFakeGemini([textReply('Hello.')]);
    const run = testIo({ GEMINI_API_KEY: 'k', GOOGLE_GEMINI_BASE_URL: server.url });
    const code = await runCli(['-p', 'hi', '--repo', repo, '-m', 'steady'], run.io);
    expect(code).toBe(55);
    expect(server.generateRequests()).toHaveLength(0);
    expect(run.stderr).toContain('.gemini/settings.json: other settings (modelConfigs)');
  });

  it('says when an override names a scope no agent has', async () => {
    const sent = await runWith(
      {
        modelConfigs: {
          overrides: [
            {
              match: { overrideScope: 'codebase_investigatr' },
              modelConfig: { generateContentConfig: { maxOutputTokens: 1 } },
            },
          ],
        },
      },
      [],
    );
    expect(sent.code).toBe(0);
    expect(sent.run.stderr).toContain(
      'warning: .gemini/settings.json: modelConfigs has an override for overrideScope "codebase_investigatr", which is neither "core" (the main agent) nor a subagent of this run (codebase_investigator); it changes no request.',
    );
  });

  it('a refused key ends the run with exit 52 and the line, before any request', async () => {
    const text = `{
  "modelConfigs": {
    "overrides": [
      {
        "match": { "overrideScope": "core" },
        "modelConfig": { "generateContentConfig": { "httpOptions": { "baseUrl": "https://x.example" } } }
      }
    ]
  }
}`;
    const sent = await runWith(text, []);
    expect(sent.code).toBe(52);
    expect(sent.main).toHaveLength(0);
    expect(sent.run.stderr).toMatch(
      /^error: \.gemini\/settings\.json:6:53: modelConfigs\.overrides\[0\]\.modelConfig\.generateContentConfig\.httpOptions: may not be set in settings: where a request goes/,
    );
  });

  it('an alias that names no model ends the run with exit 52 at the alias', async () => {
    const text = `{
  "modelConfigs": {
    "customAliases": {
      "abstract": { "modelConfig": { "generateContentConfig": { "temperature": 0 } } }
    }
  }
}`;
    const sent = await runWith(text, ['-m', 'abstract']);
    expect(sent.code).toBe(52);
    expect(sent.main).toHaveLength(0);
    expect(sent.run.stderr).toContain(
      'error: .gemini/settings.json:4:7: the model alias "abstract" in .gemini/settings.json names no model',
    );
  });
});
