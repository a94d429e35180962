// `gemini-agent run` in-process: the Action's pipeline on a local repository for an event file,
// with the dry-run GitHub writing what would be posted under --out and the commit going to a
// branch of --repo.
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { parseRunArgs } from '../../src/cli/subcommands/run.js';
import { callsReply, textReply, useFakeGemini } from '../support/fake-gemini.js';
import { useFakeGitHub } from '../support/fake-github-server.js';
import { tempRepo } from '../support/temp-repo.js';
import { webhookExample } from '../support/webhook-payloads.js';
import {
  commitAll,
  git,
  runArgs,
  tempDir,
  testTerminal,
  writeJson,
  writeSession,
} from '../local/support.js';

const README = '# Hello-World\n\nComit with two t.\n';
const BRANCH = 'gemini/issue-1-spelling-error-in-the-readme-file';

function commentPayload(body = '/gemini fix the spelling in the README') {
  const payload = webhookExample('issue_comment', { action: 'created' });
  payload.comment.body = body;
  return payload;
}

const fixReadme = [
  {
    calls: [
      {
        id: 'w1',
        name: 'write_file',
        args: { file_path: 'README.md', content: '# Hello-World\n\nCommit with one t.\n' },
      },
    ],
  },
  { text: 'Fixed the spelling of "commit" in the README.' },
];

async function runCommand(args: string[], env: NodeJS.ProcessEnv = {}) {
  const terminal = testTerminal(env);
  const code = await runCli(['run', ...args], terminal.io);
  return { code, stdout: terminal.stdout, stderr: terminal.stderr };
}

