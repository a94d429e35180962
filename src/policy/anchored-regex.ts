/**
 * A rule's `commandRegex` anchored the way this engine reads it: at the start of the text (how a
 * regex matches a command), and at both ends (how it names a command exactly). Cached per regex.
 */
const anchoredCache = new WeakMap<RegExp, { start: RegExp; whole: RegExp }>();

export function anchored(regex: RegExp): { start: RegExp; whole: RegExp } {
  let cached = anchoredCache.get(regex);
  if (!cached) {
    const flags = regex.flags.replace(/[gy]/gu, '');
    cached = {
      start: new RegExp(`^(?:${regex.source})`, flags),
      whole: new RegExp(`^(?:${regex.source})$`, flags),
    };
    anchoredCache.set(regex, cached);
  }
  return cached;
}
