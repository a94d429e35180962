/**
 * Every comment, review, issue and pull request body the Action writes carries a hidden marker
 * starting with {@link OWN_MARKER_PREFIX}. It lets the Action recognise its own text whatever
 * account posted it — a personal access token or an app token posts under a login that is not
 * `github-actions[bot]` — so its comments never start a run of their own, and so later runs can
 * find what earlier ones wrote (the last review's head, the maintenance report issue, the
 * progress comment and triage note an earlier attempt of the same run posted).
 *
 * A marker only says who wrote the text when the account that posted it is the Action's: anyone
 * can paste a marker into a comment. Readers that act on one check the author first.
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

const MARKER_LINE = /<!-- gemini-agent:([a-z][a-z-]*)((?: [a-z_]+=[^\s>]+)*) -->/g;

/**
 * The fields of the last `kind` marker in `body` (ours always end what we write), or undefined
 * when it has none. `{}` for a marker without fields.
 */
export function readOwnMarker(
  body: string | null | undefined,
  kind: string,
): Record<string, string> | undefined {
  let found: Record<string, string> | undefined;
  for (const match of (body ?? '').matchAll(MARKER_LINE)) {
    if (match[1] !== kind) continue;
    const fields: Record<string, string> = {};
    for (const word of (match[2] ?? '').trim().split(' ')) {
      const at = word.indexOf('=');
      if (at > 0) fields[word.slice(0, at)] = word.slice(at + 1);
    }
    found = fields;
  }
  return found;
}
