/**
 * How much a tool declared from outside may hold: a tool an MCP server lists (an extension's
 * included) and one a settings file's discovery command prints. Both come from a process the run
 * started, which a repository, an extension or a compromised package may have written; each of
 * their tools is declared to the model in every request, and its schema is walked — by the type
 * check, by the lower-casing of Gemini `Type` names, by `JSON.stringify` when the request is sent.
 * A 10,000-deep schema overflowed the stack of that code ("Maximum call stack size exceeded"), and
 * thousands of tools or a description of megabytes would be paid for in every request.
 *
 * A tool that passes a limit is left out with the reason, as a tool whose schema lacks types is;
 * the other tools, and the run, go on. The bounds sit far above real tools: the largest schemas
 * of widely used MCP servers nest about a dozen levels and take some tens of kilobytes, their
 * descriptions a few kilobytes, and the busiest servers list around a hundred tools.
 */
import type { ValueLimits } from '../platform/text-limits.js';
import { valueLimitProblem } from '../platform/text-limits.js';

/** A parameter schema: objects and arrays nested, and its size written out as JSON. */
export const PARAMETER_SCHEMA_LIMITS: ValueLimits = {
  maxDepth: 64,
  maxEntries: 10_000,
  maxChars: 128 * 1024,
};

/** Characters of one tool's description. */
export const MAX_DESCRIPTION_CHARS = 32 * 1024;

/** Tools one MCP server or one discovery command may declare; later ones are left out. */
export const MAX_DECLARED_TOOLS = 512;

/**
 * Why a declared tool cannot be offered because it passes a limit (a sentence), or undefined.
 * Checked before anything walks the schema.
 */
export function declarationLimitProblem(declaration: {
  description?: unknown;
  schema: unknown;
}): string | undefined {
  const { description } = declaration;
  if (typeof description === 'string' && description.length > MAX_DESCRIPTION_CHARS) {
    return `expected a description of at most ${MAX_DESCRIPTION_CHARS} characters; it has ${description.length}.`;
  }
  return valueLimitProblem(declaration.schema, PARAMETER_SCHEMA_LIMITS, 'a parameter schema')
    ?.message;
}

/** The sentence for the declarations left out once {@link MAX_DECLARED_TOOLS} are offered. */
export function tooManyToolsMessage(declared: number, leftOut: number): string {
  return `expected at most ${MAX_DECLARED_TOOLS} tools (each is declared to the model in every request); it declares ${declared}, so the last ${leftOut} are left out.`;
}
