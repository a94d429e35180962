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
import path from 'node:path';
import type { ActionInputs } from './action-inputs.js';
import { readActionInputs } from './action-inputs.js';
import type { Authorization } from '../github/authorize.js';
import { authorize } from '../github/authorize.js';
import { readEventFile } from '../github/event-file.js';
import { parseEventPayload } from '../github/event-schema.js';
import { READ_ONLY_ON_FORKS, readOnlyForkRunReason } from '../github/read-only-runs.js';
import type { GitHubClient } from '../github/octokit.js';
import { createOctokit } from '../github/octokit.js';
import type { Trigger } from '../github/trigger.js';
import { parseTrigger, resolvePullRequest } from '../github/trigger.js';
import { toPullRequest } from '../github/trigger-convert.js';
import { apiUrl } from '../github/urls.js';
import { resolveMaintenancePrompt } from '../maintenance/maintenance-prompt.js';
import { checkApplicationDefaultCredentials } from '../model/application-default-credentials.js';
import { AuthenticationError, ConfigurationError, errorMessage } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import type { Redact } from '../platform/redaction.js';
import { createRedactor, secretEnvironmentValues } from '../platform/redaction.js';
import { renderFailedJobSummary, renderSkippedJobSummary } from '../report/job-summary.js';
import { protectedFolderProblem } from '../tools/protected-paths.js';
import { createGit } from '../publish/git.js';
import { runAuthorized, writeSummarySafely } from './run-authorized.js';
import { actionWorkspaceRoot, targetRepository } from './target-repository.js';
import { recordFleetResult } from './fleet-result-file.js';
import { createRunStop } from './run-stop.js';
import { warnOnJobTimeLimit } from './time-limit-warning.js';
import type { ActionDeps, ActionResult, OutputName } from './types.js';

function readEventPayload(eventPath: string): Promise<unknown> {
  return readEventFile(eventPath, { source: 'GITHUB_EVENT_PATH' });
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

/**
 * Runs the Action once; never throws (a crash becomes a failed result with its message). A
 * campaign's run then leaves its result for the fleet's report, however it ended.
 */
export async function runAction(deps: ActionDeps): Promise<ActionResult> {
  return recordFleetResult(deps, await runOnce(deps));
}

async function runOnce(given: ActionDeps): Promise<ActionResult> {
  // Becomes the run's own once `working_directory` is known: GITHUB_WORKSPACE is its checkout.
  let deps = given;
  let { env } = deps;
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
  // A run that fails before it starts (an input, the runner's environment) still says why in the
  // job summary, where the README tells users to look first.
  const fail = async (message: string, cause?: unknown): Promise<ActionResult> => {
    const text = redact(message);
    const authentication = cause instanceof AuthenticationError ? { authentication: true } : {};
    setOutput('conclusion', 'failure');
    setOutput('error', text);
    deps.setFailed(text);
    await writeSummarySafely(deps.summary, renderFailedJobSummary(text, { redact }), logger);
    return { conclusion: 'failure', outputs, error: text, ...authentication };
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
    const forkEvent =
      error instanceof AuthenticationError ? await forkRunWithoutSecrets(deps) : undefined;
    // Nobody asked for an automatic review of a fork's pull request: it is skipped. A review or
    // review comment on one is someone's request, which fails with what works instead.
    if (forkEvent === 'pull_request') return await skip(FORK_PULL_REQUEST_REASON);
    if (forkEvent !== undefined) {
      return await fail(
        readOnlyForkRunReason(forkEvent, deps.getInput('trigger_phrase') || undefined),
      );
    }
    return await fail(errorMessage(error), error);
  }
  for (const secret of inputs.secrets) redactor.register(secret);
  // What the workflow brings (prompt_file, campaign_policy) is read from its own checkout; the
  // agent works in working_directory's, which every later stage sees as GITHUB_WORKSPACE.
  const workflowCheckout = env.GITHUB_WORKSPACE ?? process.cwd();
  try {
    const workspaceRoot = await actionWorkspaceRoot(workflowCheckout, inputs.workingDirectory);
    inputs = {
      ...inputs,
      campaignPolicyFiles: inputs.campaignPolicyFiles.map((file) =>
        path.resolve(workflowCheckout, file),
      ),
    };
    if (workspaceRoot !== workflowCheckout) {
      env = { ...env, GITHUB_WORKSPACE: workspaceRoot };
      deps = { ...deps, env };
    }
  } catch (error) {
    return await fail(errorMessage(error), error);
  }
  // The checkout may not lie inside a protected folder (protected-paths.ts).
  const workspaceProblem = await protectedFolderProblem(env.GITHUB_WORKSPACE ?? process.cwd());
  if (workspaceProblem !== undefined) {
    const where = inputs.workingDirectory === undefined ? 'GITHUB_WORKSPACE' : 'working_directory';
    return await fail(`${where}: ${workspaceProblem}`);
  }

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
    const { eventName, eventPath } = runnerEvent(env);
    const payload = await (deps.readEventPayload ?? readEventPayload)(eventPath);
    // prompt_file is the prompt input kept in the repository; a dispatch form's prompt still wins.
    const prompt =
      inputs.promptFile === undefined
        ? inputs.prompt
        : (
            await resolveMaintenancePrompt(
              { prompt: inputs.prompt, promptFile: inputs.promptFile },
              { workspaceRoot: workflowCheckout, eventName },
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
    if (inputs.repository !== undefined) {
      trigger = await targetRepository(trigger, inputs.repository, {
        octokit,
        git: createGit({ redact }),
        workspaceRoot: env.GITHUB_WORKSPACE ?? process.cwd(),
        logger,
      });
    }
    const authorization =
      inputs.repository !== undefined && trigger.kind === 'workflow_dispatch'
        ? dispatchedElsewhere(env, logger)
        : await authorize(trigger, { client: octokit, allowedBots: inputs.allowedBots, logger });
    if (!authorization.authorized) return await skip(authorization.reason);
    trust = authorization.trust;
    forkHead = authorization.forkHead;
  } catch (error) {
    return await fail(errorMessage(error));
  }

  // Vertex AI or Code Assist without Application Default Credentials fails here, before anything
  // is posted, saying what to do (a model the run was handed is its own business).
  if (deps.createModel === undefined) {
    try {
      checkApplicationDefaultCredentials(inputs.auth, env);
    } catch (error) {
      return await fail(errorMessage(error), error);
    }
  }

  const stop = deps.stop ?? createRunStop();
  // Stopped before any work began: nothing to keep, nothing was posted.
  if (stop.stop.ending !== undefined) return await skip('the run was cancelled before it began');
  warnOnJobTimeLimit(deps, inputs, logger);
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
    fail,
    registerSecret: (value) => {
      redactor.register(value);
    },
    stop: stop.stop,
    end: (ending) => {
      stop.end(ending);
    },
  });
}

