// The promise of the local run: for the same event and the same model session, it posts the
// comment the Action posts. The Action runs in-process against the fake GitHub server (HTTP,
// checked against GitHub's API description); the local run against its in-process dry-run GitHub.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRecordedSession } from '../../src/model/recording.js';
import { scriptFromRecording } from '../../src/fake-gemini/fake-gemini-server.js';
import { runActionInProcess } from '../support/action-harness.js';
import { useFakeGemini } from '../support/fake-gemini.js';
import { useFakeGitHub } from '../support/fake-github-server.js';
import { tempRepo } from '../support/temp-repo.js';
import { webhookExample } from '../support/webhook-payloads.js';
import { runCli } from '../../src/cli/run-cli.js';
import { runArgs, tempDir, testTerminal, writeJson, writeSession } from './support.js';
import { seedFromPayload } from '../support/payload-seeds.js';

const README = '# Hello-World\n\nComit with two t.\n';

/**
 * What differs between two runs of the same session by design, and nothing else:
 * - durations (the run's and each tool call's) — wall-clock time;
 * - the commit's SHA, full and short — the commit records the time it was made;
 * - the job run link in the comment and the pull request — a local run belongs to no workflow
 *   run (the harness sets GITHUB_RUN_ID);
 * - the progress marker's event key, run and attempt — they identify the workflow run, so a re-run
 *   finds its comment (github/trigger-claim.ts); a local run has none.
 */
function normalize(body: string): string {
  return body
    .replace(/\b\d+m \d+s\b|\b\d+(\.\d+)?(ms|s)\b/g, '<duration>')
    .replace(/\b[0-9a-f]{40}\b/g, '<sha>')
    .replace(/`[0-9a-f]{7}`/g, '`<short sha>`')
    .replace(/ \[View job run\]\([^)]*\/actions\/runs\/\d+\) ·/g, '')
    .replace(/ · \[Workflow run\]\([^)]*\/actions\/runs\/\d+\)/g, '')
    .replace(
      /<!-- gemini-agent:progress trigger=\S+ run=\d+ attempt=\d+ -->/g,
      '<!-- gemini-agent:progress -->',
    );
}

describe('the local run and the Action', () => {
  it('post the same final comment for the same event and session', async () => {
    const payload = webhookExample('issue_comment', { action: 'created' });
    payload.comment.body = '/gemini fix the spelling in the README';
    const dir = await tempDir();
    const session = await writeSession(dir, [
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
    ]);

    const github = await useFakeGitHub(seedFromPayload(payload));
    const gemini = await useFakeGemini(scriptFromRecording(await readRecordedSession(session)));
    const action = await runActionInProcess({
      eventName: 'issue_comment',
      payload,
      github,
      gemini,
      workspace: await tempRepo({ 'README.md': README }, { git: true }),
    });
    expect(action.result.conclusion).toBe('success');
    const posted = github.comments(payload.issue.number).filter((comment) => !comment.seeded);
    expect(posted).toHaveLength(1);

    const repo = await tempRepo({ 'README.md': README }, { git: true });
    const event = await writeJson(dir, 'event.json', payload);
    const out = path.join(dir, 'out');
    const terminal = testTerminal();
    const code = await runCli(
      ['run', ...runArgs({ event, eventName: 'issue_comment', repo, replay: session, out })],
      terminal.io,
    );
    expect(code, terminal.stderr).toBe(0);
    const local = await readFile(path.join(out, 'comment-1.md'), 'utf8');

    expect(normalize(local)).toBe(normalize(posted[0]?.body ?? ''));
    // The normalizing hides nothing else: the texts are long and mostly the same.
    expect(local).toContain('Fixed the spelling of "commit" in the README.');
    expect(local).toContain('Opened draft pull request [#2]');

    // The pull request's title and body too.
    const pullRequest = await readFile(path.join(out, 'pull-request.md'), 'utf8');
    const opened = github.createdPulls[0];
    expect(pullRequest).toContain(`# ${opened?.title ?? '(none)'}\n`);
    expect(normalize(pullRequest)).toContain(normalize(opened?.body ?? '(none)'));
  });
});
