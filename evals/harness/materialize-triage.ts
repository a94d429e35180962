/**
 * The repository a triage case runs against: the run needs one to clone, though triage reads
 * only the issue and the labels. A README naming the project, one commit on `main`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TriageCaseFiles } from './load-cases.js';
import { initialCommit } from './git-tools.js';

export interface TriageRepository {
  repo: string;
}

export async function materializeTriage(
  entry: TriageCaseFiles,
  dir: string,
): Promise<TriageRepository> {
  const repo = path.join(dir, 'repo');
  await mkdir(repo, { recursive: true });
  await writeFile(
    path.join(repo, 'README.md'),
    `# widgets\n\nA small library for drawing widgets.\n`,
  );
  await initialCommit(repo, 'Initial commit');
  return { repo };
}
