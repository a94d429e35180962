/**
 * The fake's GraphQL endpoint (`POST /graphql`), for the one part of GitHub's GraphQL schema the
 * Action reads: `repository(owner, name) { object(expression: "<ref>:<path>") { … } }` with
 * `Blob` (`byteSize`, `isBinary`, `isTruncated`, `text`, `oid`) and `Tree` (`entries { name type
 * mode path object }`). The query is parsed and evaluated field by field, aliases and inline
 * fragments included, so the answer holds exactly what was selected, as GitHub's does; a field
 * outside this subset is a GraphQL error, as an unknown field is on GitHub.
 */
import { blobSha } from './git-objects.js';
import type { Reply } from './router.js';
import type { ShapeContext } from './shapes.js';

type Files = Map<string, string>;

interface Field {
  alias: string;
  name: string;
  args: Record<string, string>;
  selections?: Selection[];
}
type Selection = Field | { on: string; selections: Selection[] };

/** Answers one GraphQL request against the files the fake serves at each ref. */
export function answerGraphql(
  body: unknown,
  ctx: ShapeContext,
  filesAt: (ref: string) => Files | undefined,
): Reply {
  const { query, variables } = (body ?? {}) as { query?: unknown; variables?: unknown };
  if (typeof query !== 'string') return graphqlError('A query attribute must be specified');
  const vars = (typeof variables === 'object' && variables !== null ? variables : {}) as Record<
    string,
    unknown
  >;
  let selections: Selection[];
  try {
    selections = new Parser(query, vars).operation();
  } catch (error) {
    return graphqlError(error instanceof Error ? error.message : String(error));
  }
  try {
    return { status: 200, json: { data: evaluate(selections, ROOT, { ctx, filesAt }) } };
  } catch (error) {
    return graphqlError(error instanceof Error ? error.message : String(error));
  }
}

function graphqlError(message: string): Reply {
  return { status: 200, json: { errors: [{ message }] } };
}

// ---- evaluation ------------------------------------------------------------------------------

interface Env {
  ctx: ShapeContext;
  filesAt: (ref: string) => Files | undefined;
}

/** A value of the schema: its type name and its fields. */
interface Node {
  type: string;
  field: (name: string, args: Record<string, string>) => unknown;
}

const ROOT: Node = { type: 'Query', field: () => undefined };

function evaluate(selections: Selection[], node: Node, env: Env): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const selection of selections) {
    if ('on' in selection) {
      if (selection.on === node.type) Object.assign(out, evaluate(selection.selections, node, env));
      continue;
    }
    const value = resolve(node, selection, env);
    out[selection.alias] = shape(value, selection, env);
  }
  return out;
}

function shape(value: unknown, field: Field, env: Env): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map((item) => shape(item, field, env));
  if (isNode(value)) {
    if (!field.selections) throw new Error(`Field must have selections (field '${field.name}')`);
    return evaluate(field.selections, value, env);
  }
  return value;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && 'field' in value && 'type' in value;
}

function resolve(node: Node, field: Field, env: Env): unknown {
  if (field.name === '__typename') return node.type;
  if (node === ROOT) {
    if (field.name !== 'repository') throw unknownField(field.name, 'Query');
    const { owner, name } = env.ctx.model.repo;
    const sameRepo =
      field.args.owner?.toLowerCase() === owner.toLowerCase() &&
      field.args.name?.toLowerCase() === name.toLowerCase();
    return sameRepo ? repositoryNode(env) : null;
  }
  const value = node.field(field.name, field.args);
  if (value === undefined) throw unknownField(field.name, node.type);
  return value;
}

function unknownField(name: string, type: string): Error {
  return new Error(`Field '${name}' doesn't exist on type '${type}'`);
}

function repositoryNode(env: Env): Node {
  return {
    type: 'Repository',
    field: (name, args) => {
      if (name !== 'object') return undefined;
      const expression = args.expression ?? '';
      const colon = expression.indexOf(':');
      if (colon < 0) return null;
      const files = env.filesAt(expression.slice(0, colon));
      if (!files) return null;
      return gitNode(files, expression.slice(colon + 1).replace(/^\/+|\/+$/g, '')) ?? null;
    },
  };
}

