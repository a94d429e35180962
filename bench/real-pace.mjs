// 8. At a real model's pace: the Action (dist/index.js) runs a /gemini task, the review of a
// 40-file pull request (fanned out, and with one reviewer) and a triage against a fake model that
// answers as slowly as a real one (first chunk after 1.5 s, 3 to 8 s a turn; model-pace.mjs) and
// accounts for tokens as the API bills them, implicit caching included. Measured:
// - spawn → the first thing a user sees on GitHub (the 👀 reaction or the progress comment),
//   against run-gemini-cli's npm install + Gemini CLI start → first model request;
// - the wall time, and our share of it: everything but the time in which a model request was
//   being answered;
// - requests, input, cached-input and output tokens, and how much of each request repeats its
//   session's previous one (what implicit caching bills at the cached rate);
// - for the review, fan-out against one reviewer: wall time, requests and tokens, and how much
//   of their first requests the parallel reviewers share.
// And, with the instant model, the same prefix share over the 30-turn session of agent-overhead
// run by our CLI: a long session.
import path from 'node:path';
import { row } from './lib/measure.mjs';
import { commentSeed, REPO, runAction } from './lib/action-run.mjs';
import { largeReviewSpec } from './lib/large-review.mjs';
import { busyMs, prefixRepeatShare } from './lib/model-pace.mjs';
import { fakeGitHubModule, webhookPayloadsModule } from './lib/test-support.mjs';
import { freshInstall, theirRun } from './lib/gemini-cli-peer.mjs';
import { scenarios as githubScenarios } from './github-cost.mjs';
import { longSessionPrefixShare } from './lib/long-session.mjs';

export const name = 'real-pace';

/** Samples at most: each is minutes of model time, which does not vary between runs. */
const MAX_RUNS = 2;
const TARGETS = {
  firstSignMs: 1000,
  ourShare: 0.05,
  fanoutWall: 0.5,
  fanoutTokens: 1.5,
  longSessionPrefix: 0.9,
};

/** GitHub writes a user sees: a reaction, a comment, a review, labels, a pull request. */
const VISIBLE_WRITE = /^(POST|PATCH|PUT) \/repos\//;

const taskFiles = {
  'README.md': '# Hello-World\n\nA client for the example service.\n',
  'src/retry.ts': [
    'export const MAX_RETRIES = 3;',
    '',
    'export async function withRetries<T>(call: () => Promise<T>): Promise<T> {',
    '  let last: unknown;',
    '  for (let attempt = 0; attempt <= MAX_RETRIES; attempt++) {',
    '    try {',
    '      return await call();',
    '    } catch (error) {',
    '      last = error;',
    '    }',
    '  }',
    '  throw last;',
    '}',
    '',
  ].join('\n'),
  'src/client.ts': [
    "import { withRetries } from './retry';",
    '',
    'export async function fetchUser(id: string): Promise<unknown> {',
    '  return withRetries(() => fetch(`https://example.com/users/${id}`).then((r) => r.json()));',
    '}',
    '',
  ].join('\n'),
};

/** The /gemini task: find the retry limit, make it a parameter, check the diff; 8 turns. */
export async function taskSpec({ webhookExample }) {
  const payload = webhookExample('issue_comment', { action: 'created' });
  payload.comment.body = '/gemini let callers choose how many times a request is retried';
  return {
    eventName: 'issue_comment',
    payload,
    inputs: { allowed_commands: 'git diff' },
    github: { repo: REPO, issues: [commentSeed(payload)] },
    workspaceFiles: taskFiles,
    calls: (ws) => [
      { name: 'glob', args: { pattern: 'src/**/*.ts' } },
      { name: 'search_file_content', args: { pattern: 'MAX_RETRIES' } },
      { name: 'read_file', args: { file_path: path.join(ws, 'src/retry.ts') } },
      { name: 'read_file', args: { file_path: path.join(ws, 'src/client.ts') } },
      {
        name: 'replace',
        args: {
          file_path: path.join(ws, 'src/retry.ts'),
          old_string:
            'export async function withRetries<T>(call: () => Promise<T>): Promise<T> {\n  let last: unknown;\n  for (let attempt = 0; attempt <= MAX_RETRIES; attempt++) {',
          new_string:
            'export async function withRetries<T>(\n  call: () => Promise<T>,\n  retries = MAX_RETRIES,\n): Promise<T> {\n  let last: unknown;\n  for (let attempt = 0; attempt <= retries; attempt++) {',
        },
      },
      { name: 'run_shell_command', args: { command: 'git diff --stat' } },
    ],
    finalText: '`withRetries` takes the number of retries as a parameter, 3 by default.',
    check: (run, github) =>
      run.outputs.conclusion === 'success' && github.createdPulls.length === 1,
  };
}

