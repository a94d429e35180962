/**
 * The Action's run, phase by phase: inputs → trigger → authorization → reporting → context,
 * policy, model and agent → final comment, job summary and outputs. Every dependency comes in
 * through `ActionDeps`, so tests run the whole pipeline in-process against fake servers.
 *
 * Promises a user relies on:
 * - an event that starts no run, or a person without write access, ends quietly as `skipped`
 *   (a log line and one job-summary line, no comment);
 * - once the progress comment exists, it always ends with a result: the answer, or a clear,
 *   redacted error (model failure, budget, crash) with the run link;
 * - every text that leaves the run (comments, outputs, job summary, transcript, log lines) passes
 *   through the redactor, which knows every secret among the inputs and the environment.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AgentEvent } from './agent/events.js';
import { createTranscriptWriter } from './agent/transcript.js';
import type { TranscriptWriter } from './agent/transcript.js';
import type { ActionInputs } from './config/action-inputs.js';
import { readActionInputs } from './config/action-inputs.js';
import { authorize } from './github/authorize.js';
import { parseEventPayload } from './github/event-schema.js';
import { checkForkWorkspace } from './github/fork-workspace.js';
import { toPullRequest } from './github/trigger-convert.js';
import type { CreateOctokitOptions, GitHubClient } from './github/octokit.js';
import { createOctokit } from './github/octokit.js';
import { contextDirectoryFor, policyFilePaths } from './github/pull-request-config.js';
import { buildTaskPrompt } from './github/prompt.js';
import type { CommentTarget, GitHubSink, ReactionTarget } from './github/sink.js';
import { createOctokitSink } from './github/sink.js';
import { gatherTaskContext } from './github/task-context.js';
import type { Trigger } from './github/trigger.js';
import { parseTrigger, resolvePullRequest } from './github/trigger.js';
import { apiUrl, runUrl } from './github/urls.js';
import type { ContentGenerator } from './model/content-generator.js';
import type { CreateContentGeneratorOptions } from './model/create-content-generator.js';
import { createContentGenerator } from './model/create-content-generator.js';
import type { ModelAuth } from './model/model-auth.js';
import type { RetryOptions } from './model/retry.js';
import { AuthenticationError, ConfigurationError, errorMessage } from './platform/errors.js';
import type { Logger } from './platform/logger.js';
import type { Redact } from './platform/redaction.js';
import { createRedactor, secretEnvironmentValues } from './platform/redaction.js';
import { loadCliPolicy } from './policy-setup.js';
import type { CommentUpdater } from './report/comment-updater.js';
import { createCommentUpdater } from './report/comment-updater.js';
import type { JobSummaryWriter } from './report/job-summary.js';
import {
  renderJobSummary,
  renderSkippedJobSummary,
  writeJobSummary,
} from './report/job-summary.js';
import type { FinalOutcome, ReportLinks, RenderOptions } from './report/progress-comment.js';
import { renderFinalComment, renderProgressComment } from './report/progress-comment.js';
import type { ProgressState } from './report/progress-state.js';
import { applyEvent, finalText, initialProgressState } from './report/progress-state.js';
import { SessionStatsCollector } from './report/session-stats.js';
import { workspaceDiff } from './publish/workspace-diff.js';
import { describeRetry } from './model/retry.js';
import { startAgent } from './run-agent.js';

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
  /** The least time between two edits of the progress comment; default 3 s. */
  commentIntervalMs?: number;
}

export interface ActionResult {
  conclusion: ActionConclusion;
  /** The outputs as set (already redacted). */
  outputs: Record<string, string>;
  /** Why the run failed or was skipped. */
  error?: string;
}

/** The outputs action.yml declares. */
type OutputName =
  | 'conclusion'
  | 'summary'
  | 'transcript_file'
  | 'comment_url'
  | 'input_tokens'
  | 'output_tokens'
  | 'tool_calls'
  | 'error';

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
    const parsed = parseTrigger(eventName, payload, {
      triggerPhrase: inputs.triggerPhrase,
      mode: inputs.mode,
      ...(inputs.prompt !== undefined ? { prompt: inputs.prompt } : {}),
      botLogins: [],
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
    fail,
  });
}

interface AuthorizedRun {
  deps: ActionDeps;
  inputs: ActionInputs;
  octokit: GitHubClient;
  trigger: Trigger;
  trust: 'maintainer' | 'automatic';
  /** The pull request's head is a fork's (or unknown): its code must not run. */
  forkHead: boolean;
  redact: Redact;
  logger: Logger;
  outputs: Record<string, string>;
  setOutput: (name: OutputName, value: string) => void;
  fail: (message: string) => ActionResult;
}

