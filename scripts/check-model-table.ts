/**
 * The weekly model check (.github/workflows/models.yml), run by scripts/check-model-table.mjs:
 * lists the Gemini API's models with `GEMINI_API_KEY`, compares them with
 * src/model/model-table.json (src/model/model-table-check.ts), prints the differences, and keeps
 * them in one issue, "Model table out of date" (src/github/model-table-issue.ts), with
 * `GITHUB_TOKEN` in `GITHUB_REPOSITORY`.
 *
 * - Without `GEMINI_API_KEY` it says so in a notice and passes: forks and new clones have no key.
 * - A listing that fails (a refused key, no connection) fails the job with one line, and never
 *   touches the issue: a partial list would report every model as gone.
 * - Differences do not fail the job: the issue is the signal, a red run each week would be noise.
 * - Without `GITHUB_TOKEN` or `GITHUB_REPOSITORY` (a maintainer's own run) it only prints.
 *
 * Neither the key nor the token is ever printed: every line goes through a redactor that knows
 * both, and the key travels in a header (list-models.ts).
 */
import { appendFile } from 'node:fs/promises';
import { EOL } from 'node:os';
import {
  MODEL_TABLE_ISSUE_LABEL,
  MODEL_TABLE_ISSUE_TITLE,
  renderModelTableIssueBody,
  renderModelTableText,
  syncModelTableIssue,
} from '../src/github/model-table-issue.js';
import type { ModelTableReport } from '../src/github/model-table-issue.js';
import { createOctokit } from '../src/github/octokit.js';
import type { CreateOctokitOptions } from '../src/github/octokit.js';
import { apiUrl, runUrl, serverUrl } from '../src/github/urls.js';
import { listModels, ModelListError } from '../src/model/list-models.js';
import type { ListedModel } from '../src/model/list-models.js';
import { compareModelTable } from '../src/model/model-table-check.js';
import { MODEL_TABLE } from '../src/model/model-table.js';
import type { ModelTable } from '../src/model/model-table.js';
import { errorMessage } from '../src/platform/errors.js';
import type { Logger } from '../src/platform/logger.js';
import { createRedactor } from '../src/platform/redaction.js';
import { annotate, logLine } from '../src/platform/runner-commands.js';

export interface CheckModelTableOptions {
  env: Record<string, string | undefined>;
  /** The step's log (stdout). */
  write: (text: string) => void;
  /** Default now; the day shutdowns are counted from. */
  now?: Date;
  /** Default the table in src/model/model-table.json. */
  table?: ModelTable;
  /** GitHub's retries and throttling; default the client's own (tests make them instant). */
  githubLimits?: Pick<CreateOctokitOptions, 'retry' | 'throttle'>;
}

/** Runs the check; resolves to the process's exit code. */
export async function checkModelTable(options: CheckModelTableOptions): Promise<number> {
  const { env } = options;
  const table = options.table ?? MODEL_TABLE;
  const apiKey = env.GEMINI_API_KEY?.trim() ?? '';
  const token = env.GITHUB_TOKEN?.trim() ?? '';
  const { redact } = createRedactor({ secrets: [apiKey, token] });
  const log = (message: string) => {
    logLine(redact(message), options.write);
  };
  const command = (name: 'notice' | 'warning' | 'error', message: string) => {
    annotate(name, redact(message), {}, options.write);
  };

  if (apiKey === '') {
    command(
      'notice',
      "GEMINI_API_KEY is not set, so the model table was not compared with the Gemini API's model list. Add the repository secret GEMINI_API_KEY to run the check.",
    );
    return 0;
  }

  let listing: ListedModel[];
  try {
    const baseUrl = env.GOOGLE_GEMINI_BASE_URL?.trim();
    listing = await listModels({ apiKey, ...(baseUrl ? { baseUrl } : {}) });
  } catch (error) {
    const message =
      error instanceof ModelListError
        ? error.message
        : `Listing the Gemini API's models failed: ${errorMessage(error)}`;
    command('error', `${message} The model table was not checked and no issue was changed.`);
    return 1;
  }
  if (listing.length === 0) {
    command(
      'error',
      "The Gemini API listed no models for this key, so nothing was compared and no issue was changed. Check that the key's project has the Generative Language API enabled.",
    );
    return 1;
  }

  const now = options.now ?? new Date();
  const report: ModelTableReport = {
    differences: compareModelTable(table, listing, now),
    tableChecked: table.checked,
    checkedOn: now.toISOString().slice(0, 10),
    listedCount: listing.length,
    runUrl: runUrl(env),
    repositoryUrl: env.GITHUB_REPOSITORY ? `${serverUrl(env)}/${env.GITHUB_REPOSITORY}` : undefined,
    sources: table.sources,
  };
  log(renderModelTableText(report));
  if (report.differences.length > 0) {
    command(
      'warning',
      `The model table differs from the Gemini API's model list in ${String(report.differences.length)} ${report.differences.length === 1 ? 'way' : 'ways'} (listed above).`,
    );
  }
  const summaryFile = env.GITHUB_STEP_SUMMARY?.trim();
  if (summaryFile) {
    const summary =
      report.differences.length === 0
        ? renderModelTableText(report)
        : renderModelTableIssueBody(report);
    await appendFile(summaryFile, `${redact(summary)}${EOL}`);
  }

  const repository = env.GITHUB_REPOSITORY?.trim() ?? '';
  const [owner, repo] = repository.split('/');
  if (token === '' || owner === undefined || repo === undefined || owner === '' || repo === '') {
    command(
      'notice',
      `GITHUB_TOKEN or GITHUB_REPOSITORY is not set, so the "${MODEL_TABLE_ISSUE_TITLE}" issue was not opened, updated or closed.`,
    );
    return 0;
  }
  const logger: Logger = {
    debug: () => undefined,
    info: log,
    warning: (message) => {
      command('warning', message);
    },
    error: (message) => {
      command('error', message);
    },
  };
  try {
    const octokit = createOctokit({
      token,
      baseUrl: apiUrl(env),
      logger,
      ...options.githubLimits,
    });
    const result = await syncModelTableIssue(octokit, { owner, repo }, report);
    const where = result.url === undefined ? '' : `: ${result.url}`;
    log(
      {
        opened: `Opened the issue "${MODEL_TABLE_ISSUE_TITLE}"${where}`,
        updated: `Updated the issue "${MODEL_TABLE_ISSUE_TITLE}"${where}`,
        closed: `Closed the issue "${MODEL_TABLE_ISSUE_TITLE}": the table matches again${where}`,
        none: `No issue "${MODEL_TABLE_ISSUE_TITLE}" is open, and none is needed.`,
      }[result.action],
    );
    if (result.unlabelled === true) {
      command(
        'warning',
        `GitHub opened ${result.url ?? 'the issue'} without the label ${MODEL_TABLE_ISSUE_LABEL}, so the next check will not find it and opens another. Create the label ${MODEL_TABLE_ISSUE_LABEL} in the repository, and put it on the issue.`,
      );
    }
    return 0;
  } catch (error) {
    const status = (error as { status?: unknown } | null)?.status;
    const hint =
      status === 401 || status === 403 || status === 404
        ? ' The workflow needs `issues: write` under `permissions:`.'
        : '';
    command(
      'error',
      `Could not keep the "${MODEL_TABLE_ISSUE_TITLE}" issue in ${repository}: ${errorMessage(error)}.${hint}`,
    );
    return 1;
  }
}

/** The check as the workflow runs it: this process's environment and stdout. */
export function main(): Promise<number> {
  return checkModelTable({
    env: process.env,
    write: (text) => {
      process.stdout.write(text);
    },
  });
}
