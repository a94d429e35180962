/**
 * The Action's run, phase by phase: inputs → trigger → authorization, then (run-authorized.ts)
 * reporting → context, the mode's plan, policy, model and agent → publishing, final comment, job
 * summary and outputs. Every dependency comes in through `ActionDeps`, so tests run the whole
 * pipeline in-process against fake servers.
 *
 * Promises a user relies on:
 * - an event that starts no run, or a person without write access, ends quietly as `skipped`
 *   (a log line and one job-summary line, no comment);
 * - once the progress comment exists, it always ends with a result: the answer, or a clear,
 *   redacted error (model failure, budget, crash) with the run link;
 * - every text that leaves the run (comments, outputs, job summary, transcript, log lines) passes
 *   through the redactor, which knows every secret among the inputs and the environment.
 */
import { readFile } from 'node:fs/promises';
import type { ActionInputs } from './config/action-inputs.js';
import { readActionInputs } from './config/action-inputs.js';
import { authorize } from './github/authorize.js';
import { parseEventPayload } from './github/event-schema.js';
import type { CreateOctokitOptions, GitHubClient } from './github/octokit.js';
import { createOctokit } from './github/octokit.js';
import type { Trigger } from './github/trigger.js';
import { parseTrigger, resolvePullRequest } from './github/trigger.js';
import { toPullRequest } from './github/trigger-convert.js';
import { apiUrl } from './github/urls.js';
import { resolveMaintenancePrompt } from './maintenance/maintenance-prompt.js';
import type { ContentGenerator } from './model/content-generator.js';
import type { CreateContentGeneratorOptions } from './model/create-content-generator.js';
import type { ModelAuth } from './model/model-auth.js';
import type { RetryOptions } from './model/retry.js';
import { AuthenticationError, ConfigurationError, errorMessage } from './platform/errors.js';
import type { Logger } from './platform/logger.js';
import type { Redact } from './platform/redaction.js';
import { createRedactor, secretEnvironmentValues } from './platform/redaction.js';
import type { JobSummaryWriter } from './report/job-summary.js';
import { renderSkippedJobSummary } from './report/job-summary.js';
import type { OutputName } from './run-authorized.js';
import { runAuthorized, writeSummarySafely } from './run-authorized.js';

export type ActionConclusion = 'success' | 'failure' | 'skipped';

export interface ActionDeps {
  env: NodeJS.ProcessEnv;
  /** An input's value, `''` when unset (`core.getInput`). */
  getInput: (name: string) => string;
  setOutput: (name: string, value: string) => void;
  /** Masks a value in the runner's log (`core.setSecret`). */
  setSecret: (value: string) => void;
  /** Marks the step failed with a message (`core.setFailed`). */
  setFailed: (message: string) => void;
  summary: JobSummaryWriter;
  logger: Logger;
  /** Reads the JSON at `GITHUB_EVENT_PATH`; default reads and parses the file. */
  readEventPayload?: (eventPath: string) => Promise<unknown>;
  /** Milliseconds since the epoch; default `Date.now`. */
  now?: () => number;
  /** Default {@link createOctokit}; tests lower retries and turn throttling off. */
  createOctokit?: (options: CreateOctokitOptions) => GitHubClient;
  /** Default {@link createContentGenerator}. */
  createModel?: (
    auth: ModelAuth,
    options: CreateContentGeneratorOptions,
  ) => Promise<ContentGenerator>;
  /** Extra model retry options (tests make the waits instant). */
  modelRetry?: Omit<RetryOptions, 'onRetry'>;
  /**
   * Where git pushes the agent's branch and looks for an earlier one; default
   * `${GITHUB_SERVER_URL}/<owner>/<repo>.git`. Tests point it at a local bare repository.
   */
  gitRemoteUrl?: string;
  /** The least time between two edits of the progress comment; default 3 s. */
  commentIntervalMs?: number;
  /**
   * How to choose a run without a sandbox, for the notice given when none could be set up;
   * default the Action input's wording (`gemini-agent run` names its `--input`).
   */
  sandboxSilence?: string;
}

export interface ActionResult {
  conclusion: ActionConclusion;
  /** The outputs as set (already redacted). */
  outputs: Record<string, string>;
  /** Why the run failed or was skipped. */
  error?: string;
}

async function readJsonFile(eventPath: string): Promise<unknown> {
  return JSON.parse(await readFile(eventPath, 'utf8')) as unknown;
}

/** A logger whose every line is redacted first: model text and error messages get logged. */
function redactingLogger(logger: Logger, redact: Redact): Logger {
  return {
    debug: (message) => {
      logger.debug(redact(message));
    },
    info: (message) => {
      logger.info(redact(message));
    },
    warning: (message) => {
      logger.warning(redact(message));
    },
    error: (message) => {
      logger.error(redact(message));
    },
  };
}