/**
 * A manual run on another repository: the person dispatched the workflow in its own repository,
 * which GitHub allows only to those with write access there, and the run acts with the token the
 * workflow made for the target (its rights are the limit). Their permission on the target is not
 * asked: a fleet's owners need not be collaborators of every repository it changes.
 */
function dispatchedElsewhere(env: NodeJS.ProcessEnv, logger: Logger): Authorization {
  const where = env.GITHUB_REPOSITORY ?? "the workflow's repository";
  logger.info(
    `Dispatched in ${where}, which takes write access there; acting with the token given for the repository input.`,
  );
  return {
    authorized: true,
    trust: 'maintainer',
    via: 'permission',
    permission: undefined,
    role: undefined,
    forkHead: false,
  };
}

/**
 * The event's name and payload file from the runner's environment; each missing variable is
 * named on its own, since the runner sets both and a workflow or a script may have cleared one.
 */
function runnerEvent(env: NodeJS.ProcessEnv): { eventName: string; eventPath: string } {
  const eventName = env.GITHUB_EVENT_NAME?.trim() ?? '';
  const eventPath = env.GITHUB_EVENT_PATH?.trim() ?? '';
  if (eventName === '' && eventPath === '') {
    throw new ConfigurationError(
      'expected a GitHub Actions runner environment: GITHUB_EVENT_NAME and GITHUB_EVENT_PATH are not set.',
      { input: 'GITHUB_EVENT_NAME' },
    );
  }
  if (eventPath === '') {
    throw new ConfigurationError(
      `expected the path of the ${eventName} event's JSON payload, which the runner sets with GITHUB_EVENT_NAME; it is empty.`,
      { input: 'GITHUB_EVENT_PATH' },
    );
  }
  if (eventName === '') {
    throw new ConfigurationError(
      `expected the name of the event whose payload is ${eventPath}, which the runner sets with GITHUB_EVENT_PATH; it is empty.`,
      { input: 'GITHUB_EVENT_NAME' },
    );
  }
  return { eventName, eventPath };
}

const FORK_EVENTS_WITHOUT_SECRETS = ['pull_request', ...READ_ONLY_ON_FORKS] as const;
type ForkEventWithoutSecrets = (typeof FORK_EVENTS_WITHOUT_SECRETS)[number];

/**
 * GitHub gives runs for a fork's pull request no secrets — `pull_request`, and the review events
 * (src/github/read-only-runs.ts) — so the model key is empty there by design, not by mistake.
 * Returns the event when this run is one of those.
 */
async function forkRunWithoutSecrets(
  deps: ActionDeps,
): Promise<ForkEventWithoutSecrets | undefined> {
  const { env } = deps;
  const name = FORK_EVENTS_WITHOUT_SECRETS.find((event) => event === env.GITHUB_EVENT_NAME);
  const file = env.GITHUB_EVENT_PATH;
  if (name === undefined || !file) return undefined;
  try {
    const payload = await (deps.readEventPayload ?? readEventPayload)(file);
    const event = parseEventPayload(name, payload, { file });
    const pullRequest = toPullRequest(event.pull_request, event.repository.full_name);
    return pullRequest.isFork ? name : undefined;
  } catch {
    return undefined;
  }
}

const FORK_PULL_REQUEST_REASON =
  'the pull request comes from a fork, and GitHub gives such runs no secrets, so there are no model credentials; ' +
  "to review it, a maintainer comments /gemini review (that run has the secrets and never runs the fork's code)";
