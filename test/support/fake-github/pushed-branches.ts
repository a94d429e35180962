/**
 * The fake's refs and the bare repository that stands in for the repository's git remote: on
 * GitHub they are one, so a branch pushed with git is a branch the API answers for. Before each
 * request the fake reads the remote's branches and takes over each one that changed there since
 * it last looked (a push); refs moved only through the API stay as the API left them.
 */
import { execFileSync } from 'node:child_process';
import { knownCommit } from './git-seed.js';
import { moveRef } from './routes-git.js';
import type { ShapeContext } from './shapes.js';

export interface PushedBranches {
  /** Takes over the branches pushed to the remote since the last call. */
  sync(ctx: ShapeContext): void;
}

export function followPushedBranches(remote: string): PushedBranches {
  const seen = new Map<string, string>();
  return {
    sync(ctx) {
      const listed = execFileSync(
        'git',
        ['for-each-ref', '--format=%(refname) %(objectname)', 'refs/heads/'],
        { cwd: remote, encoding: 'utf8' },
      );
      for (const line of listed.split('\n')) {
        const [ref, sha] = line.split(' ');
        if (ref === undefined || sha === undefined || seen.get(ref) === sha) continue;
        seen.set(ref, sha);
        knownCommit(ctx.model, sha);
        moveRef(ctx, ref, sha);
      }
    },
  };
}
