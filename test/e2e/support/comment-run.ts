// A `/gemini` issue comment (GitHub's own example payload) and the fake GitHub that serves its
// issue, for runs of the bundle that start from a comment.
import type { FakeGitHub } from '../../support/fake-github-server.js';
import { useFakeGitHub } from '../../support/fake-github-server.js';
import { webhookExample } from '../../support/webhook-payloads.js';
import { seedFromPayload } from '../../support/payload-seeds.js';

/** `/gemini …` by `login` on issue #1 of Codertocat/Hello-World (the real example payload). */
export function commentEvent(login: string, body: string) {
  const payload = webhookExample('issue_comment', { action: 'created' });
  payload.comment.body = body;
  payload.comment.user.login = login;
  payload.sender.login = login;
  return payload;
}

/** A fake GitHub with the comment's issue, its comment, and the given permissions. */
export async function fakeGitHubFor(
  payload: ReturnType<typeof commentEvent>,
  permissions: Record<string, 'read' | 'write'>,
): Promise<FakeGitHub> {
  return useFakeGitHub({ ...seedFromPayload(payload), permissions });
}
