/**
 * The text the model reads for a search, the same whichever strategy ran: matches grouped by
 * file in path order, each line as `L<number>: <text>`, as the Gemini CLI prints them.
 */
import type { SearchMatch } from './match-collector.js';

/** Lines longer than this are cut: one minified file must not fill the model's context. */
export const MAX_MATCH_LINE_LENGTH = 500;

export interface FormatOptions {
  pattern: string;
  /** `in path "src"`. */
  location: string;
  include: string | undefined;
  /** How many matches are shown at most. */
  maxMatches: number;
  /** Whether more matches existed than were collected (the collection stopped early). */
  moreExist: boolean;
}

export function formatSearchResults(
  matches: readonly SearchMatch[],
  options: FormatOptions,
): { llmContent: string; returnDisplay: string } {
  const filter = options.include === undefined ? '' : ` (filter: "${options.include}")`;
  const subject = `for pattern "${options.pattern}" ${options.location}${filter}`;
  if (matches.length === 0) {
    return { llmContent: `No matches found ${subject}.`, returnDisplay: 'No matches found' };
  }
  const shown = matches.slice(0, options.maxMatches);
  const truncated = options.moreExist || matches.length > shown.length;
  const term = shown.length === 1 ? 'match' : 'matches';
  const limited = truncated
    ? ` (results limited to ${options.maxMatches} matches for performance)`
    : '';
  let text = `Found ${shown.length} ${term} ${subject}${limited}:\n---\n`;
  let current: string | undefined;
  for (const match of shown) {
    if (match.filePath !== current) {
      if (current !== undefined) text += '---\n';
      current = match.filePath;
      text += `File: ${match.filePath}\n`;
    }
    text += `L${match.lineNumber}: ${cutLine(match.line).trimEnd()}\n`;
  }
  text += '---';
  return {
    llmContent: text,
    returnDisplay: `Found ${shown.length} ${term}${truncated ? ' (limited)' : ''}`,
  };
}

function cutLine(line: string): string {
  if (line.length <= MAX_MATCH_LINE_LENGTH) return line;
  let end = MAX_MATCH_LINE_LENGTH;
  // Never split a surrogate pair.
  const code = line.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${line.slice(0, end)}... [truncated]`;
}
