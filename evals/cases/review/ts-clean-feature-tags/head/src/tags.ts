/** Tags are written `#word` in a note's body; letters, digits, `-` and `_`, case-insensitive. */
const TAG = /(?:^|\s)#([\p{L}\p{N}_-]{1,40})(?=$|[\s.,;:!?)])/gu;

/** The distinct tags of `body`, lowercased, in order of first appearance. */
export function extractTags(body: string): string[] {
  const seen = new Set<string>();
  for (const match of body.matchAll(TAG)) {
    seen.add(match[1].toLowerCase());
  }
  return [...seen];
}

/** Counts how many notes carry each tag, most used first, then alphabetically. */
export function tagCounts(bodies: string[]): Array<{ tag: string; count: number }> {
  const counts = new Map<string, number>();
  for (const body of bodies) {
    for (const tag of extractTags(body)) {
      counts.set(tag, (counts.get(tag) ?? 0) + 1);
    }
  }
  return [...counts.entries()]
    .map(([tag, count]) => ({ tag, count }))
    .sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag));
}
