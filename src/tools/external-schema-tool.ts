/**
 * What MCP tools and discovered tools share: their parameters are a JSON Schema from outside (the
 * MCP server's `inputSchema`, the discovery command's declaration) that the outside enforces too
 * (the server, the call command), so it is declared to the model as it came and any object of
 * arguments is accepted.
 */
import type { FunctionDeclaration } from '@google/genai';
import type { BuildError, ToolInvocation } from './tool-types.js';
import { ToolErrorType } from './tool-types.js';

export type ExternalToolArgs = Record<string, unknown>;

/** How the tool is named and described to the model and to a person. */
export interface ExternalToolIdentity {
  name: string;
  displayName: string;
  description: string;
  parametersJsonSchema: Record<string, unknown>;
}

export abstract class ExternalSchemaTool {
  readonly name: string;
  readonly displayName: string;
  readonly description: string;
  /**
   * It may do anything: neither a server's hints nor a command's declaration are trusted to make
   * it read-only, so the policy decides by its name.
   */
  readonly kind = 'other' as const;
  readonly parametersJsonSchema: Record<string, unknown>;

  protected constructor(identity: ExternalToolIdentity) {
    this.name = identity.name;
    this.displayName = identity.displayName;
    this.description = identity.description;
    this.parametersJsonSchema = identity.parametersJsonSchema;
  }

  declaration(): FunctionDeclaration {
    return {
      name: this.name,
      description: this.description,
      parametersJsonSchema: this.parametersJsonSchema,
    };
  }

  /** Arguments must be an object (absent means none); whoever runs the tool checks the rest. */
  build(args: unknown): ToolInvocation<ExternalToolArgs> | BuildError {
    if (args === undefined || args === null) return this.invocation({});
    if (typeof args !== 'object' || Array.isArray(args)) {
      return {
        error: `Invalid parameters for ${this.name}: expected an object of arguments.`,
        type: ToolErrorType.INVALID_TOOL_PARAMS,
      };
    }
    return this.invocation(args as ExternalToolArgs);
  }

  /** The call with these arguments, ready to confirm and execute. */
  protected abstract invocation(params: ExternalToolArgs): ToolInvocation<ExternalToolArgs>;
}