/** Runs the Action once; never throws (a crash becomes a failed result with its message). */
export async function runAction(deps: ActionDeps): Promise<ActionResult> {
  const { env } = deps;
  // Secrets in the environment are known before anything else, so even an input error is safe.
  const redactor = createRedactor({
    secrets: secretEnvironmentValues(env),
    setSecret: deps.setSecret,
  });
  const { redact } = redactor;
  const logger = redactingLogger(deps.logger, redact);
  const outputs: Record<string, string> = {};
  const setOutput = (name: OutputName, value: string): void => {
    const text = redact(value);
    outputs[name] = text;
    deps.setOutput(name, text);
  };
  const fail = (message: string): ActionResult => {
    const text = redact(message);
    setOutput('conclusion', 'failure');
    setOutput('error', text);
    deps.setFailed(text);
    return { conclusion: 'failure', outputs, error: text };
  };
  const skip = async (reason: string): Promise<ActionResult> => {
    logger.info(`Skipped: ${reason}.`);
    setOutput('conclusion', 'skipped');
    setOutput('error', '');
    await writeSummarySafely(deps.summary, renderSkippedJobSummary(reason, { redact }), logger);
    return { conclusion: 'skipped', outputs, error: redact(reason) };
  };

  // 1. Inputs.
  let inputs: ActionInputs;
  try {
    inputs = readActionInputs(deps.getInput, env);
  } catch (error) {
    const forkReason =
      error instanceof AuthenticationError ? await forkPullRequestWithoutSecrets(deps) : undefined;
    if (forkReason !== undefined) return await skip(forkReason);
    return fail(errorMessage(error));
  }
  for (const secret of inputs.secrets) redactor.register(secret);

  // 2–3. Trigger and authorization.
  let octokit: GitHubClient;
  let trigger: Trigger;
  let trust: 'maintainer' | 'automatic';
  let forkHead: boolean;
  try {
    octokit = (deps.createOctokit ?? createOctokit)({
      token: inputs.githubToken,
      baseUrl: apiUrl(env),
      logger,
    });
    const eventName = env.GITHUB_EVENT_NAME?.trim() ?? '';
    const eventPath = env.GITHUB_EVENT_PATH?.trim() ?? '';
    if (eventName === '' || eventPath === '') {
      throw new ConfigurationError(
        'expected a GitHub Actions runner environment: GITHUB_EVENT_NAME and GITHUB_EVENT_PATH are not set.',
        { input: eventName === '' ? 'GITHUB_EVENT_NAME' : 'GITHUB_EVENT_PATH' },
      );
    }
    const payload = await (deps.readEventPayload ?? readJsonFile)(eventPath);
    // prompt_file is the prompt input kept in the repository; a dispatch form's prompt still wins.
    const prompt =
      inputs.promptFile === undefined
        ? inputs.prompt
        : (
            await resolveMaintenancePrompt(
              { prompt: inputs.prompt, promptFile: inputs.promptFile },
              { workspaceRoot: env.GITHUB_WORKSPACE ?? process.cwd(), eventName },
            )
          ).text;
    const parsed = parseTrigger(eventName, payload, {
      triggerPhrase: inputs.triggerPhrase,
      mode: inputs.mode,
      ...(prompt !== undefined ? { prompt } : {}),
      botLogins: [inputs.botLogin],
      reviewDrafts: !inputs.review.skipDrafts,
      ...(env.GITHUB_REPOSITORY ? { repository: env.GITHUB_REPOSITORY } : {}),
      eventPath,
    });
    if (parsed.kind === 'ignored') return await skip(parsed.reason);
    trigger = await resolvePullRequest(parsed, octokit);
    const authorization = await authorize(trigger, {
      client: octokit,
      allowedBots: inputs.allowedBots,
      logger,
    });
    if (!authorization.authorized) return await skip(authorization.reason);
    trust = authorization.trust;
    forkHead = authorization.forkHead;
  } catch (error) {
    return fail(errorMessage(error));
  }

  return runAuthorized({
    deps,
    inputs,
    octokit,
    trigger,
    trust,
    forkHead,
    redact,
    logger,
    outputs,
    setOutput,
    skip,
    registerSecret: (value) => {
      redactor.register(value);
    },
  });
}

/**
 * GitHub gives a `pull_request` run from a fork no secrets, so the model key is empty there by
 * design. That is no failure to flag on every outside contribution: the run is skipped with the
 * reason and the way to review such pull requests.
 */
async function forkPullRequestWithoutSecrets(deps: ActionDeps): Promise<string | undefined> {
  const { env } = deps;
  if (env.GITHUB_EVENT_NAME !== 'pull_request' || !env.GITHUB_EVENT_PATH) return undefined;
  try {
    const payload = await (deps.readEventPayload ?? readJsonFile)(env.GITHUB_EVENT_PATH);
    const event = parseEventPayload('pull_request', payload, { file: env.GITHUB_EVENT_PATH });
    const pullRequest = toPullRequest(event.pull_request, event.repository.full_name);
    if (!pullRequest.isFork) return undefined;
  } catch {
    return undefined;
  }
  return (
    'the pull request comes from a fork, and GitHub gives such runs no secrets, so there are no model credentials; ' +
    "to review it, a maintainer comments /gemini review (that run has the secrets and never runs the fork's code)"
  );
}
