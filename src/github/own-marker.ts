/**
 * Every comment, review, issue and pull request body the Action writes carries a hidden marker
 * starting with {@link OWN_MARKER_PREFIX}. It lets the Action recognise its own text whatever
 * account posted it — a personal access token or an app token posts under a login that is not
 * `github-actions[bot]` — so its comments never start a run of their own, and so later runs can
 * find what earlier ones wrote (the last review's head, the maintenance report issue).
 */

export const OWN_MARKER_PREFIX = '<!-- gemini-agent:';

/** `<!-- gemini-agent:<kind> key=value … -->`; values are single words (SHAs, ids, numbers). */
export function ownMarker(kind: string, fields: Record<string, string> = {}): string {
  const words = Object.entries(fields).map(
    ([key, value]) => ` ${key}=${value.replace(/[\s>-]/g, '_')}`,
  );
  return `${OWN_MARKER_PREFIX}${kind}${words.join('')} -->`;
}

/** Whether `body` was written by the Action (it carries a marker). */
export function carriesOwnMarker(body: string): boolean {
  return body.includes(OWN_MARKER_PREFIX);
}