/** The blob or tree at `path` of a file map, or undefined. */
function gitNode(files: Files, path: string): Node | undefined {
  const text = files.get(path);
  if (text !== undefined) return blobNode(text);
  const prefix = path === '' ? '' : `${path}/`;
  const children = new Map<string, 'blob' | 'tree'>();
  for (const file of files.keys()) {
    if (!file.startsWith(prefix)) continue;
    const [name, ...rest] = file.slice(prefix.length).split('/');
    if (name) children.set(name, rest.length > 0 ? 'tree' : 'blob');
  }
  if (children.size === 0) return undefined;
  const entries = [...children.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, type]): Node => {
      const entryPath = `${prefix}${name}`;
      return {
        type: 'TreeEntry',
        field: (field) => {
          switch (field) {
            case 'name':
              return name;
            case 'path':
              return entryPath;
            case 'type':
              return type;
            case 'mode':
              return type === 'tree' ? 0o40000 : 0o100644;
            case 'object':
              return gitNode(files, entryPath);
            default:
              return undefined;
          }
        },
      };
    });
  return { type: 'Tree', field: (field) => (field === 'entries' ? entries : undefined) };
}

function blobNode(text: string): Node {
  const bytes = Buffer.from(text);
  return {
    type: 'Blob',
    field: (field) => {
      switch (field) {
        case 'byteSize':
          return bytes.length;
        case 'isBinary':
          return bytes.includes(0);
        case 'isTruncated':
          return false;
        case 'text':
          return bytes.includes(0) ? null : text;
        case 'oid':
          return blobSha(bytes);
        default:
          return undefined;
      }
    },
  };
}

// ---- parsing ---------------------------------------------------------------------------------

const TOKEN =
  /\s*(\.\.\.|[A-Za-z_][A-Za-z0-9_]*|\$[A-Za-z_][A-Za-z0-9_]*|"(?:[^"\\]|\\.)*"|[{}():!,[\]=])/y;

/** The query subset above: one operation, variables, aliases, arguments, inline fragments. */
class Parser {
  private readonly tokens: string[] = [];
  private index = 0;

  constructor(
    text: string,
    private readonly variables: Record<string, unknown>,
  ) {
    let position = 0;
    for (;;) {
      TOKEN.lastIndex = position;
      const match = TOKEN.exec(text);
      if (match?.[1] === undefined) break;
      this.tokens.push(match[1]);
      position = TOKEN.lastIndex;
    }
    if (text.slice(position).trim() !== '') {
      throw new Error(`Parse error near "${text.slice(position, position + 20)}"`);
    }
  }

  operation(): Selection[] {
    if (this.peek() === 'query') {
      this.next();
      if (this.peek() !== '(' && this.peek() !== '{') this.next();
      if (this.peek() === '(') this.skipVariableDefinitions();
    }
    const selections = this.selectionSet();
    if (this.index !== this.tokens.length) throw new Error('Unexpected content after the query');
    return selections;
  }

  private skipVariableDefinitions(): void {
    this.expect('(');
    while (this.peek() !== ')') this.next();
    this.expect(')');
  }

  private selectionSet(): Selection[] {
    this.expect('{');
    const selections: Selection[] = [];
    while (this.peek() !== '}') selections.push(this.selection());
    this.expect('}');
    return selections;
  }

  private selection(): Selection {
    if (this.peek() === '...') {
      this.next();
      this.expect('on');
      const on = this.next();
      return { on, selections: this.selectionSet() };
    }
    let alias = this.next();
    let name = alias;
    if (this.peek() === ':') {
      this.next();
      name = this.next();
    }
    const args: Record<string, string> = {};
    if (this.peek() === '(') {
      this.next();
      while (this.peek() !== ')') {
        const key = this.next();
        this.expect(':');
        args[key] = this.value();
        if (this.peek() === ',') this.next();
      }
      this.expect(')');
    }
    if (!/^[A-Za-z_]\w*$/.test(name)) throw new Error(`Expected a field name, got "${name}"`);
    alias ||= name;
    return {
      alias,
      name,
      args,
      ...(this.peek() === '{' ? { selections: this.selectionSet() } : {}),
    };
  }

  private value(): string {
    const token = this.next();
    if (token.startsWith('$')) {
      const value = this.variables[token.slice(1)];
      if (typeof value !== 'string') throw new Error(`Variable ${token} was not provided`);
      return value;
    }
    if (token.startsWith('"')) return JSON.parse(token) as string;
    throw new Error(`Expected a string or a variable, got "${token}"`);
  }

  private peek(): string | undefined {
    return this.tokens[this.index];
  }

  private next(): string {
    const token = this.tokens[this.index++];
    if (token === undefined) throw new Error('Unexpected end of the query');
    return token;
  }

  private expect(token: string): void {
    const found = this.next();
    if (found !== token) throw new Error(`Expected "${token}", got "${found}"`);
  }
}
