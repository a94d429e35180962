// Nothing lost on long output, in-process: the whole answer, the transcript and any unpushed patch
// go up as one workflow artifact (the real @actions/artifact client against the runner's artifact
// service faked at the HTTP boundary), the final comment keeps the answer's beginning and links
// the artifact — also when the run failed — and a failed or disabled upload never stops the run.
import { describe, expect, it } from 'vitest';
import { useFakeGitHub } from '../support/fake-github-server.js';
import type { FakeGitHub } from '../support/fake-github-server.js';
import { httpError, textReply, useFakeGemini } from '../support/fake-gemini.js';
import { runActionInProcess } from '../support/action-harness.js';
import {
  fakeRuntimeToken,
  useFakeArtifactService,
  zipEntries,
} from '../support/fake-artifact-service.js';
import { webhookExample } from '../support/webhook-payloads.js';
import { seedFromPayload } from '../support/payload-seeds.js';

const ARTIFACT_PAGE = 'https://github.com/Codertocat/Hello-World/actions/runs/4242/artifacts/';

function commentEvent(body: string) {
  const payload = webhookExample('issue_comment', { action: 'created' });
  payload.comment.body = body;
  return payload;
}

async function githubFor(payload: ReturnType<typeof commentEvent>): Promise<FakeGitHub> {
  return useFakeGitHub(seedFromPayload(payload));
}

/** An answer of about 81,000 characters written as one paragraph. */
function longAnswer(): string {
  return Array.from({ length: 9_500 }, (_, i) => `step${i}`).join(' ');
}

describe("the run's record", () => {
  it('uploads the whole answer and transcript, and the cut comment links them', async () => {
    const token = fakeRuntimeToken();
    const service = await useFakeArtifactService({ token, artifactId: 77 });
    const payload = commentEvent('/gemini explain everything');
    const github = await githubFor(payload);
    const answer = longAnswer();
    expect(answer.length).toBeGreaterThan(81_000);
    const gemini = await useFakeGemini([textReply(answer)]);

    const run = await runActionInProcess({
      eventName: 'issue_comment',
      payload,
      github,
      gemini,
      env: { ACTIONS_RUNTIME_TOKEN: token, ACTIONS_RESULTS_URL: service.url },
    });

    expect(run.result.conclusion).toBe('success');
    const [name, zip] = [...service.artifacts][0] ?? [];
    expect(name).toMatch(/^gemini-agent-invoke-1-[0-9a-f]{8}$/);
    const files = zipEntries(zip ?? Buffer.alloc(0));
    expect(files.get('answer.md')).toBe(`${answer}\n`);
    expect(files.get('transcript.jsonl')).toContain('"kind":"state_change"');
    const comment = github.comments(1).find((entry) => !entry.seeded);
    const body = comment?.body ?? '';
    expect(body.length).toBeLessThanOrEqual(65_536);
    expect(body.split('\n\n')[1]).toMatch(/^step0 step1 step2 /);
    expect(body).toContain(
      `The full record is in \`answer.md\` in the [run's artifact](${ARTIFACT_PAGE}77)`,
    );
    expect(body).toContain(`[Full answer and transcript](${ARTIFACT_PAGE}77)`);
    expect(run.summary).toContain(`[Full answer and transcript](${ARTIFACT_PAGE}77)`);
    // The job summary holds the whole answer: it is far below 1 MiB.
    expect(run.summary).toContain(answer.slice(-200));
    // The runtime token went to the artifact service only.
    expect(service.calls.every((call) => call.authorization === `Bearer ${token}`)).toBe(true);
    const sent = github.requests.map((request) => JSON.stringify(request)).join('\n');
    expect(sent).not.toContain(token);
  });

  it('uploads the record of a run that failed, and links it from the failure comment', async () => {
    const token = fakeRuntimeToken();
    const service = await useFakeArtifactService({ token });
    const payload = commentEvent('/gemini describe the README');
    const github = await githubFor(payload);
    const gemini = await useFakeGemini([httpError(400, 'API key not valid.')]);

    const run = await runActionInProcess({
      eventName: 'issue_comment',
      payload,
      github,
      gemini,
      env: { ACTIONS_RUNTIME_TOKEN: token, ACTIONS_RESULTS_URL: service.url },
    });

    expect(run.result.conclusion).toBe('failure');
    const zip = [...service.artifacts.values()][0];
    expect(zipEntries(zip ?? Buffer.alloc(0)).get('transcript.jsonl')).toContain('"failed"');
    const body = github.comments(1).find((entry) => !entry.seeded)?.body ?? '';
    expect(body).toContain("failed @Codertocat's task");
    expect(body).toContain(`[Full answer and transcript](${ARTIFACT_PAGE}4242)`);
  });

  it('says the upload failed and goes on', async () => {
    const token = fakeRuntimeToken();
    const service = await useFakeArtifactService({
      token,
      fail: { method: 'CreateArtifact', status: 400, msg: 'artifact storage quota reached' },
    });
    const payload = commentEvent('/gemini describe the README');
    const github = await githubFor(payload);
    const gemini = await useFakeGemini([textReply('A one-line heading.')]);

    const run = await runActionInProcess({
      eventName: 'issue_comment',
      payload,
      github,
      gemini,
      env: { ACTIONS_RUNTIME_TOKEN: token, ACTIONS_RESULTS_URL: service.url },
    });

    expect(run.result.conclusion).toBe('success');
    const body = github.comments(1).find((entry) => !entry.seeded)?.body ?? '';
    expect(body).toContain('A one-line heading.');
    expect(body).toMatch(
      /⚠️ The full answer and transcript could not be uploaded as an artifact: .*artifact storage quota reached/,
    );
    expect(body).not.toContain('Full answer and transcript](');
    expect(run.summary).toContain('could not be uploaded as an artifact');
    expect(run.logs.join('\n')).toContain("The run's record was not uploaded as an artifact");
  });

  it('uploads nothing when upload_artifact is false', async () => {
    const token = fakeRuntimeToken();
    const service = await useFakeArtifactService({ token });
    const payload = commentEvent('/gemini describe the README');
    const github = await githubFor(payload);
    const gemini = await useFakeGemini([textReply('A one-line heading.')]);

    const run = await runActionInProcess({
      eventName: 'issue_comment',
      payload,
      github,
      gemini,
      inputs: { upload_artifact: 'false' },
      env: { ACTIONS_RUNTIME_TOKEN: token, ACTIONS_RESULTS_URL: service.url },
    });

    expect(run.result.conclusion).toBe('success');
    expect(service.calls).toEqual([]);
    const body = github.comments(1).find((entry) => !entry.seeded)?.body ?? '';
    expect(body).not.toContain('artifact');
  });
});
