// The fake GitHub seeded with a fleet: an organization's repositories from a recorded listing
// (test/fixtures/fleet/octo-fleet.json: archived, a fork, topics, languages, a private one, the
// campaign's open pull request in one and a fork's pull request from a branch of the same name in
// another), optionally padded with many plain repositories, beside the central repository the
// tracking issue lives in.
import { readFileSync } from 'node:fs';
import type { FakeOtherRepoSeed, FakePullSeed } from '../../support/fake-github-server.js';
import { useFakeGitHub } from '../../support/fake-github-server.js';

interface ListedRepository {
  name: string;
  archived?: boolean;
  fork?: boolean;
  private?: boolean;
  topics: string[];
  language: string | null;
  /** The number of the campaign's open pull request in it. */
  campaignPull?: number;
  /** A pull request from a fork's branch with the campaign branch's name: not the campaign's. */
  forkPullOnCampaignBranch?: number;
}

interface Listing {
  owner: { login: string; type: 'Organization' | 'User' };
  repositories: ListedRepository[];
}

export const LISTING = JSON.parse(
  readFileSync(new URL('../../fixtures/fleet/octo-fleet.json', import.meta.url), 'utf8'),
) as Listing;

export const ORG = LISTING.owner.login;
export const CENTRAL = { owner: 'octo-central', name: 'fleet-ops' };
export const CAMPAIGN = 'node-24';
export const BRANCH = 'gemini/campaign-node-24';

const SHA = 'a'.repeat(40);
const BASE_SHA = 'b'.repeat(40);

function pull(number: number, fromFork: boolean): FakePullSeed {
  return {
    number,
    title: 'Move to Node 24',
    user: fromFork ? 'someone' : 'fleet-app[bot]',
    head: {
      ref: BRANCH,
      sha: SHA,
      ...(fromFork ? { repo: { owner: 'someone', name: 'fork' } } : {}),
    },
    base: { ref: 'main', sha: BASE_SHA },
  };
}

export function listedRepos(extra = 0): FakeOtherRepoSeed[] {
  const recorded = LISTING.repositories.map((repo): FakeOtherRepoSeed => ({
    owner: ORG,
    name: repo.name,
    archived: repo.archived ?? false,
    fork: repo.fork ?? false,
    private: repo.private ?? false,
    topics: repo.topics,
    language: repo.language,
    pulls: [
      ...(repo.campaignPull === undefined ? [] : [pull(repo.campaignPull, false)]),
      ...(repo.forkPullOnCampaignBranch === undefined
        ? []
        : [pull(repo.forkPullOnCampaignBranch, true)]),
    ],
  }));
  const padding = Array.from({ length: extra }, (_, index): FakeOtherRepoSeed => ({
    owner: ORG,
    name: `svc-${String(index).padStart(4, '0')}`,
    topics: ['node'],
    language: 'TypeScript',
  }));
  return [...recorded, ...padding];
}

/** The fake with the fleet seeded; `extra` plain repositories pad the organization. */
export function useFleetGitHub(options: { extra?: number } = {}) {
  return useFakeGitHub({
    repo: CENTRAL,
    owners: [LISTING.owner, { login: CENTRAL.owner, type: 'Organization' }],
    otherRepos: listedRepos(options.extra ?? 0),
  });
}
