import type { AgentThought } from './events.js';

const BOLD = '**';

/**
 * Splits a thought summary into a subject and a description. Thinking models title each summary
 * in bold (`**Checking the tests**\n\nI should…`); the first bold span is the subject and the
 * rest, with that span removed, is the description. Without a complete bold span the whole text
 * is the description, so nothing the model thought is lost.
 */
export function parseThought(rawText: string): AgentThought {
  const start = rawText.indexOf(BOLD);
  if (start === -1) return { subject: '', description: rawText.trim() };
  const end = rawText.indexOf(BOLD, start + BOLD.length);
  if (end === -1) return { subject: '', description: rawText.trim() };
  return {
    subject: rawText.slice(start + BOLD.length, end).trim(),
    description: (rawText.slice(0, start) + rawText.slice(end + BOLD.length)).trim(),
  };
}