const SCENARIOS = [
  { id: 'task', label: '/gemini task (8 turns)', setup: taskSpec },
  {
    id: 'review-fanout',
    label: 'review, 40 files, fan-out',
    setup: ({ webhookExample }) => ({
      ...largeReviewSpec(webhookExample, { fanout: true }),
      check: reviewCheck,
    }),
  },
  {
    id: 'review-single',
    label: 'review, 40 files, one reviewer',
    setup: ({ webhookExample }) => ({
      ...largeReviewSpec(webhookExample, { fanout: false }),
      check: reviewCheck,
    }),
  },
  {
    id: 'triage',
    label: 'triage',
    setup: async (context) => {
      const spec = await githubScenarios[2].setup(context);
      return { ...spec, check: githubScenarios[2].check };
    },
  },
];

function reviewCheck(run, github, spec) {
  return (
    run.outputs.conclusion === 'success' &&
    github.reviews.length === 1 &&
    github.reviews[0].comments.length === spec.expectedFindings
  );
}

async function runScenario(scenario, { startFakeGitHub, webhookExample }) {
  const spec = await scenario.setup({ webhookExample });
  const github = await startFakeGitHub(spec.github);
  try {
    const result = await runAction({ ...spec, github, pace: true });
    if (result.code !== 0 || !spec.check(result, github, spec)) {
      throw new Error(
        `${scenario.label}: the Action did not do its job (exit ${result.code}, outputs ${JSON.stringify(result.outputs)}): ${result.stdout.slice(-1500)}`,
      );
    }
    if (github.violations.length > 0 || github.unexpected.length > 0) {
      throw new Error(
        `${scenario.label}: requests GitHub would refuse: ${JSON.stringify([...github.violations, ...github.unexpected.map((r) => `${r.method} ${r.path}`)])}`,
      );
    }
    const firstWrite = result.requests.findIndex((request) => VISIBLE_WRITE.test(request));
    const entries = result.modelLedger;
    const model = busyMs(entries);
    const sum = (key) => entries.reduce((total, entry) => total + (entry[key] ?? 0), 0);
    const firsts = entries.filter((entry) => entry.previousPrefixTokens === undefined);
    const reviewers = firsts.filter((entry) => entry.system.startsWith('You are one of several'));
    return {
      firstSign: result.requestOffsets[firstWrite],
      firstSignRequest: result.requests[firstWrite],
      wall: result.ms,
      model,
      ourShare: (result.ms - model) / result.ms,
      requests: entries.length,
      input: sum('promptTokens'),
      cached: sum('cachedTokens'),
      output: sum('outputTokens') + sum('thoughtsTokens'),
      prefixShare: prefixRepeatShare(entries),
      reviewerShared:
        reviewers.length < 2
          ? undefined
          : reviewers.reduce((total, entry) => total + entry.sharedFirstPrefixTokens, 0) /
            reviewers.reduce((total, entry) => total + entry.promptTokens, 0),
    };
  } finally {
    await github.close();
  }
}

const percent = (share) => `${(share * 100).toFixed(1)} %`;