/** Phases 4–6: from the progress comment to the final report, which is always written. */
async function runAuthorized(run: AuthorizedRun): Promise<ActionResult> {
  const { deps, inputs, octokit, trigger, trust, redact, logger, setOutput } = run;
  const { env } = deps;
  const now = deps.now ?? Date.now;
  const startedAt = now();
  const sessionId = randomUUID();
  const workspaceRoot = env.GITHUB_WORKSPACE ?? process.cwd();
  const transcriptPath = path.join(
    env.RUNNER_TEMP ?? workspaceRoot,
    `gemini-agent-${sessionId}.jsonl`,
  );
  const links: ReportLinks = { transcriptPath };
  const link = runUrl(env);
  if (link !== undefined) links.runUrl = link;
  const renderOptions: RenderOptions = {
    redact,
    ...(trigger.actor ? { actor: trigger.actor.login } : {}),
  };
  let state: ProgressState = initialProgressState();
  const stats = new SessionStatsCollector();
  let transcript: TranscriptWriter | undefined;

  // 4. Reporting starts: a reaction and the progress comment, when there is a conversation.
  const sink = createOctokitSink(octokit, { redact });
  const target = commentTarget(trigger);
  let updater: CommentUpdater | undefined;
  if (target !== undefined) {
    await react(sink, trigger, logger);
    updater = createCommentUpdater({
      sink,
      target,
      ...(deps.commentIntervalMs !== undefined ? { intervalMs: deps.commentIntervalMs } : {}),
      now,
      logger,
    });
    await updater.start(renderProgressComment(state, links, renderOptions));
  }

  let outcome: FinalOutcome;
  try {
    // 5. Context, prompt, policy, model and the agent session. The transcript exists from here
    // on, so even a run that fails before the session has the file its output points at.
    transcript = createTranscriptWriter(transcriptPath, { redact });
    const context = await gatherTaskContext(trigger, octokit, {
      logger,
      includeRepositoryLabels: trigger.mode === 'triage',
    });
    for (const warning of context.warnings) logger.warning(warning);
    const prompt = buildTaskPrompt(context, trigger.instruction, {
      mode: trigger.mode,
      actor:
        trigger.instructionSource === 'command' && trust === 'maintainer'
          ? trigger.actor?.login
          : undefined,
    });
    const policy = await loadCliPolicy({
      mode: trigger.mode,
      policyFiles: await policyFilePaths(trigger, inputs.policyFiles, {
        octokit,
        workspaceRoot,
        tempRoot: env.RUNNER_TEMP,
        logger,
      }),
      allowCommands: inputs.allowedCommands,
      yolo: false,
      untrustedWorkspace: await holdsForkCode(run, workspaceRoot),
    });
    const contentGenerator = await (deps.createModel ?? createContentGenerator)(inputs.auth, {
      sessionId,
      retry: {
        ...deps.modelRetry,
        onRetry: (event) => {
          logger.warning(describeRetry(event));
        },
      },
    });
    const writer = transcript;
    const onEvent = (event: AgentEvent): void => {
      state = applyEvent(state, event);
      stats.listener(event);
      writer(event);
      updater?.update(renderProgressComment(state, links, renderOptions));
    };
    const contextDirectory = await contextDirectoryFor(trigger, ['GEMINI.md'], {
      octokit,
      tempRoot: env.RUNNER_TEMP,
      logger,
    });
    const { result } = await startAgent({
      ...(contextDirectory === undefined ? {} : { contextDirectory }),
      prompt,
      workspaceRoot,
      model: inputs.model,
      env,
      sessionId,
      contentGenerator,
      policy: { engine: policy.engine, runMode: trigger.mode, trust },
      logger,
      onEvent,
      budgets: { maxTurns: inputs.maxTurns, timeoutMs: inputs.timeoutMinutes * 60_000 },
    });
    const session = await result;
    outcome = {
      reason: session.reason,
      summary: session.response.trim() || finalText(state),
      durationMs: now() - startedAt,
      ...(session.error !== undefined ? { error: session.error } : {}),
    };
    const diff = await workspaceDiff(workspaceRoot);
    if (diff !== undefined) outcome.diff = diff;
  } catch (error) {
    logger.error(`The run failed: ${errorMessage(error)}`);
    outcome = { reason: 'crash', error: errorMessage(error), durationMs: now() - startedAt };
  } finally {
    transcript?.close();
  }

  // 6. The end: final comment, job summary, outputs.
  const posted = updater
    ? await updater.finish(renderFinalComment(state, outcome, links, renderOptions))
    : undefined;
  await writeSummarySafely(
    deps.summary,
    renderJobSummary(state, outcome, links, renderOptions),
    logger,
  );
  const succeeded = outcome.reason === 'completed';
  const errorText = succeeded ? '' : failureText(outcome, state);
  setOutput('conclusion', succeeded ? 'success' : 'failure');
  setOutput('summary', outcome.summary ?? finalText(state));
  setOutput('transcript_file', transcript ? transcriptPath : '');
  setOutput('comment_url', posted?.url ?? '');
  const usage = stats.streamStats();
  setOutput('input_tokens', String(usage.input_tokens));
  setOutput('output_tokens', String(usage.output_tokens));
  setOutput('tool_calls', String(usage.tool_calls));
  setOutput('error', errorText);
  if (succeeded) return { conclusion: 'success', outputs: run.outputs };
  // A budget stop is a failure too: the task was not finished, and the reason says which budget.
  const error = run.outputs.error ?? redact(errorText);
  deps.setFailed(error);
  return { conclusion: 'failure', outputs: run.outputs, error };
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
    "to review fork pull requests, run the review workflow on pull_request_target (it never checks out or runs the fork's code)"
  );
}

