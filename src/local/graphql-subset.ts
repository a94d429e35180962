/**
 * A small GraphQL evaluator for the local stand-ins of GitHub (the dry run, and the tests' fake):
 * one query operation with variables, aliases, string arguments and inline fragments, evaluated
 * field by field against nodes the caller supplies, so an answer holds exactly the fields that
 * were selected, as GitHub's does. A field a node does not have is a GraphQL error (`errors`, with
 * status 200), as an unknown field is on GitHub.
 */

/** A value of the schema: its type name and its fields (`undefined` for a field it lacks). */
export interface GraphqlNode {
  type: string;
  field(name: string, args: Readonly<Record<string, string>>): unknown;
}

interface Field {
  alias: string;
  name: string;
  args: Record<string, string>;
  selections?: Selection[];
}
type Selection = Field | { on: string; selections: Selection[] };

/** `{data}` or `{errors}` for a request body `{query, variables}` against the `Query` node. */
export async function answerGraphql(
  body: unknown,
  query: GraphqlNode,
): Promise<{ data: Record<string, unknown> } | { errors: { message: string }[] }> {
  const { query: text, variables } = (body ?? {}) as { query?: unknown; variables?: unknown };
  if (typeof text !== 'string')
    return { errors: [{ message: 'A query attribute must be specified' }] };
  const vars = (typeof variables === 'object' && variables !== null ? variables : {}) as Record<
    string,
    unknown
  >;
  try {
    const selections = new Parser(text, vars).operation();
    return { data: await evaluate(selections, query) };
  } catch (error) {
    return { errors: [{ message: error instanceof Error ? error.message : String(error) }] };
  }
}

/** A node is anything with a type name and fields; plain values are leaves. */
export function isGraphqlNode(value: unknown): value is GraphqlNode {
  return typeof value === 'object' && value !== null && 'field' in value && 'type' in value;
}

async function evaluate(
  selections: Selection[],
  node: GraphqlNode,
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const selection of selections) {
    if ('on' in selection) {
      if (selection.on === node.type)
        Object.assign(out, await evaluate(selection.selections, node));
      continue;
    }
    const value =
      selection.name === '__typename'
        ? node.type
        : await node.field(selection.name, selection.args);
    if (value === undefined) {
      throw new Error(`Field '${selection.name}' doesn't exist on type '${node.type}'`);
    }
    out[selection.alias] = await shape(value, selection);
  }
  return out;
}

async function shape(value: unknown, field: Field): Promise<unknown> {
  if (value === null) return null;
  if (Array.isArray(value)) return Promise.all(value.map((item) => shape(item, field)));
  if (isGraphqlNode(value)) {
    if (!field.selections) throw new Error(`Field must have selections (field '${field.name}')`);
    return evaluate(field.selections, value);
  }
  return value;
}

const TOKEN =
  /\s*(\.\.\.|[A-Za-z_][A-Za-z0-9_]*|\$[A-Za-z_][A-Za-z0-9_]*|"(?:[^"\\]|\\.)*"|[{}():!,[\]=])/y;

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
      if (this.peek() === '(') {
        // Variable definitions: the values come from `variables`, checked where they are used.
        let token = this.next();
        while (token !== ')') token = this.next();
      }
    }
    const selections = this.selectionSet();
    if (this.index !== this.tokens.length) throw new Error('Unexpected content after the query');
    return selections;
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
    const alias = this.next();
    let name = alias;
    if (this.peek() === ':') {
      this.next();
      name = this.next();
    }
    if (!/^[A-Za-z_]\w*$/.test(name)) throw new Error(`Expected a field name, got "${name}"`);
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
