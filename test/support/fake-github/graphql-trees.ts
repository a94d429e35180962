/**
 * The fake's GraphQL endpoint (`POST /graphql`), for the part of GitHub's GraphQL schema the Action
 * reads: `repository(owner, name) { object(expression: "<ref>:<path>") { … } }` with `Blob`
 * (`byteSize`, `isBinary`, `isTruncated`, `text`, `oid`) and `Tree` (`entries { name type mode
 * path object }`), over the files the fake serves at each ref. The query is evaluated field by
 * field (src/local/graphql-subset.ts), so the answer holds exactly what was selected.
 */
import type { GraphqlNode } from '../../../src/local/graphql-subset.js';
import { answerGraphql } from '../../../src/local/graphql-subset.js';
import { blobSha } from './git-objects.js';
import type { Reply } from './router.js';
import type { ShapeContext } from './shapes.js';

type Files = Map<string, string>;

export async function answerGraphqlRequest(
  body: unknown,
  ctx: ShapeContext,
  filesAt: (ref: string) => Files | undefined,
): Promise<Reply> {
  const query: GraphqlNode = {
    type: 'Query',
    field: (name, args) => {
      if (name !== 'repository') return undefined;
      const { owner, name: repo } = ctx.model.repo;
      const same =
        args.owner?.toLowerCase() === owner.toLowerCase() &&
        args.name?.toLowerCase() === repo.toLowerCase();
      return same ? repositoryNode(filesAt) : null;
    },
  };
  return { status: 200, json: await answerGraphql(body, query) };
}

function repositoryNode(filesAt: (ref: string) => Files | undefined): GraphqlNode {
  return {
    type: 'Repository',
    field: (name, args) => {
      if (name !== 'object') return undefined;
      const expression = args.expression ?? '';
      const colon = expression.indexOf(':');
      const files = colon < 0 ? undefined : filesAt(expression.slice(0, colon));
      if (!files) return null;
      return gitNode(files, expression.slice(colon + 1).replace(/^\/+|\/+$/g, '')) ?? null;
    },
  };
}

/** The blob or tree at `path` of a file map, or undefined. */
function gitNode(files: Files, path: string): GraphqlNode | undefined {
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
    .map(([name, type]): GraphqlNode => {
      const entryPath = `${prefix}${name}`;
      const fields: Record<string, () => unknown> = {
        name: () => name,
        path: () => entryPath,
        type: () => type,
        mode: () => (type === 'tree' ? 0o40000 : 0o100644),
        object: () => gitNode(files, entryPath),
      };
      return { type: 'TreeEntry', field: (field) => fields[field]?.() };
    });
  return { type: 'Tree', field: (field) => (field === 'entries' ? entries : undefined) };
}

function blobNode(text: string): GraphqlNode {
  const bytes = Buffer.from(text);
  const binary = bytes.includes(0);
  const fields: Record<string, () => unknown> = {
    byteSize: () => bytes.length,
    isBinary: () => binary,
    isTruncated: () => false,
    text: () => (binary ? null : text),
    oid: () => blobSha(bytes),
  };
  return { type: 'Blob', field: (field) => fields[field]?.() };
}
