// 3. Search and listing on a generated repository of 100,000 files: our `search_file_content`
// and `glob` against `git grep`, `rg` (where installed) and `git ls-files` doing the same job.
// Search is judged against the fastest of its peers; glob against `git ls-files -co`, which lists
// what the tool must list (rg's listing is shown beside it, as a figure: see globPeers).
//
// Ours is measured as shipped: `dist/cli.js` runs a one-call scripted session in the repository
// and the tool's own duration is read from the transcript (`duration_ms` of the tool call:
// validation, the search, filtering and the text the model gets). That leaves out the CLI's
// start-up, which the cold-start benchmark covers. The peers are timed from spawn to exit with
// their output read and thrown away. Every measurement runs once unmeasured first, so all of
// them find the files in the page cache.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { scriptedSession, startFakeModelServer } from './lib/fake-model-server.mjs';
import { row, timedRun, timedRunToFirstRequest } from './lib/measure.mjs';
import { agentEnv, benchHome, ourCommand } from './lib/agents.mjs';
import { scratchDir } from './lib/scratch.mjs';
import {
  COMMON_PATTERN,
  ensureLargeRepo,
  GLOB_PATTERN,
  RARE_PATTERN,
  TRACKED_FILES,
} from './lib/large-repo.mjs';

export const name = 'search';

