// The post step after a main step that was killed (SIGKILL) or ran out of time while reporting:
// from the record the main step saved and the files it kept on the runner, it uploads the
// artifact and turns the comment still showing progress into "stopped unexpectedly", with the
// tool calls, the change left and the job log's link. What main finished is left alone.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { finishRunRecord } from '../../src/action/post-run.js';
import type { SavedRunRecord } from '../../src/action/record-state.js';
import { RUN_RECORD_STATE, encodeRunRecord } from '../../src/action/record-state.js';
import { createOctokit } from '../../src/github/octokit.js';
import { runRecordPaths } from '../../src/github/run-artifact.js';
import { memoryLogger } from '../../src/platform/logger.js';
import { useFakeGitHub } from '../support/fake-github-server.js';
import { tempRepo } from '../support/temp-repo.js';

const REPO = { owner: 'Codertocat', name: 'Hello-World', defaultBranch: 'master' };
const RUN_URL = 'https://github.com/Codertocat/Hello-World/actions/runs/4242';
const COMMENT_ID = 4711;
const MAINTAINER_COMMENT_ID = 4712;
const API_KEY = 'post-step-gemini-key-0123456789abcdef';
/** What a file of the runner outside the record holds; never uploaded or posted. */
const RUNNER_SECRET = 'runner-credential-0123456789';

const WRITE_EVENT = {
  session_id: 's',
  timestamp: '2026-01-01T00:00:00.000Z',
  turn: 1,
  kind: 'tool_call_update',
  tool_call: {
    tool_call_id: 'w1',
    status: 'SUCCEEDED',
    tool_name: 'write_file',
    input_parameters: { file_path: 'NOTES.md', content: 'notes' },
    kind: 'edit',
    description: 'Write NOTES.md',
  },
};

const PROGRESS_MARKER = '<!-- gemini-agent:progress trigger=issue_comment.1 run=4242 attempt=1 -->';

async function killedRun(done: Partial<SavedRunRecord['done']> = {}) {
  const github = await useFakeGitHub({
    repo: REPO,
    issues: [
      {
        number: 1,
        title: 'Notes',
        comments: [
          {
            id: COMMENT_ID,
            user: 'github-actions[bot]',
            body: `**Gemini is working on the task** ⏳\n\n${PROGRESS_MARKER}`,
          },
          { id: MAINTAINER_COMMENT_ID, user: 'Codertocat', body: 'Please keep the notes short.' },
        ],
      },
    ],
  });
  const runnerTemp = await tempRepo();
  const files = runRecordPaths(runnerTemp, randomUUID());
  const secretFile = path.join(runnerTemp, 'runner-credentials.json');
  await writeFile(secretFile, `{"token":"${RUNNER_SECRET}"}\n`);
  await mkdir(files.dir, { recursive: true });
  await writeFile(files.transcript, `${JSON.stringify(WRITE_EVENT)}\n{"kind":"tool_call_up`);
  await writeFile(files.patch, `diff --git a/NOTES.md b/NOTES.md\n+notes (key ${API_KEY})\n`);
  const saved: SavedRunRecord = {
    version: 1,
    files,
    artifactName: 'gemini-agent-invoke-1-abc',
    upload: true,
    runUrl: RUN_URL,
    startedAt: Date.now() - 5000,
    actor: 'Codertocat',
    comment: {
      target: { owner: 'Codertocat', repo: 'Hello-World', issueNumber: 1 },
      live: true,
      posted: {
        owner: 'Codertocat',
        repo: 'Hello-World',
        kind: 'issue_comment',
        id: COMMENT_ID,
        url: `https://github.com/Codertocat/Hello-World/issues/1#issuecomment-${COMMENT_ID}`,
      },
    },
    ending: { kind: 'cancelled', at: Date.now() - 1000, signal: 'SIGINT' },
    done: { comment: false, artifact: 'not started', ...done },
  };
  const uploads: { name: string; files: string[]; contents: string[] }[] = [];
  const logger = memoryLogger();
  const finish = () =>
    finishRunRecord({
      getState: (name) => (name === RUN_RECORD_STATE ? encodeRunRecord(saved) : ''),
      getInput: (name) => (name === 'github_token' ? github.token : ''),
      env: {
        RUNNER_TEMP: runnerTemp,
        GITHUB_API_URL: github.url,
        GITHUB_SERVER_URL: 'https://github.com',
        GITHUB_REPOSITORY: 'Codertocat/Hello-World',
        GITHUB_RUN_ID: '4242',
        INPUT_GEMINI_API_KEY: API_KEY,
      },
      logger,
      createOctokit: (options) =>
        createOctokit({ ...options, retry: { retries: 0 }, throttle: { enabled: false } }),
      upload: async (name, list) => {
        const contents = await Promise.all(list.map((file) => readFile(file, 'utf8')));
        uploads.push({ name, files: list.map((file) => path.basename(file)), contents });
        return { id: 77 };
      },
    });
  return { github, finish, uploads, logger, saved, files, secretFile };
}

