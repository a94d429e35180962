// The committed Action bundle on a /gemini issue comment, run as the runner would (see
// support/run-action-dist.ts), against a local fake GitHub and the fake Gemini server.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { callsReply, textReply, useFakeGemini } from '../support/fake-gemini.js';
import { commentEvent, fakeGitHubFor } from './support/comment-run.js';
import { E2E_API_KEY, runActionDist } from './support/run-action-dist.js';

const API_KEY = E2E_API_KEY;

const runAction = runActionDist;

describe('dist/index.js', () => {
  it('answers a /gemini comment: reaction, one comment edited in place, outputs', async () => {
    const payload = commentEvent('Codertocat', '/gemini describe the README');
    const github = await fakeGitHubFor(payload, {});
    const gemini = await useFakeGemini([
      callsReply([{ id: 'c1', name: 'read_file', args: { absolute_path: 'README.md' } }]),
      textReply('The README is a one-line heading.'),
    ]);

    const result = await runAction({
      payload,
      inputs: { gemini_api_key: API_KEY, max_turns: '5' },
      github,
      gemini,
    });

    expect(result.code).toBe(0);
    expect(github.violations).toEqual([]);
    expect(github.unexpected).toEqual([]);
    expect(github.reactions).toContainEqual(expect.objectContaining({ content: 'eyes' }));
    const posted = github.comments(1).filter((comment) => !comment.seeded);
    expect(posted).toHaveLength(1);
    const comment = posted[0];
    expect(comment?.bodies.length).toBeGreaterThan(1);
    expect(comment?.body).toContain("finished @Codertocat's task");
    expect(comment?.body).toContain('The README is a one-line heading.');
    expect(comment?.body).toContain(result.runUrl);
    expect(result.outputs).toMatchObject({
      conclusion: 'success',
      summary: 'The README is a one-line heading.',
      tool_calls: '1',
      error: '',
    });
    expect(result.outputs.comment_url).toMatch(/#issuecomment-\d+$/);
    expect(await readFile(result.outputs.transcript_file ?? '', 'utf8')).toContain(
      '"kind":"state_change"',
    );
    expect(result.summary).toContain('The README is a one-line heading.');
    expect(result.stdout).toContain(`::add-mask::${API_KEY}`);
    expect(gemini.generateRequests()[0]?.headers['x-goog-api-key']).toBe(API_KEY);
    const sent = github.requests.map((request) => JSON.stringify(request.body ?? '')).join('\n');
    expect(sent).not.toContain(API_KEY);
  });

  it('skips a commenter without write access: no comment, a job-summary line', async () => {
    const payload = commentEvent('rob', '/gemini describe the README');
    const github = await fakeGitHubFor(payload, { rob: 'read' });
    const gemini = await useFakeGemini([]);

    const result = await runAction({
      payload,
      inputs: { gemini_api_key: API_KEY },
      github,
      gemini,
    });

    expect(result.code).toBe(0);
    expect(result.outputs.conclusion).toBe('skipped');
    expect(github.comments(1).filter((comment) => !comment.seeded)).toEqual([]);
    expect(github.reactions).toEqual([]);
    expect(result.summary).toContain('⏭️ Skipped:');
    expect(result.summary).toContain('read permission');
    expect(gemini.requests).toEqual([]);
  });

  it('fails naming the input when an input is invalid', async () => {
    const gemini = await useFakeGemini([]);
    const result = await runAction({
      payload: commentEvent('Codertocat', '/gemini hi'),
      inputs: { gemini_api_key: 'k', max_turns: 'lots' },
      github: undefined,
      gemini,
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      '::error::max_turns: expected a positive whole number, got "lots".',
    );
    expect(result.outputs.conclusion).toBe('failure');
  });
});