export function hasRipgrep() {
  try {
    execFileSync('rg', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * The fair peers of glob: what the tool must list is the tracked files and the untracked ones
 * not ignored (a file the agent just wrote counts), which is `git ls-files --cached --others
 * --exclude-standard`, the one glob is judged against; ripgrep's listing honours the same ignore
 * files, but it is not the same list (it leaves out symbolic links unless it follows them, and
 * following them walks whatever they point to), so it is shown without a target. (`git
 * ls-files` alone reads only the index, a smaller job.)
 */
export function globPeers(rg, pattern) {
  return [
    {
      peer: 'git ls-files -co',
      command: 'git',
      args: ['ls-files', '--cached', '--others', '--exclude-standard', '--', `:(glob)${pattern}`],
      judge: true,
    },
    ...(rg ? [{ peer: 'rg --files', command: 'rg', args: ['--files', '-g', pattern] }] : []),
  ];
}

/**
 * The cases: our tool call, and the peer commands that do the same job. A case whose peers
 * mark one `judge` is judged against that one, the others against the fastest.
 */
function cases(rg) {
  const peersForGrep = (pattern) => [
    { peer: 'git grep', command: 'git', args: ['grep', '-n', '-I', '-i', '-E', '-e', pattern] },
    ...(rg ? [{ peer: 'rg', command: 'rg', args: ['-n', '-i', '-e', pattern] }] : []),
  ];
  return [
    {
      label: `search_file_content /${RARE_PATTERN}/ (10 matches)`,
      call: { name: 'search_file_content', args: { pattern: RARE_PATTERN } },
      expect: /Found 10 match/,
      peers: peersForGrep(RARE_PATTERN),
    },
    {
      label: `search_file_content /${COMMON_PATTERN}/ (first 100 of 100,000)`,
      call: { name: 'search_file_content', args: { pattern: COMMON_PATTERN } },
      expect: /Found 100 match/,
      peers: peersForGrep(COMMON_PATTERN),
    },
    {
      label: `glob ${GLOB_PATTERN} (1,000 files)`,
      call: { name: 'glob', args: { pattern: GLOB_PATTERN } },
      expect: /Found 1000 matching file/,
      peers: globPeers(rg, GLOB_PATTERN),
    },
  ];
}

/**
 * One CLI session making `call`; resolves with the tool's duration from the transcript and the
 * time from the CLI's start to its first model request (which reads the repository's top folders).
 *
 * Without a sandbox, as the peers run: search and glob start no process in it, and under `auto`
 * its set-up starts with the first model request. A real model's first answer takes longer than
 * that set-up, but the instant fake answers at once, so the set-up's programs would run beside
 * the measured call and take the processor from it.
 */
export async function ourToolTime(server, state, repo, env, call) {
  state.call = call;
  const transcript = path.join(scratchDir('search-transcript'), 'events.jsonl');
  const [command, args, cwd] = ourCommand({
    prompt: 'Find it.',
    workspace: repo,
    extraArgs: ['--transcript', transcript, '--sandbox', 'none'],
  });
  const result = await timedRunToFirstRequest(server, command, args, { cwd, env });
  if (result.code !== 0) throw new Error(`our CLI failed (exit ${result.code}): ${result.stderr}`);
  const events = readFileSync(transcript, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  const done = events.find(
    (event) => event.kind === 'tool_call_update' && event.tool_call.status === 'SUCCEEDED',
  );
  if (!done) {
    const failed = events.find(
      (event) => event.kind === 'tool_call_update' && event.tool_call.status === 'FAILED',
    );
    throw new Error(
      `the ${call.name} call did not succeed: ${JSON.stringify(failed?.tool_call.error ?? events.at(-1)).slice(0, 600)}`,
    );
  }
  const output = done.tool_call.output?.text ?? '';
  return { ms: done.tool_call.duration_ms, output, firstRequestMs: result.firstRequestMs };
}

export async function peerTime(repo, peer) {
  const result = await timedRun(peer.command, peer.args, { cwd: repo });
  if (result.code !== 0)
    throw new Error(`${peer.peer} failed (exit ${result.code}): ${result.stderr}`);
  return result.ms;
}

export async function run({ runs, log }) {
  const repo = ensureLargeRepo(log);
  const rg = hasRipgrep();
  const state = { call: undefined };
  const server = await startFakeModelServer({
    script: scriptedSession(() => [state.call], 'Found.'),
  });
  const env = agentEnv({ serverUrl: server.url, home: benchHome() });
  const rows = [];
  try {
    for (const entry of cases(rg)) {
      // Unmeasured: fills the page cache for this pattern's files, for us and the peers alike.
      const first = await ourToolTime(server, state, repo, env, entry.call);
      if (!entry.expect.test(first.output)) {
        throw new Error(`${entry.label}: unexpected result: ${first.output.slice(0, 300)}`);
      }
      for (const peer of entry.peers) await peerTime(repo, peer);
      const ours = [];
      const peers = entry.peers.map(() => []);
      for (let i = 0; i < runs; i++) {
        log(`search: ${entry.label} ${i + 1}/${runs}`);
        ours.push((await ourToolTime(server, state, repo, env, entry.call)).ms);
        for (const [k, peer] of entry.peers.entries()) peers[k].push(await peerTime(repo, peer));
      }
      const median = (values) => row({ samples: values }).median;
      const timed = entry.peers.map((peer, k) => ({ ...peer, median: median(peers[k]) }));
      const judge = timed.find((peer) => peer.judge);
      const against = judge ?? [...timed].sort((a, b) => a.median - b.median)[0];
      const ratio = median(ours) / against.median;
      rows.push(
        row({
          benchmark: name,
          measure: `ours: ${entry.label}`,
          unit: 'ms',
          samples: ours,
          peer: judge ? judge.peer : `fastest: ${against.peer}`,
          ratio,
          ratioLabel: `${ratio.toFixed(2)}× its time`,
          target: judge ? `≤ 1.5× ${judge.peer}` : '≤ 1.5× the fastest',
          met: ratio <= 1.5,
        }),
      );
      for (const [k, peer] of entry.peers.entries()) {
        rows.push(
          row({
            benchmark: name,
            measure: `${peer.peer}: ${[peer.command, ...peer.args].join(' ')}`,
            unit: 'ms',
            samples: peers[k],
          }),
        );
      }
    }
  } finally {
    await server.close();
  }
  log(`search: repository of ${TRACKED_FILES.toLocaleString('en')} tracked files at ${repo}`);
  return rows;
}