describe('the post step after a killed main step', () => {
  it('uploads the record and ends the comment as stopped unexpectedly, from the record', async () => {
    const { github, finish, uploads } = await killedRun();

    const result = await finish();

    expect(result).toEqual({ uploaded: true, commentEnded: true });
    expect(uploads.map(({ name, files }) => ({ name, files }))).toEqual([
      { name: 'gemini-agent-invoke-1-abc', files: ['transcript.jsonl', 'changes.patch'] },
    ]);
    const body = github.comments(1).find((comment) => comment.id === COMMENT_ID)?.body ?? '';
    expect(body).toContain('stopped unexpectedly');
    expect(body).toContain('It was cancelled at');
    expect(body).toContain(`[job log](${RUN_URL})`);
    expect(body).toContain('write_file');
    expect(body).toContain('+notes');
    expect(body).toContain('/actions/runs/4242/artifacts/77');
    expect(body).not.toContain('⏳');
    // The model key in the patch is redacted like every other outgoing text.
    expect(body).not.toContain(API_KEY);
  });

  it('leaves alone what the main step finished', async () => {
    const { github, finish, uploads } = await killedRun({ comment: true, artifact: 'uploaded' });

    const result = await finish();

    expect(result).toEqual({ uploaded: false, commentEnded: false });
    expect(uploads).toEqual([]);
    expect(github.comments(1)[0]?.bodies).toHaveLength(1);
  });

  it('uploads and posts nothing from a state that names files outside the record', async () => {
    const run = await killedRun();
    // A command that could reach the runner's state file points the record at another file.
    run.saved.files = { ...run.saved.files, transcript: run.secretFile };

    const result = await run.finish();

    expect(result).toEqual({ uploaded: false, commentEnded: false });
    expect(run.uploads).toEqual([]);
    expect(run.github.comments(1)[0]?.bodies).toHaveLength(1);
    expect(run.logger.lines.map((line) => line.message).join('\n')).toContain('outside the run');
  });

  it('never follows a link planted in place of a record file', async () => {
    const run = await killedRun();
    await rm(run.files.transcript);
    await symlink(run.secretFile, run.files.transcript);
    await rm(run.files.patch);
    await symlink(run.secretFile, run.files.patch);

    const result = await run.finish();

    expect(result.commentEnded).toBe(true);
    expect(run.uploads.flatMap((upload) => upload.files)).toEqual([]);
    const body = run.github.comments(1)[0]?.body ?? '';
    expect(body).toContain('stopped unexpectedly');
    expect(body).not.toContain(RUNNER_SECRET);
  });

  it('does not overwrite a comment that is not this run’s progress comment', async () => {
    const run = await killedRun();
    const posted = run.saved.comment?.posted;
    if (posted === undefined) throw new Error('the record has no comment');
    posted.id = MAINTAINER_COMMENT_ID;

    const result = await run.finish();

    expect(result.commentEnded).toBe(false);
    const maintainers = run.github.comments(1).find((c) => c.id === MAINTAINER_COMMENT_ID);
    expect(maintainers?.body).toBe('Please keep the notes short.');
    expect(run.logger.lines.map((line) => line.message).join('\n')).toContain(
      'not the progress comment of this workflow run',
    );
  });

  it('does nothing without a saved record (a run that was never authorized)', async () => {
    const result = await finishRunRecord({
      getState: () => '',
      getInput: () => '',
      env: {},
      logger: memoryLogger(),
    });
    expect(result).toEqual({ uploaded: false, commentEnded: false });
  });
});
