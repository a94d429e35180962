/**
 * One tracking issue per campaign: found by its marker, created the first time, rewritten when
 * the merged rows change and left alone when they do not (a re-run with the same results makes
 * no write). Where the issue lives is a {@link TrackingIssueStore}: GitHub's issues here, a file
 * for `fleet local`; merging and rendering never touch the store.
 */
import type { GitHubClient } from '../github/octokit.js';
import { withPermissionHint } from '../github/permission-hint.js';
import type { Logger } from '../platform/logger.js';
import { silentLogger } from '../platform/logger.js';
import type { Redact } from '../platform/redaction.js';
import type { FleetPlan } from './fleet-plan.js';
import type { ResultsRead } from './fleet-results.js';
import type { FleetRow } from './fleet-rows.js';
import { mergeFleetRows } from './fleet-rows.js';
import { FLEET_LABEL, renderTrackingBody, trackingMarker, trackingTitle } from './tracking-body.js';
import { readTrackingState } from './tracking-state.js';

export interface TrackingIssue {
  id: number;
  body: string;
  url: string;
}

/** Where a campaign's tracking issue is kept. */
export interface TrackingIssueStore {
  /** The open tracking issue of campaign `key`, if there is one. */
  find(key: string): Promise<TrackingIssue | undefined>;
  create(title: string, body: string): Promise<TrackingIssue>;
  update(id: number, body: string): Promise<TrackingIssue>;
}

export interface GitHubStoreOptions {
  owner: string;
  repo: string;
  /**
   * The login the token writes as; only its issues are taken as tracking issues, so an issue
   * someone else opened with a copied marker is never taken over.
   */
  botLogin: string;
  logger?: Logger;
}

/** The store over a repository's issues, through the project's Octokit client. */
export function githubTrackingStore(
  octokit: GitHubClient,
  options: GitHubStoreOptions,
): TrackingIssueStore {
  const { owner, repo } = options;
  const logger = options.logger ?? silentLogger;
  const where = `${owner}/${repo}`;
  return {
    async find(key) {
      const marker = trackingMarker(key);
      const creator = options.botLogin.toLowerCase();
      // By creator rather than by label: GitHub drops the labels of a new issue silently when the
      // token may not set them, and an issue without its label must still be found.
      for await (const page of octokit.paginate.iterator(octokit.rest.issues.listForRepo, {
        owner,
        repo,
        state: 'open',
        creator: options.botLogin,
        sort: 'created',
        direction: 'asc',
        per_page: 100,
      })) {
        for (const item of page.data) {
          if (item.pull_request || item.user?.login.toLowerCase() !== creator) continue;
          const body = item.body ?? '';
          if (body.includes(marker)) return { id: item.number, body, url: item.html_url };
        }
      }
      return undefined;
    },
    async create(title, body) {
      const { data } = await withPermissionHint(`open the fleet's tracking issue in ${where}`, () =>
        octokit.rest.issues.create({ owner, repo, title, body, labels: [FLEET_LABEL] }),
      );
      const labelled = data.labels.some(
        (label) => (typeof label === 'string' ? label : label.name) === FLEET_LABEL,
      );
      if (!labelled) {
        logger.warning(
          `GitHub did not put the "${FLEET_LABEL}" label on ${data.html_url} (the token may not set labels); the issue is found by its marker all the same.`,
        );
      }
      return { id: data.number, body: data.body ?? '', url: data.html_url };
    },
    async update(id, body) {
      const { data } = await withPermissionHint(
        `update the fleet's tracking issue ${where}#${id}`,
        () => octokit.rest.issues.update({ owner, repo, issue_number: id, body }),
      );
      return { id: data.number, body: data.body ?? '', url: data.html_url };
    },
  };
}

export interface FleetReportInput {
  store: TrackingIssueStore;
  campaign: string;
  read: ResultsRead;
  plan?: FleetPlan | undefined;
  runUrl?: string | undefined;
  redact: Redact;
  serverUrl?: string;
  logger?: Logger;
}

export interface FleetReportOutcome {
  /** Undefined only for a dry run against no issue. */
  issue: TrackingIssue | undefined;
  action: 'created' | 'updated' | 'unchanged';
  rows: FleetRow[];
  body: string;
}

/** The body this report would write, and whether it would create, update or leave the issue. */
export async function prepareFleetReport(
  input: FleetReportInput,
): Promise<FleetReportOutcome & { existing: TrackingIssue | undefined }> {
  const logger = input.logger ?? silentLogger;
  const existing = await input.store.find(input.campaign);
  let previous: FleetRow[] = [];
  if (existing !== undefined) {
    const state = readTrackingState(existing.body, input.campaign);
    if (state === undefined) {
      logger.warning(
        `The rows kept in ${existing.url} could not be read; the table starts again from this run's results.`,
      );
    }
    previous = state ?? [];
  }
  const rows = mergeFleetRows(previous, input);
  const body = renderTrackingBody(input.campaign, rows, {
    redact: input.redact,
    ...(input.serverUrl === undefined ? {} : { serverUrl: input.serverUrl }),
  });
  const action =
    existing === undefined ? 'created' : existing.body === body ? 'unchanged' : 'updated';
  return { existing, issue: existing, action, rows, body };
}

/** Creates or updates the campaign's tracking issue; writes nothing when the body is the same. */
export async function publishFleetReport(input: FleetReportInput): Promise<FleetReportOutcome> {
  const prepared = await prepareFleetReport(input);
  const { existing, rows, body } = prepared;
  if (existing === undefined) {
    const issue = await input.store.create(trackingTitle(input.campaign), body);
    return { issue, action: 'created', rows, body };
  }
  if (prepared.action === 'unchanged') return { issue: existing, action: 'unchanged', rows, body };
  const issue = await input.store.update(existing.id, body);
  return { issue, action: 'updated', rows, body };
}