/** Whether the workspace holds a fork's code, logged when it does (no commands will run). */
async function holdsForkCode(run: AuthorizedRun, workspaceRoot: string): Promise<boolean> {
  if (!run.forkHead) return false;
  const headSha = 'pullRequest' in run.trigger ? run.trigger.pullRequest?.headSha : undefined;
  const check = await checkForkWorkspace(workspaceRoot, headSha);
  if (check.holdsForkCode) {
    run.logger.warning(
      `The workspace may hold the fork's pull request code (${check.reason}): no shell commands will run in this session.`,
    );
  } else {
    run.logger.info(`The workspace does not hold the fork's code: ${check.reason}.`);
  }
  return check.holdsForkCode;
}

/** The error output for an outcome that did not complete. */
function failureText(outcome: FinalOutcome, state: ProgressState): string {
  const reason = outcome.reason ?? state.endReason ?? 'crash';
  const detail = outcome.error ?? state.endMessage;
  return detail !== undefined && detail.trim() !== '' ? detail : `The agent stopped: ${reason}.`;
}

/** Where the run's comment goes; undefined for runs without an issue or pull request. */
function commentTarget(trigger: Trigger): CommentTarget | undefined {
  const repo = { owner: trigger.repo.owner, repo: trigger.repo.name };
  if (trigger.kind === 'pull_request_review_comment') {
    return {
      ...repo,
      pullNumber: trigger.number,
      inReplyTo: trigger.thread.inReplyToId ?? trigger.thread.commentId,
    };
  }
  if (trigger.number === undefined) return undefined;
  return { ...repo, issueNumber: trigger.number };
}

/** 👀 on what started the run; a refusal is only a warning (the comment is what matters). */
async function react(sink: GitHubSink, trigger: Trigger, logger: Logger): Promise<void> {
  const repo = { owner: trigger.repo.owner, repo: trigger.repo.name };
  let target: ReactionTarget | undefined;
  if ('comment' in trigger && trigger.comment.kind === 'issue_comment') {
    target = { ...repo, kind: 'issue_comment', commentId: trigger.comment.id };
  } else if ('comment' in trigger && trigger.comment.kind === 'review_comment') {
    target = { ...repo, kind: 'review_comment', commentId: trigger.comment.id };
  } else if (trigger.number !== undefined) {
    // Reviews take no reactions; the pull request itself does.
    target = { ...repo, kind: 'issue', issueNumber: trigger.number };
  }
  if (target === undefined) return;
  try {
    await sink.addReaction(target, 'eyes');
  } catch (error) {
    logger.warning(`Could not add a reaction: ${errorMessage(error)}`);
  }
}

/** `git diff` of the workspace (tracked files); undefined outside a repository or on failure. */
async function writeSummarySafely(
  summary: JobSummaryWriter,
  markdown: string,
  logger: Logger,
): Promise<void> {
  try {
    await writeJobSummary(summary, markdown);
  } catch (error) {
    logger.warning(`Could not write the job summary: ${errorMessage(error)}`);
  }
}
