/**
 * A mode's plan that publishes only while the run holds its event's claim. Two deliveries of one
 * event can start at the same instant; the claim (github/trigger-claim.ts) is decided at GitHub
 * once both progress comments exist, which is while the sessions already run — the model is not
 * kept waiting for the comment. So the decision is awaited here, at the last moment before
 * anything is published: the run that lost it pushes no branch, opens no pull request and posts
 * no review or label.
 */
import type { ModePlan, ModeResult } from './mode-plan.js';

/**
 * `plan`, whose `finish` first waits for `lost` (why this run is a second delivery, or undefined
 * while the claim is this run's) and then publishes nothing when it was lost.
 */
export function unlessDuplicate(plan: ModePlan, lost: Promise<string | undefined>): ModePlan {
  return {
    ...plan,
    async finish(session) {
      if ((await lost) !== undefined) return nothing();
      return plan.finish(session);
    },
  };
}

function nothing(): ModeResult {
  return { sections: [], outputs: {}, links: [] };
}
