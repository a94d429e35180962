// One early-end scenario of the bundle on a `/gemini add NOTES.md` issue comment: the agent
// writes NOTES.md, then the run is stopped (the model mid-answer, a tool mid-command, or the
// time limit), and the checks every early end must pass — no comment left in progress, the change
// pushed or attached, the transcript in the record, no process left, no secret anywhere.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { expect } from 'vitest';
import type { FakeGitHub } from '../../support/fake-github-server.js';
import { useFakeGitHub } from '../../support/fake-github-server.js';
import type { FakeGeminiServer, FakeStep } from '../../support/fake-gemini.js';
import { callsReply, useFakeGemini } from '../../support/fake-gemini.js';
import { commentSeedFrom } from '../../support/payload-seeds.js';
import { tempRepo } from '../../support/temp-repo.js';
import { webhookExample } from '../../support/webhook-payloads.js';
import type { StartedStep, StepResult } from './early-end-run.js';
import { recordFiles, startActionStep } from './early-end-run.js';
import { E2E_API_KEY } from './run-action-dist.js';

const REPO = { owner: 'Codertocat', name: 'Hello-World', defaultBranch: 'master' };
export const NOTES = 'Notes written before the run was stopped.\n';

export interface Scenario {
  github: FakeGitHub;
  gemini: FakeGeminiServer;
  step: StartedStep;
}

/** Starts the bundle on `/gemini add NOTES.md`; the model writes NOTES.md, then `then` plays. */
export async function startNotesRun(
  then: FakeStep[],
  options: { env?: Record<string, string>; inputs?: Record<string, string> } = {},
): Promise<Scenario> {
  const payload = webhookExample('issue_comment', { action: 'created' });
  payload.comment.body = '/gemini add NOTES.md with a line of notes';
  const github = await useFakeGitHub({
    repo: REPO,
    issues: [{ number: 1, title: payload.issue.title, comments: [commentSeedFrom(payload)] }],
  });
  const workspace = await tempRepo({ 'README.md': '# Hello-World\n' }, { git: true });
  const gemini = await useFakeGemini([
    callsReply([
      {
        id: 'w1',
        name: 'write_file',
        args: { file_path: `${workspace}/NOTES.md`, content: NOTES },
      },
    ]),
    ...then,
  ]);
  const step = await startActionStep({
    payload,
    inputs: { gemini_api_key: E2E_API_KEY, ...options.inputs },
    github,
    gemini,
    workspace,
    ...(options.env === undefined ? {} : { env: options.env }),
  });
  return { github, gemini, step };
}

/** The run's own comment (not the seeded `/gemini` one). */
export function runComment(github: FakeGitHub) {
  return github.comments(1).find((comment) => !comment.seeded);
}

/** The branches the run pushed (besides the default one), with NOTES.md as each has it. */
export function pushedNotes(remote: string): { branch: string; notes: string; subject: string }[] {
  const refs = execFileSync('git', ['for-each-ref', '--format=%(refname:short)', 'refs/heads'], {
    cwd: remote,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((ref) => ref !== '' && ref !== 'master' && ref !== 'main');
  return refs.map((branch) => ({
    branch,
    notes: gitOr(remote, ['show', `${branch}:NOTES.md`]),
    subject: gitOr(remote, ['log', '-1', '--format=%s', branch]).trim(),
  }));
}

function gitOr(cwd: string, args: string[]): string {
  try {
    return execFileSync('git', args, {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return '';
  }
}

/** The PIDs of processes whose command line is exactly `argv` (any PID namespace's). */
export function processesRunning(argv: readonly string[]): number[] {
  const wanted = `${argv.join('\0')}\0`;
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8') === wanted) found.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

/**
 * What every early end must leave: a final comment (never "working" or ⏳) saying `title`, the
 * change pushed as work in progress or attached as a patch, the transcript in the record, and no
 * secret in any comment, output, summary, log or record file.
 */
export async function expectKeptAndClean(
  scenario: Scenario,
  result: StepResult,
  expected: { title: RegExp; kept: 'pushed' | 'patch' },
): Promise<void> {
  const { github, step } = scenario;
  const comment = runComment(github);
  expect(comment, 'the run posted its comment').toBeDefined();
  const body = comment?.body ?? '';
  expect(body).not.toContain('⏳');
  expect(body).not.toMatch(/is working on|is wrapping up/);
  expect(body).toMatch(expected.title);
  // The tool call made before the end is listed.
  expect(body).toContain('NOTES.md');
  if (expected.kept === 'pushed') {
    const pushed = pushedNotes(step.remote);
    expect(pushed).toHaveLength(1);
    expect(pushed[0]?.notes).toBe(NOTES);
    expect(pushed[0]?.subject).toMatch(/^WIP: /);
    expect(body).toContain(pushed[0]?.branch ?? '?');
  } else {
    // The patch is in the comment, and in the record the artifact holds.
    expect(body).toContain('+Notes written before the run was stopped.');
  }
  const files = await recordFiles(result.recordDir);
  expect(files['transcript.jsonl']).toContain('write_file');
  if (expected.kept === 'patch') {
    expect(files['changes.patch']).toContain('+Notes written before the run was stopped.');
  }
  const everything = [
    ...github.comments(1).flatMap((entry) => entry.bodies),
    JSON.stringify(result.outputs),
    result.summary,
    // The runner hides what `::add-mask::` names; every other line must not hold a secret.
    withoutMaskCommands(step.log()),
    withoutMaskCommands(result.postLog),
    ...Object.values(files),
    JSON.stringify(result.state),
  ].join('\n');
  for (const secret of [E2E_API_KEY, github.token]) expect(everything).not.toContain(secret);
}

function withoutMaskCommands(log: string): string {
  return log
    .split('\n')
    .filter((line) => !line.startsWith('::add-mask::'))
    .join('\n');
}