export async function run({ runs, log }) {
  const { startFakeGitHub } = await fakeGitHubModule();
  const { webhookExample } = await webhookPayloadsModule();
  const samples = Math.min(runs, MAX_RUNS);
  const results = Object.fromEntries(SCENARIOS.map((scenario) => [scenario.id, []]));
  const peer = [];
  const taskCalls = await taskSpec({ webhookExample });
  for (let i = 0; i < samples; i++) {
    for (const scenario of SCENARIOS) {
      log(`real pace ${i + 1}/${samples}: ${scenario.label}`);
      results[scenario.id].push(await runScenario(scenario, { startFakeGitHub, webhookExample }));
    }
    log(`real pace ${i + 1}/${samples}: npm install + Gemini CLI start`);
    const install = freshInstall();
    const started = await theirRun(install.entry, taskCalls.calls, taskCalls.finalText);
    peer.push(install.ms + started.firstRequest);
  }
  const rows = [];
  const pick = (id, key) => results[id].map((entry) => entry[key]);
  const median = (values) => row({ samples: values }).median;
  const peerMedian = median(peer);
  for (const scenario of SCENARIOS) {
    const own = results[scenario.id];
    const measure = (what) => `${scenario.label}: ${what}`;
    const firstSign = pick(scenario.id, 'firstSign');
    rows.push(
      row({
        benchmark: name,
        measure: measure('step start → first visible sign on GitHub'),
        unit: 'ms',
        samples: firstSign,
        peer: 'npm install + Gemini CLI start',
        ratioLabel: `${(peerMedian / median(firstSign)).toFixed(1)}× sooner`,
        target: `≤ ${TARGETS.firstSignMs} ms`,
        met: median(firstSign) <= TARGETS.firstSignMs,
        note: `the first write: ${own[0].firstSignRequest}`,
      }),
      row({
        benchmark: name,
        measure: measure('wall time, step start → exit'),
        unit: 'ms',
        samples: pick(scenario.id, 'wall'),
      }),
      row({
        benchmark: name,
        measure: measure('our share of the wall time (all but the model answering)'),
        unit: '%',
        samples: pick(scenario.id, 'ourShare').map((share) => share * 100),
        target: `≤ ${TARGETS.ourShare * 100} %`,
        met: median(pick(scenario.id, 'ourShare')) <= TARGETS.ourShare,
      }),
      row({
        benchmark: name,
        measure: measure('model requests'),
        unit: 'requests',
        samples: pick(scenario.id, 'requests'),
      }),
      row({
        benchmark: name,
        measure: measure('tokens: input / cached input / output'),
        unit: 'tokens',
        samples: pick(scenario.id, 'input'),
        ratioLabel: `${median(pick(scenario.id, 'input'))} / ${median(pick(scenario.id, 'cached'))} / ${median(pick(scenario.id, 'output'))}`,
      }),
    );
    const prefix = pick(scenario.id, 'prefixShare').filter((share) => share !== undefined);
    if (prefix.length > 0) {
      rows.push(
        row({
          benchmark: name,
          measure: measure("input repeating the session's previous request (prefix)"),
          unit: '%',
          samples: prefix.map((share) => share * 100),
        }),
      );
    }
    const shared = pick(scenario.id, 'reviewerShared').filter((share) => share !== undefined);
    if (shared.length > 0) {
      rows.push(
        row({
          benchmark: name,
          measure: measure("reviewers' first requests: prefix shared with another reviewer's"),
          unit: '%',
          samples: shared.map((share) => share * 100),
        }),
      );
    }
  }
  rows.push(
    row({
      benchmark: name,
      measure: 'run-gemini-cli: npm install + Gemini CLI start → first model request',
      unit: 'ms',
      samples: peer,
    }),
  );
  const tokens = (id) => pick(id, 'input').map((input, i) => input + pick(id, 'output')[i]);
  const wallRatio = median(pick('review-fanout', 'wall')) / median(pick('review-single', 'wall'));
  const tokenRatio = median(tokens('review-fanout')) / median(tokens('review-single'));
  rows.push(
    row({
      benchmark: name,
      measure: 'review fan-out against one reviewer: wall time',
      unit: 'ms',
      samples: pick('review-fanout', 'wall'),
      peer: 'one reviewer',
      ratio: wallRatio,
      ratioLabel: `${wallRatio.toFixed(2)}× its time`,
      target: `≤ ${TARGETS.fanoutWall}×`,
      met: wallRatio <= TARGETS.fanoutWall,
    }),
    row({
      benchmark: name,
      measure: 'review fan-out against one reviewer: tokens (input + output)',
      unit: 'tokens',
      samples: tokens('review-fanout'),
      peer: 'one reviewer',
      ratio: tokenRatio,
      ratioLabel: `${tokenRatio.toFixed(2)}× its tokens`,
      target: `≤ ${TARGETS.fanoutTokens}×`,
      met: tokenRatio <= TARGETS.fanoutTokens,
    }),
  );
  log('real pace: the long session (instant model)');
  const long = await longSessionPrefixShare();
  rows.push(
    row({
      benchmark: name,
      measure: `long session (${long.requests} requests): input repeating the previous request (prefix)`,
      unit: '%',
      samples: [long.share * 100],
      target: `≥ ${TARGETS.longSessionPrefix * 100} %`,
      met: long.share >= TARGETS.longSessionPrefix,
      note: `${long.input} input tokens, of which ${long.cached} cached (${percent(long.cached / long.input)})`,
    }),
  );
  return rows;
}
