/**
 * The dry run's GraphQL endpoint: the repository tree queries the Action makes for a pull
 * request's base-branch configuration (github/base-tree.ts), answered from the local repository —
 * `object(expression: "<ref>:<path>")` as a `Blob` or a `Tree` of entries, read with git.
 */
import type { TreeEntry } from './local-git.js';
import type { GraphqlNode } from './graphql-subset.js';
import { answerGraphql } from './graphql-subset.js';
import type { Route, RouteContext } from './dry-run-routing.js';

const MODES: Record<TreeEntry['type'], number> = {
  file: 0o100644,
  symlink: 0o120000,
  dir: 0o40000,
  submodule: 0o160000,
};
const TYPES: Record<TreeEntry['type'], string> = {
  file: 'blob',
  symlink: 'blob',
  dir: 'tree',
  submodule: 'commit',
};

export const graphqlRoutes: Route[] = [
  {
    method: 'POST',
    pattern: /^\/graphql$/,
    repoScoped: false,
    handle: async (context, { body }) => {
      const query: GraphqlNode = {
        type: 'Query',
        field: (name, args) => {
          if (name !== 'repository') return undefined;
          const { owner, name: repo } = context.store.repo;
          const same =
            args.owner?.toLowerCase() === owner.toLowerCase() &&
            args.name?.toLowerCase() === repo.toLowerCase();
          return same ? repositoryNode(context) : null;
        },
      };
      return { status: 200, data: await answerGraphql(body, query) };
    },
  },
];

function repositoryNode(context: RouteContext): GraphqlNode {
  return {
    type: 'Repository',
    field: async (name, args) => {
      if (name !== 'object') return undefined;
      const expression = args.expression ?? '';
      const colon = expression.indexOf(':');
      if (colon < 0) return null;
      const sha = await context.git.commit(expression.slice(0, colon));
      if (sha === undefined) return null;
      return (await gitNode(context, sha, expression.slice(colon + 1))) ?? null;
    },
  };
}

async function gitNode(
  context: RouteContext,
  sha: string,
  repoPath: string,
): Promise<GraphqlNode | undefined> {
  const found = await context.git.contentAt(sha, repoPath);
  if (found === undefined) return undefined;
  if (found.kind === 'file') return blobNode(found.content);
  if (found.kind === 'other') {
    return found.entry.type === 'submodule'
      ? { type: 'Commit', field: () => undefined }
      : blobNode(Buffer.alloc(0));
  }
  const entries = found.entries.map((entry): GraphqlNode => ({
    type: 'TreeEntry',
    field: (field) => {
      switch (field) {
        case 'name':
          return entry.name;
        case 'path':
          return entry.path;
        case 'type':
          return TYPES[entry.type];
        case 'mode':
          return entry.executable === true ? 0o100755 : MODES[entry.type];
        case 'object':
          return gitNode(context, sha, entry.path).then((node) => node ?? null);
        default:
          return undefined;
      }
    },
  }));
  return { type: 'Tree', field: (field) => (field === 'entries' ? entries : undefined) };
}

function blobNode(content: Buffer): GraphqlNode {
  const binary = content.includes(0);
  return {
    type: 'Blob',
    field: (field) => {
      switch (field) {
        case 'byteSize':
          return content.length;
        case 'isBinary':
          return binary;
        case 'isTruncated':
          return false;
        case 'text':
          return binary ? null : content.toString('utf8');
        default:
          return undefined;
      }
    },
  };
}
