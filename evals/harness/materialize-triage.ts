/**
 * The repository a triage case runs against, one commit on `main`: `cases/triage/repo/` when the
 * cases have one (so the model can read the files an issue mentions), otherwise a README alone
 * (the run needs a repository to clone).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TriageCaseFiles } from './load-cases.js';
import { copyTree, initialCommit } from './git-tools.js';

export interface TriageRepository {
  repo: string;
}

export async function materializeTriage(
  entry: TriageCaseFiles,
  dir: string,
): Promise<TriageRepository> {
  const repo = path.join(dir, 'repo');
  await mkdir(repo, { recursive: true });
  if (entry.repoDir !== undefined) {
    await copyTree(entry.repoDir, repo);
    await initialCommit(repo, 'Initial commit');
    return { repo };
  }
  await writeFile(
    path.join(repo, 'README.md'),
    `# widgets\n\nA small library for drawing widgets.\n`,
  );
  await initialCommit(repo, 'Initial commit');
  return { repo };
}
