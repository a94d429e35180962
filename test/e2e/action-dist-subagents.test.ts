// The committed Action bundle with subagents: a pull request above the fan-out threshold reviewed
// by parallel reviewers and a verifier that drops a finding the code contradicts, one review
// posted; and an agent from the repository's .gemini/agents, in the Gemini CLI's documented
// format, loaded and used.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useFakeGitHub } from '../support/fake-github-server.js';
import { callsReply, lane, textReply, useFakeGemini } from '../support/fake-gemini.js';
import {
  CONFIRMED_FINDING,
  FANOUT_FILES,
  fanoutModel,
  fanoutPullRequest,
  fanoutPullSeed,
} from '../support/review-fanout-scenario.js';
import { tempRepo } from '../support/temp-repo.js';
import { commentEvent, fakeGitHubFor } from './support/comment-run.js';
import { E2E_API_KEY, runActionDist } from './support/run-action-dist.js';

const REPO = { owner: 'Codertocat', name: 'Hello-World', defaultBranch: 'master' };
const AUDITOR = path.resolve(import.meta.dirname, '../fixtures/agents/security-auditor.md');

describe('dist/index.js with subagents', () => {
  it('fans a large review out to parallel reviewers, verifies, and posts one review', async () => {
    const payload = fanoutPullRequest();
    const github = await useFakeGitHub({ repo: REPO, pulls: [fanoutPullSeed(payload)] });
    const model = fanoutModel();
    const gemini = await useFakeGemini(model.script, { lanes: model.lanes });
    const workspace = await tempRepo({ 'README.md': '# demo\n', ...FANOUT_FILES }, { git: true });

    const result = await runActionDist({
      eventName: 'pull_request',
      payload,
      inputs: { gemini_api_key: E2E_API_KEY, review_fanout_lines: '10' },
      github,
      gemini,
      workspace,
    });

    expect(result.code).toBe(0);
    expect(result.outputs.conclusion).toBe('success');
    expect(github.violations).toEqual([]);
    // Parallel: the second reviewer was asked before the first one's second turn.
    const requests = gemini.generateRequests();
    const second = requests.filter((request) => request.lane === 'reviewer-1')[1]?.index ?? 0;
    const other = requests.find((request) => request.lane === 'reviewer-2')?.index ?? Infinity;
    expect(other).toBeLessThan(second);
    for (const name of ['reviewer-1', 'reviewer-2', 'verifier'])
      expect(gemini.remaining(name)).toBe(0);
    // Exactly one review: the confirmed finding inline, the contradicted one gone.
    expect(github.reviews).toHaveLength(1);
    expect(github.reviews[0]?.comments).toEqual([
      expect.objectContaining({ path: CONFIRMED_FINDING.path, line: CONFIRMED_FINDING.line }),
    ]);
    expect(github.reviews[0]?.body).toContain(
      '2 findings proposed by 2 reviewers of 2 file groups, 1 confirmed against the code, 1 dropped',
    );
    expect(result.outputs.review_url).toMatch(/#pullrequestreview-\d+$/);
    // The job summary shows what each subagent did, under its call, and why a finding went.
    expect(result.summary).toMatch(
      /- ✅ `pr_reviewer` Reviewer: group 1 — Result handed in \(2 turns/,
    );
    expect(result.summary).toContain('  - ✅ `read_file` Read src/limits.ts');
    expect(result.summary).toContain('caps the delay at 30,000 ms');
    // The transcript nests the subagents' events under the calls that ran them.
    const transcript = (await readFile(result.outputs.transcript_file ?? '', 'utf8'))
      .trim()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as { kind: string; parent_call_id?: string; agent_name?: string },
      );
    const nested = transcript.filter((event) => event.kind === 'subagent_event');
    expect(new Set(nested.map((event) => `${event.parent_call_id}:${event.agent_name}`))).toEqual(
      new Set(['r1:pr_reviewer', 'r2:pr_reviewer', 'v1:finding_verifier']),
    );
  });

  it('loads an agent from .gemini/agents in the Gemini CLI format and runs it', async () => {
    const payload = commentEvent('Codertocat', '/gemini audit src/db.ts for injection');
    const github = await fakeGitHubFor(payload, {});
    const workspace = await tempRepo(
      {
        'README.md': '# demo\n',
        'src/db.ts': 'export const find = (id: string) => `SELECT * FROM t WHERE id = ${id}`;\n',
        '.gemini/agents/security-auditor.md': await readFile(AUDITOR, 'utf8'),
      },
      { git: true },
    );
    const gemini = await useFakeGemini(
      [
        callsReply([
          {
            id: 'm1',
            name: 'security-auditor',
            args: { query: 'Audit src/db.ts for SQL injection.' },
          },
        ]),
        textReply('The auditor found an SQL injection in src/db.ts.'),
      ],
      {
        lanes: [
          lane('auditor', { instruction: 'You are a Security Auditor.' }, [
            callsReply([{ id: 'a1', name: 'read_file', args: { absolute_path: 'src/db.ts' } }]),
            callsReply([
              {
                id: 'a2',
                name: 'complete_task',
                args: { result: 'src/db.ts:1 builds SQL from id by string interpolation.' },
              },
            ]),
          ]),
        ],
      },
    );

    const result = await runActionDist({
      payload,
      inputs: { gemini_api_key: E2E_API_KEY },
      github,
      gemini,
      workspace,
    });

    expect(result.code).toBe(0);
    const auditor = gemini.generateRequests().filter((request) => request.lane === 'auditor');
    expect(auditor).toHaveLength(2);
    const body = auditor[0]?.body as {
      systemInstruction?: { parts?: { text?: string }[] };
      tools?: { functionDeclarations?: { name: string }[] }[];
      generationConfig?: { temperature?: number };
    };
    // Its frontmatter: its model, temperature and tools; its body: the system prompt.
    expect(auditor[0]?.model).toBe('gemini-3-flash-preview');
    expect(body.generationConfig?.temperature).toBe(0.2);
    expect(body.tools?.[0]?.functionDeclarations?.map((d) => d.name).sort()).toEqual([
      'complete_task',
      'read_file',
      'search_file_content',
    ]);
    expect(body.systemInstruction?.parts?.[0]?.text).toMatch(/^You are a Security Auditor\./);
    const main = gemini.generateRequests().filter((request) => request.lane === undefined);
    expect(JSON.stringify(main[1]?.body)).toContain('builds SQL from id by string interpolation');
    const comment = github.comments(payload.issue.number).find((c) => !c.seeded);
    expect(comment?.body).toContain('`security-auditor`');
    expect(comment?.body).toContain('  - ✅ `read_file` Read src/db.ts');
  });
});
