// 6. The Action end to end: dist/index.js runs an issue-comment task (`/gemini fix the spelling
// in the README`: read, edit, push a branch over git's HTTP protocol, open a pull request, post
// the final comment) against the fake GitHub, the local git server and the instant fake model.
// Measured: spawn → first model request, spawn → the final comment reaching GitHub, and the
// process's peak RSS.
//
// Against the official action's way of running: run-gemini-cli installs the Gemini CLI with npm
// on every job and then runs it. That is measured the same way: a fresh `npm install` into an
// empty folder (npm's download cache is warm here, so this is a lower bound of what a runner
// pays), plus the Gemini CLI's own spawn → first model request on the same task and model script.
import { row } from './lib/measure.mjs';
import { GEMINI_CLI_VERSION } from './lib/agents.mjs';
import { runAction } from './lib/action-run.mjs';
import { freshInstall, theirRun } from './lib/gemini-cli-peer.mjs';
import { fakeGitHubModule, webhookPayloadsModule } from './lib/test-support.mjs';
import { scenarios } from './github-cost.mjs';

export const name = 'action-e2e';

const TARGET_SPEEDUP = 20;

/** Comment writes: where the Action's final answer lands. */
const COMMENT_WRITE =
  /^(POST \/repos\/[^/]+\/[^/]+\/issues\/\d+\/comments|PATCH \/repos\/[^/]+\/[^/]+\/issues\/comments\/\d+)$/;

async function ourRun(scenario, { startFakeGitHub, webhookExample }) {
  const spec = await scenario.setup({ webhookExample });
  const github = await startFakeGitHub(spec.github);
  try {
    const result = await runAction({ ...spec, github, measureMemory: true });
    if (result.code !== 0 || !scenario.check(result, github)) {
      throw new Error(
        `the Action did not do its job (exit ${result.code}): ${result.stdout.slice(-1500)}`,
      );
    }
    const commentIndexes = result.requests
      .map((request, i) => (COMMENT_WRITE.test(request) ? i : -1))
      .filter((i) => i >= 0);
    const last = commentIndexes.at(-1);
    if (last === undefined) throw new Error('the Action posted no comment');
    return {
      firstRequest: result.firstModelRequestMs,
      finalComment: result.requestOffsets[last],
      exit: result.ms,
      rss: result.maxRssMB,
    };
  } finally {
    await github.close();
  }
}

export async function run({ runs, log }) {
  const { startFakeGitHub } = await fakeGitHubModule();
  const { webhookExample } = await webhookPayloadsModule();
  const scenario = scenarios[0];
  const { calls, finalText } = await scenario.setup({ webhookExample });
  log("action e2e: a first npm install of the Gemini CLI (unmeasured: it warms npm's cache) …");
  const warmUp = freshInstall();
  const ours = [];
  const theirs = [];
  // Unmeasured first runs: the page cache.
  await ourRun(scenario, { startFakeGitHub, webhookExample });
  await theirRun(warmUp.entry, calls, finalText);
  for (let i = 0; i < runs; i++) {
    log(`action e2e ${i + 1}/${runs}`);
    ours.push(await ourRun(scenario, { startFakeGitHub, webhookExample }));
    // Every job installs afresh, and one install's time varies by a second or more: each peer
    // sample is its own install followed by a run of what it installed.
    const install = freshInstall();
    theirs.push({ ...(await theirRun(install.entry, calls, finalText)), install: install.ms });
  }
  const pick = (list, key) => list.map((entry) => entry[key]);
  const median = (values) => row({ samples: values }).median;
  const theirFirst = theirs.map((entry) => entry.install + entry.firstRequest);
  const speedup = median(theirFirst) / median(pick(ours, 'firstRequest'));
  return [
    row({
      benchmark: name,
      measure: 'ours: Action start → first model request',
      unit: 'ms',
      samples: pick(ours, 'firstRequest'),
      peer: 'npm install + Gemini CLI',
      ratio: speedup,
      ratioLabel: `${speedup.toFixed(1)}× sooner`,
      target: `≥ ${TARGET_SPEEDUP}× sooner`,
      met: speedup >= TARGET_SPEEDUP,
    }),
    row({
      benchmark: name,
      measure: 'ours: Action start → final comment posted',
      unit: 'ms',
      samples: pick(ours, 'finalComment'),
    }),
    row({
      benchmark: name,
      measure: 'ours: Action start → exit',
      unit: 'ms',
      samples: pick(ours, 'exit'),
    }),
    row({
      benchmark: name,
      measure: 'ours: Action peak RSS',
      unit: 'MB',
      samples: pick(ours, 'rss'),
      peer: 'Gemini CLI',
      ratioLabel: `${(median(pick(theirs, 'rss')) / median(pick(ours, 'rss'))).toFixed(1)}× less`,
    }),
    row({
      benchmark: name,
      measure: `npm install @google/gemini-cli@${GEMINI_CLI_VERSION} (fresh folder, warm npm cache)`,
      unit: 'ms',
      samples: pick(theirs, 'install'),
    }),
    row({
      benchmark: name,
      measure: 'Gemini CLI: install + start → first model request',
      unit: 'ms',
      samples: theirFirst,
    }),
    row({
      benchmark: name,
      measure: 'Gemini CLI: start → first model request (installed)',
      unit: 'ms',
      samples: pick(theirs, 'firstRequest'),
    }),
    row({
      benchmark: name,
      measure: 'Gemini CLI: start → exit (answer ready; posting it is a later step)',
      unit: 'ms',
      samples: pick(theirs, 'exit'),
    }),
    row({
      benchmark: name,
      measure: 'Gemini CLI: peak RSS',
      unit: 'MB',
      samples: pick(theirs, 'rss'),
    }),
  ];
}
