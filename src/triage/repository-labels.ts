/**
 * The repository's labels, read for a triage run: the names exactly as GitHub spells them (they
 * are what `set_labels` accepts and what gets applied) and descriptions stripped of hidden content
 * (they reach the model through the tool's description).
 */
import type { Octokit } from '@octokit/rest';
import { cutText } from '../github/context-budget.js';
import { sanitizeUntrustedText } from '../github/sanitize.js';
import type { RepoRef } from '../github/sink.js';
import type { LabelChoice } from './set-labels.js';

/** The most labels read; GitHub repositories rarely have more, and the prompt must stay small. */
export const MAX_REPOSITORY_LABELS = 300;
const MAX_DESCRIPTION_CHARS = 200;

export type LabelsClient = Pick<Octokit, 'rest' | 'paginate'>;

export interface RepositoryLabel extends LabelChoice {
  description: string;
}

export async function listRepositoryLabels(
  client: LabelsClient,
  repo: RepoRef,
  options: { max?: number } = {},
): Promise<RepositoryLabel[]> {
  const max = options.max ?? MAX_REPOSITORY_LABELS;
  let read = 0;
  const labels = await client.paginate(
    client.rest.issues.listLabelsForRepo,
    { owner: repo.owner, repo: repo.repo, per_page: 100 },
    (response, done) => {
      read += response.data.length;
      if (read >= max) done();
      return response.data;
    },
  );
  return labels.slice(0, max).map((label) => ({
    name: label.name,
    description: cutText(sanitizeUntrustedText(label.description ?? ''), MAX_DESCRIPTION_CHARS)
      .text,
  }));
}
