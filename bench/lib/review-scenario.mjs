// The pull request review the GitHub-cost and growth benchmarks run: `files` changed files of 40
// added lines each, and a model that hands in one review with 20 findings on them.
import { REPO } from './action-run.mjs';

/** The review scenario with `files` changed files of 40 added lines each, 20 findings. */
export function reviewSpec(webhookExample, files) {
  const payload = webhookExample('pull_request', { action: 'opened' });
  payload.pull_request.draft = false;
  const pr = payload.pull_request;
  const changed = Array.from({ length: files }, (_, f) => {
    const added = Array.from(
      { length: 40 },
      (_, i) => `+export const value${i} = compute${f}(${i}) as any;`,
    );
    return {
      filename: `src/module-${String(f).padStart(4, '0')}.ts`,
      status: 'added',
      patch: [`@@ -0,0 +1,40 @@`, ...added].join('\n'),
    };
  });
  const findings = Array.from({ length: 20 }, (_, i) => ({
    path: changed[i % files].filename,
    line: 2 * Math.floor(i / files) + 1,
    severity: 'medium',
    body: `\`as any\` throws the type away (${i}); return a typed value.`,
  }));
  return {
    eventName: 'pull_request',
    payload,
    github: {
      repo: REPO,
      pulls: [
        {
          number: pr.number,
          title: pr.title,
          body: pr.body ?? '',
          user: 'Codertocat',
          head: { ref: pr.head.ref, sha: pr.head.sha },
          base: { ref: pr.base.ref, sha: pr.base.sha },
          files: changed,
        },
      ],
    },
    // Every request of a review (the main one and any fan-out) hands in the same review.
    calls: () => [
      { name: 'submit_review', args: { summary: 'The values lose their types.', findings } },
    ],
    finalText: 'Review handed in.',
  };
}
