/**
 * A subagent's definition: the design's `AgentDefinition` ("Agent Execution Design"), with the
 * fields of the Gemini CLI's local agents. A subagent has its own system prompt, model settings,
 * tools (a subset of the session's, every call still judged by the policy), turn and time limits,
 * and an output schema; the main agent calls it like a tool, and it ends by handing in output
 * valid against that schema with `complete_task`.
 *
 * Definitions come from code (the built-in ones, the review's) and from Markdown files
 * (`agent-files.ts`); both pass through {@link defineAgent}, so a bad one is refused before any
 * session starts.
 */
import { z } from 'zod';
import { ConfigurationError } from '../../platform/errors.js';

/** The Gemini CLI's `DEFAULT_MAX_TURNS` for local agents. */
export const DEFAULT_AGENT_MAX_TURNS = 30;
/** The Gemini CLI's `DEFAULT_MAX_TIME_MINUTES` (10) for local agents. */
export const DEFAULT_AGENT_TIMEOUT_MS = 10 * 60_000;
/** `model: inherit`: the model the main session uses. */
export const INHERIT_MODEL = 'inherit';

/**
 * A subagent's name is its tool's name: the Gemini CLI's slug (`^[a-z0-9-_]+$`), starting with a
 * letter or `_` and at most 64 characters, as the Gemini API requires of function names.
 */
export const AGENT_NAME_PATTERN = /^[a-z_][a-z0-9_-]{0,63}$/;
export const AGENT_NAME_RULE =
  'a name of lower-case letters, digits, "-" and "_" that starts with a letter or "_" (at most 64 characters)';

/** What the subagent hands in: `complete_task`'s argument of this name, checked by `schema`. */
export interface AgentOutput<O = unknown> {
  name: string;
  description: string;
  schema: z.ZodType<O>;
}

export interface AgentDefinition<I extends Record<string, unknown> = Record<string, unknown>> {
  name: string;
  /** A readable name for reports; default `name`. */
  displayName?: string | undefined;
  /** What the main agent is told the subagent does and when to call it. */
  description: string;
  /** The subagent's own instructions; `${input}` placeholders are filled from its inputs. */
  systemPrompt: string;
  /** The first message; `${input}` placeholders filled. Default: the inputs, one per line. */
  query?: string | undefined;
  /**
   * Builds the first message in code instead (the review's reviewers add their files' diff). A
   * method, so a definition for particular inputs is still an `AgentDefinition`.
   */
  buildQuery?(inputs: I): string;
  /** The tool's parameters: what the main agent passes. */
  inputSchema: z.ZodObject;
  /** Without one, `complete_task` takes a non-empty `result` text. */
  output?: AgentOutput | undefined;
  /**
   * What the caller's model reads of the accepted output (and where code that runs the agent
   * collects it); default the text itself or pretty-printed JSON.
   */
  onOutput?(output: unknown, inputs: I): string;
  /** A model name or alias of the model table, or `inherit` (the main session's model). */
  model: string;
  /** Sampling, over the model table's settings for the model; unset keeps the table's. */
  temperature?: number | undefined;
  topP?: number | undefined;
  /**
   * The tools it may use, by name (aliases and `*`, `mcp_*`, `mcp_<server>_*` wildcards);
   * undefined means every tool the main agent may share. Never the main agent's result tools
   * (`submit_review`, `set_labels`) or other subagents.
   */
  tools?: readonly string[] | undefined;
  /** Model requests it may make. */
  maxTurns: number;
  /** Wall-clock limit of one run, in milliseconds. */
  timeoutMs: number;
  /** Where it was defined, for messages: `built-in`, a file path, an extension. */
  source: string;
}

const zodSchema = <T extends z.ZodType>(what: string, type: abstract new (...args: never[]) => T) =>
  z.custom<T>((value) => value instanceof type, { message: `expected ${what}` });
const callback = <F>() =>
  z.custom<F>((value) => typeof value === 'function', { message: 'expected a function' });

const definitionSchema = z.object({
  name: z.string().regex(AGENT_NAME_PATTERN, `expected ${AGENT_NAME_RULE}`),
  displayName: z.string().trim().min(1).optional(),
  description: z.string().trim().min(1, 'expected a description of what the agent does'),
  systemPrompt: z.string().trim().min(1, "expected the agent's instructions (its system prompt)"),
  query: z.string().optional(),
  buildQuery: callback<(inputs: never) => string>().optional(),
  inputSchema: zodSchema('a zod object schema for the inputs', z.ZodObject),
  output: z
    .object({
      name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'expected an argument name'),
      description: z.string().min(1),
      schema: zodSchema('a zod schema for the output', z.ZodType),
    })
    .optional(),
  onOutput: callback<(output: unknown, inputs: never) => string>().optional(),
  model: z.string().trim().min(1).default(INHERIT_MODEL),
  temperature: z.number().min(0).max(2).optional(),
  topP: z.number().min(0).max(1).optional(),
  tools: z.array(z.string().trim().min(1)).optional(),
  maxTurns: z.number().int().positive().default(DEFAULT_AGENT_MAX_TURNS),
  timeoutMs: z.number().int().positive().default(DEFAULT_AGENT_TIMEOUT_MS),
  source: z.string().min(1),
});

/** A definition as written: limits and model may be left to their defaults. */
export type AgentDefinitionInput<I extends Record<string, unknown>> = Omit<
  AgentDefinition<I>,
  'model' | 'maxTurns' | 'timeoutMs'
> &
  Partial<Pick<AgentDefinition<I>, 'model' | 'maxTurns' | 'timeoutMs'>>;

/**
 * Checks a definition and fills in its defaults; a bad one is a `ConfigurationError` naming the
 * agent, its source and each field that is wrong.
 */
export function defineAgent<I extends Record<string, unknown>>(
  input: AgentDefinitionInput<I>,
): AgentDefinition<I> {
  const parsed = definitionSchema.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || 'definition'}: ${issue.message}`,
    );
    throw new ConfigurationError(
      `invalid agent definition${typeof input.name === 'string' ? ` "${input.name}"` : ''} (${input.source}): ${problems.join('; ')}.`,
    );
  }
  // The callbacks and schemas are kept as given: zod checked what they are, not their types.
  return { ...input, ...parsed.data };
}

/** `${name}` placeholders, as the Gemini CLI's templates write them. */
const PLACEHOLDER = /\$\{(\w+)\}/g;

/** Each `${name}` of `text` with its offset, for checking a template before it is used. */
export function templatePlaceholders(text: string): { name: string; offset: number }[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => ({
    name: match[1] ?? '',
    offset: match.index,
  }));
}

/** Fills `${name}` placeholders; one without a value is left as written. */
export function fillTemplate(text: string, values: Readonly<Record<string, unknown>>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    if (!Object.hasOwn(values, name)) return whole;
    const value = values[name];
    return typeof value === 'string' ? value : JSON.stringify(value);
  });
}

/** The first message when a definition has neither `query` nor `buildQuery`: every input. */
export function defaultQuery(inputs: Readonly<Record<string, unknown>>): string {
  const lines = Object.entries(inputs).map(
    ([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`,
  );
  return lines.length === 0 ? 'Get started.' : lines.join('\n');
}