describe('gemini-agent run', () => {
  it('runs an issue comment task: the comment as files, the commit on a branch of --repo', async () => {
    const dir = await tempDir();
    const repo = await tempRepo({ 'README.md': README }, { git: true });
    const head = git(repo, 'rev-parse', 'HEAD');
    const event = await writeJson(dir, 'event.json', commentPayload());
    const session = await writeSession(dir, fixReadme);
    const out = path.join(dir, 'out');

    const run = await runCommand(
      runArgs({ event, eventName: 'issue_comment', repo, replay: session, out }),
    );

    expect(run.code, run.stderr).toBe(0);
    const final = await readFile(path.join(out, 'comment-1.md'), 'utf8');
    expect(final).toContain('Fixed the spelling of "commit" in the README.');
    expect(final).toContain(`Changes pushed** to [\`${BRANCH}\`]`);
    const states = await readdir(path.join(out, 'comment-1.states'));
    expect(states.length).toBeGreaterThan(2);
    expect(await readFile(path.join(out, 'comment-1.states', '001.md'), 'utf8')).toContain(
      'is working on',
    );
    expect(await readFile(path.join(out, 'comment-1.states', states.at(-1) ?? ''), 'utf8')).toBe(
      final,
    );
    expect(await readFile(path.join(out, 'pull-request.md'), 'utf8')).toContain(
      `${BRANCH} → master (draft)`,
    );
    // The commit is a branch of --repo; the checked-out branch and the working tree are untouched.
    expect(git(repo, 'show', `${BRANCH}:README.md`)).toBe('# Hello-World\n\nCommit with one t.');
    expect(git(repo, 'rev-parse', 'HEAD')).toBe(head);
    expect(git(repo, 'status', '--porcelain')).toBe('');
    expect(await readFile(path.join(repo, 'README.md'), 'utf8')).toBe(README);
    // Every request is logged; the terminal shows the comment and the story's end.
    const requests = (await readFile(path.join(out, 'requests.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { method: string; path: string });
    expect(requests).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        path: '/repos/Codertocat/Hello-World/issues/1/comments',
      }),
    );
    expect(run.stdout).toContain('💬 Comment 1 posted on #1');
    expect(run.stdout).toContain('── Final comment 1 on #1 (comment-1.md) ──');
    expect(run.stdout).toContain('── Result: success');
    expect(run.stdout).toContain(`branch_name: ${BRANCH}`);
    expect(existsSync(path.join(out, 'job-summary.md'))).toBe(true);
  });

  it('posts a review with its inline comments on the lines of the local diff', async () => {
    const dir = await tempDir();
    const repo = await tempRepo(
      { 'src/parse.js': 'export function parse(input) {\n  return JSON.parse(input);\n}\n' },
      { git: true },
    );
    git(repo, 'branch', '-m', 'master');
    const base = git(repo, 'rev-parse', 'HEAD');
    git(repo, 'checkout', '-q', '-b', 'changes');
    await writeFile(
      path.join(repo, 'src/parse.js'),
      'export function parse(input) {\n  const value = JSON.parse(input);\n  return value;\n}\n',
    );
    const head = commitAll(repo, 'parse in two steps');
    git(repo, 'checkout', '-q', 'master');
    const payload = webhookExample('pull_request', { action: 'opened' });
    payload.pull_request.base.sha = base;
    payload.pull_request.head.sha = head;
    const event = await writeJson(dir, 'event.json', payload);
    const session = await writeSession(dir, [
      {
        calls: [
          {
            id: 'r1',
            name: 'submit_review',
            args: {
              summary: 'One question.',
              findings: [
                {
                  path: 'src/parse.js',
                  line: 3,
                  severity: 'low',
                  body: 'Why keep `value` in a variable?',
                },
              ],
            },
          },
        ],
      },
      { text: 'Review handed in.' },
    ]);
    const out = path.join(dir, 'out');

    const run = await runCommand(
      runArgs({ event, eventName: 'pull_request', repo, replay: session, out }),
    );

    expect(run.code, run.stderr).toBe(0);
    const review = JSON.parse(await readFile(path.join(out, 'review.json'), 'utf8')) as {
      commit_id: string;
      event: string;
      body: string;
      comments: { path: string; line: number; side: string; body: string }[];
    };
    expect(review.commit_id).toBe(head);
    expect(review.body).toContain('One question.');
    expect(review.comments).toEqual([
      expect.objectContaining({ path: 'src/parse.js', line: 3, side: 'RIGHT' }),
    ]);
    expect(review.comments[0]?.body).toContain('Why keep `value` in a variable?');
    expect(await readFile(path.join(out, 'review.md'), 'utf8')).toContain('## src/parse.js:3');
    expect(run.stdout).toContain('📝 Review posted on #2 (COMMENT, 1 inline comment');
    // An automatic review keeps no progress comment.
    expect(existsSync(path.join(out, 'comment-1.md'))).toBe(false);
  });

  it('applies triage labels, written to labels.json, limited to the --labels given', async () => {
    const dir = await tempDir();
    const repo = await tempRepo({ 'README.md': README }, { git: true });
    const payload = webhookExample('issues', { action: 'opened' });
    const event = await writeJson(dir, 'event.json', payload);
    const session = await writeSession(dir, [
      { calls: [{ id: 'l1', name: 'set_labels', args: { labels: ['docs', 'wontfix'] } }] },
      { calls: [{ id: 'l2', name: 'set_labels', args: { labels: ['docs'] } }] },
      { text: 'docs: the README has a typo.' },
    ]);
    const out = path.join(dir, 'out');

    const run = await runCommand(
      runArgs({ event, eventName: 'issues', repo, replay: session, out }, '--labels', 'bug,docs'),
    );

    expect(run.code, run.stderr).toBe(0);
    const labels = JSON.parse(await readFile(path.join(out, 'labels.json'), 'utf8')) as unknown;
    // The example issue has "bug" already; "wontfix" is not among --labels, so it went back.
    expect(labels).toEqual([
      { issue: payload.issue.number, added: ['docs'], labels: ['bug', 'docs'] },
    ]);
    expect(run.stdout).toContain(`🏷  Labels on #${payload.issue.number}: added docs`);
    expect(run.stdout).toContain('labels: {"1":["docs"]}');
  });

  it('with --github, talks to the API in GITHUB_API_URL with GITHUB_TOKEN', async () => {
    const dir = await tempDir();
    const payload = commentPayload('/gemini what does this repository hold?');
    const github = await useFakeGitHub({
      repo: { owner: 'Codertocat', name: 'Hello-World', defaultBranch: 'master' },
      issues: [
        {
          number: payload.issue.number,
          title: payload.issue.title,
          body: payload.issue.body ?? '',
          user: 'Codertocat',
        },
      ],
    });
    const event = await writeJson(dir, 'event.json', payload);
    const session = await writeSession(dir, [{ text: 'A README, nothing else.' }]);
    const out = path.join(dir, 'out');
    const args = runArgs(
      {
        event,
        eventName: 'issue_comment',
        repo: await tempRepo({ 'README.md': README }, { git: true }),
        replay: session,
        out,
      },
      '--github',
    );

    const missing = await runCommand(args);
    expect(missing.code).toBe(42);
    expect(missing.stderr).toContain('--github needs a token in GITHUB_TOKEN');

    const run = await runCommand(args, {
      GITHUB_TOKEN: github.token,
      GITHUB_API_URL: github.url,
    });

    expect(run.code, run.stderr).toBe(0);
    const posted = github.comments(payload.issue.number).filter((comment) => !comment.seeded);
    expect(posted.map((comment) => comment.body)).toEqual([
      expect.stringContaining('A README, nothing else.'),
    ]);
    expect(github.violations).toEqual([]);
    // Nothing of the dry run: no files of what would be posted.
    expect(existsSync(path.join(out, 'comment-1.md'))).toBe(false);
  });

  it('skips a user below write permission: nothing is posted and no branch is made', async () => {
    const dir = await tempDir();
    const repo = await tempRepo({ 'README.md': README }, { git: true });
    const event = await writeJson(dir, 'event.json', commentPayload());
    const session = await writeSession(dir, fixReadme);
    const out = path.join(dir, 'out');

    const run = await runCommand(
      runArgs(
        { event, eventName: 'issue_comment', repo, replay: session, out },
        '--actor-permission',
        'read',
      ),
    );

    expect(run.code).toBe(0);
    expect(run.stderr).toContain('Skipped: @Codertocat has read permission');
    expect(run.stdout).toContain('── Result: skipped');
    expect(existsSync(path.join(out, 'comment-1.md'))).toBe(false);
    const requests = await readFile(path.join(out, 'requests.jsonl'), 'utf8');
    expect(requests).not.toMatch(/"method":"(POST|PATCH|PUT|DELETE)"/);
    expect(git(repo, 'branch', '--list')).toBe('* main');
  });

  it('records a live session that replays to the same comment', async () => {
    const dir = await tempDir();
    const gemini = await useFakeGemini([
      callsReply([
        {
          id: 'w1',
          name: 'write_file',
          args: { file_path: 'README.md', content: '# Hello-World\n\nCommit with one t.\n' },
        },
      ]),
      textReply('Fixed the spelling.'),
    ]);
    const event = await writeJson(dir, 'event.json', commentPayload());
    const recording = path.join(dir, 'recorded.jsonl');
    const first = await runCommand(
      runArgs({
        event,
        eventName: 'issue_comment',
        repo: await tempRepo({ 'README.md': README }, { git: true }),
        record: recording,
        out: path.join(dir, 'live'),
      }),
      { GEMINI_API_KEY: 'test-key', GOOGLE_GEMINI_BASE_URL: gemini.url },
    );
    expect(first.code, first.stderr).toBe(0);

    const second = await runCommand(
      runArgs({
        event,
        eventName: 'issue_comment',
        repo: await tempRepo({ 'README.md': README }, { git: true }),
        replay: recording,
        out: path.join(dir, 'replayed'),
      }),
    );

    expect(second.code, second.stderr).toBe(0);
    const comment = async (folder: string) =>
      (await readFile(path.join(dir, folder, 'comment-1.md'), 'utf8'))
        .replace(/\b\d+(ms|s)\b/g, '<duration>')
        .replace(/[0-9a-f]{40}|`[0-9a-f]{7}`/g, '<sha>');
    expect(await comment('replayed')).toBe(await comment('live'));
    expect(await comment('replayed')).toContain('Fixed the spelling.');
  });

  it('uses --policy files from anywhere, as the workflow policy input', async () => {
    const dir = await tempDir();
    const policy = path.join(dir, 'no-edits.toml');
    await writeFile(
      policy,
      '[[rule]]\ntoolName = "write_file"\ndecision = "deny"\npriority = 999\ndenyMessage = "No edits today."\n',
    );
    const repo = await tempRepo({ 'README.md': README }, { git: true });
    const event = await writeJson(dir, 'event.json', commentPayload());
    const session = await writeSession(dir, fixReadme);
    const out = path.join(dir, 'out');

    const run = await runCommand(
      runArgs(
        { event, eventName: 'issue_comment', repo, replay: session, out },
        '--policy',
        policy,
      ),
    );

    expect(run.code, run.stderr).toBe(0);
    const final = await readFile(path.join(out, 'comment-1.md'), 'utf8');
    expect(final).toContain('🚫');
    expect(git(repo, 'branch', '--list')).toBe('* main');
  });

  it('reports an invalid --policy file at its own path and line', async () => {
    const dir = await tempDir();
    const policy = path.join(dir, 'broken.toml');
    await writeFile(policy, '[[rule]]\ntoolName = "write_file"\ndecision = "maybe"\n');
    const repo = await tempRepo({ 'README.md': README }, { git: true });
    const event = await writeJson(dir, 'event.json', commentPayload());

    const run = await runCommand(
      runArgs(
        { event, eventName: 'issue_comment', repo, out: path.join(dir, 'out') },
        '--policy',
        policy,
      ),
    );

    expect(run.code).toBe(52);
    expect(run.stderr).toContain(`${policy}:3`);
  });

  it('answers usage mistakes with one line and exit code 42', async () => {
    const dir = await tempDir();
    const repo = await tempRepo({ 'README.md': README }, { git: true });
    const event = await writeJson(dir, 'event.json', commentPayload());
    const cases: [string[], RegExp][] = [
      [[], /expects --event FILE/],
      [['--event', event], /expects --event-name NAME/],
      [['--event', event, '--event-name', 'comment'], /--event-name expects one of/],
      [
        ['--event', event, '--event-name', 'issue_comment', '--actor-permission', 'root'],
        /--actor-permission expects one of/,
      ],
      [
        ['--event', event, '--event-name', 'issue_comment', '--input', 'colour=red'],
        /"colour" is not an input of the Action/,
      ],
      [
        ['--event', event, '--event-name', 'issue_comment', '--input', 'model'],
        /--input expects NAME=VALUE/,
      ],
      [
        runArgs({ event: path.join(dir, 'missing.json'), eventName: 'issue_comment', repo }),
        /^error: --event: \S*missing\.json does not exist; expected the event's JSON payload there\.$/m,
      ],
      [
        runArgs({ event, eventName: 'issue_comment', repo, out: dir }),
        /--out expects a new or empty folder/,
      ],
      [
        runArgs({ event, eventName: 'issue_comment', repo: dir, out: path.join(dir, 'o') }),
        /--repo expects a git repository with at least one commit/,
      ],
      [['--event', event, '--event-name', 'issue_comment', '--bogus'], /Unknown option '--bogus'/],
    ];
    for (const [args, message] of cases) {
      const run = await runCommand(args);
      expect(run.code, args.join(' ')).toBe(42);
      expect(run.stderr).toMatch(message);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('refuses a bad --input value as the Action would, before cloning anything', async () => {
    const dir = await tempDir();
    const repo = await tempRepo({ 'README.md': README }, { git: true });
    const event = await writeJson(dir, 'event.json', commentPayload());
    const out = path.join(dir, 'out');
    const base = runArgs({ event, eventName: 'issue_comment', repo, out });
    for (const [input, message] of [
      ['max_turns=abc', '--input max_turns: expected a positive whole number, got "abc".'],
      ['create_pr=maybe', '--input create_pr: expected one of never, draft, ready, got "maybe".'],
      ['signed_commits=yes', '--input signed_commits: expected true or false, got "yes".'],
    ] as const) {
      const run = await runCommand([...base, '--input', input]);
      expect(run.code, input).toBe(42);
      expect(run.stderr).toBe(`error: ${message}\n`);
      expect(existsSync(out), 'nothing was cloned').toBe(false);
    }
  });

  it('lists only the files the run wrote', async () => {
    const dir = await tempDir();
    const repo = await tempRepo({ 'README.md': README }, { git: true });
    // Without --replay or model credentials the Action fails after the clone, before the agent.
    const event = await writeJson(dir, 'event.json', commentPayload());
    const out = path.join(dir, 'out');
    const run = await runCommand(runArgs({ event, eventName: 'issue_comment', repo, out }), {});
    expect(run.stdout).toContain('── Result: failure');
    const listed = run.stdout
      .slice(run.stdout.indexOf(`── Files in ${out}:`))
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/)[0] ?? '')
      .filter((name) => name !== '');
    expect(listed.length).toBeGreaterThan(0);
    for (const name of listed) expect(existsSync(path.join(out, name)), name).toBe(true);
  });

  it('prints its usage with --help', async () => {
    const run = await runCommand(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Usage: gemini-agent run --event FILE --event-name NAME');
    expect(
      parseRunArgs(['--event', 'e.json', '--event-name', 'issues', '--labels', 'a, b,,c'], '/x'),
    ).toMatchObject({
      labels: [{ name: 'a' }, { name: 'b' }, { name: 'c' }],
      repo: '/x',
      actorPermission: 'write',
    });
    expect(
      parseRunArgs(['--event', 'e.json', '--event-name', 'issues', '--skip-trust'], '/x'),
    ).toMatchObject({ skipTrust: true });
  });
});
