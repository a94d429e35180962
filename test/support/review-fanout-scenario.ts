// A pull request large enough (for `review_fanout_lines: 10`) to be reviewed in parallel: two
// new files, one per group. Each group's reviewer proposes one finding; the verifier reads the
// code, confirms the real one and drops the one the code contradicts (the delay *is* capped).
// The model's side is scripted per conversation (lanes), since the reviewers run in parallel.
import type { FakePullSeed } from './fake-github-server.js';
import type { FakeLane, FakeStep } from './fake-gemini.js';
import { callsReply, lane, textReply } from './fake-gemini.js';
import { webhookExample } from './webhook-payloads.js';

export const CACHE_TS = [
  'export function cacheKey(user: string, id: number): string {',
  '  return `${user}:${id}`;',
  '}',
  '',
  'export function evict(cache: Map<string, unknown>, keys: string[]): number {',
  '  let removed = 0;',
  '  for (const key of keys) {',
  '    if (cache.delete(key)) removed++;',
  '  }',
  '  return removed;',
  '}',
].join('\n');

export const LIMITS_TS = [
  'export const MAX_RETRIES = 3;',
  '',
  'export function retryDelay(attempt: number): number {',
  "  if (attempt < 0) throw new RangeError('attempt must not be negative');",
  '  return Math.min(1000 * 2 ** attempt, 30_000);',
  '}',
].join('\n');

/** The workspace: the pull request's head, as the job checked it out. */
export const FANOUT_FILES = { 'src/cache.ts': `${CACHE_TS}\n`, 'src/limits.ts': `${LIMITS_TS}\n` };

/** The patch of a new file, as GitHub lists it. */
function newFilePatch(text: string): string {
  const lines = text.split('\n');
  return [`@@ -0,0 +1,${lines.length} @@`, ...lines.map((line) => `+${line}`)].join('\n');
}

export function fanoutPullRequest() {
  const payload = webhookExample('pull_request', { action: 'opened' });
  payload.pull_request.draft = false;
  payload.pull_request.title = 'Add a cache and retry limits';
  payload.pull_request.body = 'Adds the cache helpers and the retry delay.';
  return payload;
}

export function fanoutPullSeed(payload: ReturnType<typeof fanoutPullRequest>): FakePullSeed {
  const pr = payload.pull_request;
  return {
    number: pr.number,
    title: pr.title,
    body: pr.body ?? '',
    user: 'Codertocat',
    draft: false,
    head: { ref: pr.head.ref, sha: pr.head.sha },
    base: { ref: pr.base.ref, sha: pr.base.sha },
    files: [
      { filename: 'src/cache.ts', status: 'added', patch: newFilePatch(CACHE_TS) },
      { filename: 'src/limits.ts', status: 'added', patch: newFilePatch(LIMITS_TS) },
    ],
  };
}

export const CONFIRMED_FINDING = {
  path: 'src/cache.ts',
  line: 2,
  severity: 'high',
  body: 'Keys collide when a user name contains `:` (`a:1` + 2 and `a` + … ); escape the user or use a separator that cannot occur.',
};

export const CONTRADICTED_FINDING = {
  path: 'src/limits.ts',
  line: 5,
  severity: 'high',
  body: 'The delay grows without bound for large attempts.',
};

const REVIEWER = 'You are one of several reviewers of a pull request';
const VERIFIER = 'You verify the candidate findings of a pull request review';

/**
 * The model's side. `submitted`: the findings the main agent hands in (the confirmed one only,
 * as it is told, or more to show that trusted code posts only confirmed ones).
 */
export function fanoutModel(submitted: readonly object[] = [CONFIRMED_FINDING]): {
  script: FakeStep[];
  lanes: FakeLane[];
} {
  return {
    script: [
      callsReply([
        { id: 'r1', name: 'pr_reviewer', args: { group: 1 } },
        { id: 'r2', name: 'pr_reviewer', args: { group: 2 } },
      ]),
      callsReply([{ id: 'v1', name: 'finding_verifier', args: {} }]),
      callsReply([
        {
          id: 's1',
          name: 'submit_review',
          args: {
            summary: 'A cache key problem; the retry limits look right.',
            findings: submitted,
          },
        },
      ]),
      textReply('Review handed in.'),
    ],
    lanes: [
      lane('reviewer-1', { instruction: REVIEWER, userText: 'Review group 1 of 2' }, [
        callsReply([{ id: 'g1a', name: 'read_file', args: { absolute_path: 'src/cache.ts' } }]),
        callsReply([{ id: 'g1b', name: 'complete_task', args: { findings: [CONFIRMED_FINDING] } }]),
      ]),
      lane('reviewer-2', { instruction: REVIEWER, userText: 'Review group 2 of 2' }, [
        callsReply([
          { id: 'g2a', name: 'complete_task', args: { findings: [CONTRADICTED_FINDING] } },
        ]),
      ]),
      lane('verifier', { instruction: VERIFIER }, [
        callsReply([
          { id: 'v1a', name: 'read_file', args: { absolute_path: 'src/cache.ts' } },
          { id: 'v1b', name: 'read_file', args: { absolute_path: 'src/limits.ts' } },
        ]),
        callsReply([
          {
            id: 'v1c',
            name: 'complete_task',
            args: {
              verdicts: [
                {
                  id: 'F1.1',
                  verdict: 'confirmed',
                  reason: 'src/cache.ts:2 joins user and id with ":" without escaping.',
                },
                {
                  id: 'F2.1',
                  verdict: 'dropped',
                  reason: 'src/limits.ts:5 caps the delay at 30,000 ms with Math.min.',
                },
              ],
            },
          },
        ]),
      ]),
    ],
  };
}
