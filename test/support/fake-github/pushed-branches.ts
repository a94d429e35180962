/**
 * The fake's refs and the bare repository that stands in for the repository's git remote: on
 * GitHub they are one, so a branch pushed with git is a branch the API answers for. Before each
 * request the fake reads the remote's branches and takes over each one that changed there since
 * it last looked (a push); refs moved only through the API stay as the API left them.
 *
 * The branches are read from the files git keeps (`packed-refs`, then the loose refs, which win)
 * rather than with a git command: this runs before every request, and the benchmarks time the
 * Action against this fake.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { knownCommit } from './git-seed.js';
import { moveRef } from './routes-git.js';
import type { ShapeContext } from './shapes.js';

export interface PushedBranches {
  /** Takes over the branches pushed to the remote since the last call. */
  sync(ctx: ShapeContext): void;
}

const SHA = /^[0-9a-f]{40}$/;

export function followPushedBranches(remote: string): PushedBranches {
  if (existsSync(path.join(remote, 'reftable'))) {
    throw new Error(
      `${remote} keeps its refs in a reftable; the fake reads the files backend only`,
    );
  }
  const seen = new Map<string, string>();
  return {
    sync(ctx) {
      for (const [ref, sha] of remoteBranches(remote)) {
        if (seen.get(ref) === sha) continue;
        seen.set(ref, sha);
        knownCommit(ctx.model, sha);
        moveRef(ctx, ref, sha);
      }
    },
  };
}

/** `refs/heads/*` of a bare repository with the files backend: full name → commit. */
function remoteBranches(remote: string): Map<string, string> {
  const branches = new Map<string, string>();
  let packed = '';
  try {
    packed = readFileSync(path.join(remote, 'packed-refs'), 'utf8');
  } catch {
    // Nothing packed yet.
  }
  for (const line of packed.split('\n')) {
    const [sha, ref] = line.split(' ');
    if (sha !== undefined && SHA.test(sha) && ref?.startsWith('refs/heads/'))
      branches.set(ref, sha);
  }
  const walk = (relative: string): void => {
    for (const entry of readdirSync(path.join(remote, relative), { withFileTypes: true })) {
      const ref = `${relative}/${entry.name}`;
      if (entry.isDirectory()) walk(ref);
      else {
        const sha = readFileSync(path.join(remote, ref), 'utf8').trim();
        if (SHA.test(sha)) branches.set(ref, sha);
      }
    }
  };
  if (existsSync(path.join(remote, 'refs/heads'))) walk('refs/heads');
  return branches;
}
