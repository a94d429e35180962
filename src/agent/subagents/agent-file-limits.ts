/**
 * How much agent files may hold. A real one is a page of instructions under a frontmatter that is
 * a mapping of a few keys with one list of tool names (two levels, tens of entries), and a folder
 * holds a handful of them. Every agent is declared to the model as a tool in every request, so
 * the number per folder is bounded too.
 *
 * The frontmatter is checked on the parser's concrete syntax tree — which the `yaml` package
 * builds without recursion — before the document is composed: composing recurses once per level,
 * and thousands of nested `[` end in "Maximum call stack size exceeded". (Aliases are bounded by
 * the package itself: at most 100 are expanded.)
 */
import type { CST, Parser } from 'yaml';

export const AGENT_FILE_LIMITS = {
  /** Bytes of one agent file; a larger one is not read. */
  maxBytes: 256 * 1024,
  /** Agent files read from one folder. */
  maxFilesPerFolder: 100,
  /** Mappings and lists inside one another; the frontmatter's own mapping is level 1. */
  maxDepth: 32,
  /** Keys of one mapping, items of one list. */
  maxEntries: 1000,
} as const;

/**
 * The first limit the frontmatter `text` passes: the offset (in `text`) of the collection that
 * went over, and the message; undefined when it keeps them.
 */
export function frontmatterLimitProblem(
  yaml: { Parser: typeof Parser },
  text: string,
): { offset: number; message: string } | undefined {
  const pending: { token: CST.Token | undefined; depth: number }[] = [];
  for (const token of new yaml.Parser().parse(text)) {
    if (token.type === 'document') pending.push({ token: token.value, depth: 1 });
  }
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { token, depth } = next;
    if (
      token === undefined ||
      (token.type !== 'block-map' && token.type !== 'block-seq' && token.type !== 'flow-collection')
    ) {
      continue;
    }
    const kind = token.type === 'block-seq' || isFlowList(token) ? 'list' : 'mapping';
    if (depth > AGENT_FILE_LIMITS.maxDepth) {
      return {
        offset: token.offset,
        message: `expected YAML nested at most ${AGENT_FILE_LIMITS.maxDepth} levels deep; the ${kind} here is level ${depth}.`,
      };
    }
    if (token.items.length > AGENT_FILE_LIMITS.maxEntries) {
      return {
        offset: token.offset,
        message: `expected at most ${AGENT_FILE_LIMITS.maxEntries} ${kind === 'list' ? 'items' : 'keys'} in one ${kind}; this ${kind} has ${token.items.length}.`,
      };
    }
    for (const item of token.items) {
      if ('key' in item) pending.push({ token: item.key ?? undefined, depth: depth + 1 });
      pending.push({ token: item.value, depth: depth + 1 });
    }
  }
  return undefined;
}

function isFlowList(token: CST.FlowCollection | CST.BlockMap | CST.BlockSequence): boolean {
  return token.type === 'flow-collection' && token.start.source === '[';
}
