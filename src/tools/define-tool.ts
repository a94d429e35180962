import type { FunctionDeclaration } from '@google/genai';
import { z } from 'zod';
import type {
  ModifiedContent,
  Tool,
  ToolErrorType,
  ToolInvocation,
  ToolKind,
} from './tool-types.js';

export interface ToolDefinition<S extends z.ZodType<Record<string, unknown>>> {
  name: string;
  displayName: string;
  /** Sent to the model; say what the tool does and when to use it. */
  description: string;
  kind: ToolKind;
  parameters: S;
  /**
   * Other names the model may use for a parameter, mapped to ours: where the spec and the
   * current Gemini CLI differ (`file_path` for `absolute_path`, `dir_path` for `path`), the
   * spec's name is declared and the current one is accepted too.
   */
  parameterAliases?: Record<string, string>;
  /** Checks the schema cannot express (a path inside the workspace, a sane range). */
  validate?: (params: z.infer<S>) => ValidationFailure | null;
  invocation: (params: z.infer<S>) => Omit<ToolInvocation<z.infer<S>>, 'params'>;
  /** See `Tool.withModifiedContent`. */
  withModifiedContent?: (params: z.infer<S>, change: ModifiedContent) => Record<string, unknown>;
  serverName?: string;
}

export interface ValidationFailure {
  message: string;
  type: ToolErrorType;
}

/** Builds a tool from a zod schema, which is both its validator and its `parametersJsonSchema`. */
export function defineTool<S extends z.ZodType<Record<string, unknown>>>(
  definition: ToolDefinition<S>,
): Tool<z.infer<S>> {
  const parametersJsonSchema = toModelJsonSchema(definition.parameters);
  return {
    name: definition.name,
    displayName: definition.displayName,
    description: definition.description,
    kind: definition.kind,
    parametersJsonSchema,
    ...(definition.serverName === undefined ? {} : { serverName: definition.serverName }),
    ...(definition.withModifiedContent === undefined
      ? {}
      : { withModifiedContent: definition.withModifiedContent }),
    declaration(): FunctionDeclaration {
      return {
        name: definition.name,
        description: definition.description,
        parametersJsonSchema,
      };
    },
    build(args: unknown) {
      const parsed = definition.parameters.safeParse(
        applyAliases(args, definition.parameterAliases),
      );
      if (!parsed.success) {
        return {
          error: `Invalid parameters for ${definition.name}: ${describeIssues(parsed.error)}`,
          type: 'invalid_tool_params',
        };
      }
      const failure = definition.validate?.(parsed.data) ?? null;
      if (failure) return { error: failure.message, type: failure.type };
      return { params: parsed.data, ...definition.invocation(parsed.data) };
    },
  };
}

function applyAliases(args: unknown, aliases: Record<string, string> | undefined): unknown {
  if (!aliases || typeof args !== 'object' || args === null || Array.isArray(args)) return args;
  const original = args as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(original)) {
    const name = aliases[key];
    if (name === undefined) copy[key] = value;
    else if (!(name in original)) copy[name] = value;
  }
  return copy;
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.length > 0 ? issue.path.join('.') : 'params';
      return `${where}: ${issue.message}`;
    })
    .join('; ');
}

/**
 * A JSON schema the Gemini API accepts: zod's output without `$schema` and without the
 * safe-integer bounds zod adds to every `.int()`, which only add noise to every request.
 */
export function toModelJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  delete json.$schema;
  return stripSafeIntegerBounds(json) as Record<string, unknown>;
}

function stripSafeIntegerBounds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripSafeIntegerBounds);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === 'maximum' && child === Number.MAX_SAFE_INTEGER) continue;
    if (key === 'minimum' && child === Number.MIN_SAFE_INTEGER) continue;
    out[key] = stripSafeIntegerBounds(child);
  }
  return out;
}
