/**
 * Phases 4–6 of the Action's run, once the trigger is authorized: the reaction and the live
 * comment, the task context, the mode's plan (its tools before the session, its publishing after),
 * the policy, the model and the agent, then the final comment, the job summary and the outputs.
 *
 * Which runs keep a live comment: those someone asked for (a `/gemini` command, an assignment)
 * and every invoke or maintenance run on an issue or pull request. Automatic reviews and triage
 * show their result where it belongs — the review, the labels — and comment only to report a
 * failure, so a run still never ends without a visible result.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { AgentEvent } from '../agent/events.js';
import { createTranscriptWriter } from '../agent/transcript.js';
import type { TranscriptWriter } from '../agent/transcript.js';
import type { ActionInputs } from './action-inputs.js';
import { checkPullRequestWorkspace } from '../github/fork-workspace.js';
import type { ArtifactOutcome, RunRecordPaths } from '../github/run-artifact.js';
import type { CommandRegistry } from '../commands/command-registry.js';
import { expandCommand } from '../commands/expand-command.js';
import type { SessionPrompt } from '../commands/injection-services.js';
import { findInvocation, loadRunCommands, UnknownCommandError } from '../commands/run-commands.js';
import {
  artifactName,
  runRecordPaths,
  uploadRunRecord,
  writeAnswer,
} from '../github/run-artifact.js';
import { isReadOnlyOnForks, readOnlyForkRunReason } from '../github/read-only-runs.js';
import type { GitHubClient } from '../github/octokit.js';
import {
  PROJECT_AGENT_FILES,
  loadAgents,
  projectAgentsFolder,
} from '../agent/subagents/agent-files.js';
import { baseBranchConfigFor } from '../github/pull-request-config.js';
import {
  createLaunchDirectory,
  planPullRequestCode,
  removeLaunchDirectory,
} from '../github/pull-request-code.js';
import {
  extensionAgentFolders,
  extensionContextFiles,
  withExtensionServers,
} from '../commands/extensions/extension-config.js';
import { buildTaskPrompt } from '../github/prompt.js';
import type { CommentTarget, GitHubSink, ReactionTarget } from '../github/sink.js';
import { createOctokitSink } from '../github/sink.js';
import { claimTrigger, runIdentity } from '../github/trigger-claim.js';
import { gatherTaskContext } from '../github/task-context.js';
import { workflowRunFacts } from '../github/newer-run.js';
import type { Trigger } from '../github/trigger.js';
import { runUrl, serverUrl } from '../github/urls.js';
import type { ModeOutputName, ModePlan, ModeResult, SessionRunner } from '../modes/mode-plan.js';
import { prepareMode } from '../modes/prepare-mode.js';
import { unlessDuplicate } from '../modes/claimed-plan.js';
import { createContentGenerator } from '../model/create-content-generator.js';
import { chooseRunModels } from '../model/model-choice.js';
import { describeRetry } from '../model/retry.js';
import { ConfigurationError, errorMessage } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import type { Redact } from '../platform/redaction.js';
import { reportSandbox, resolveSandbox } from '../platform/sandbox/resolve-sandbox.js';
import type { PendingSandbox } from '../platform/sandbox/pending-sandbox.js';
import { pendingSandbox } from '../platform/sandbox/pending-sandbox.js';
import { loadCliPolicy } from '../session-setup/policy-setup.js';
import { hideCheckoutCredential } from '../publish/checkout-credential.js';
import { githubStatus } from '../publish/github-error.js';
import { captureSessionBaseline } from '../publish/session-baseline.js';
import { ModelCalls } from '../model/model-calls.js';
import {
  DEFAULT_SETTINGS_PATH,
  SETTINGS_INPUT_NAME,
  loadAgentSettings,
} from '../config/settings.js';
import { workspaceDiff } from '../publish/workspace-diff.js';
import type { CommentUpdater } from '../report/comment-updater.js';
import { createCommentUpdater } from '../report/comment-updater.js';
import type { JobSummaryWriter } from '../report/job-summary.js';
import { renderJobSummary, writeJobSummary } from '../report/job-summary.js';
import type { FinalOutcome, RenderOptions, ReportLinks } from '../report/progress-comment.js';
import { renderFinalComment, renderProgressComment } from '../report/progress-comment.js';
import type { ProgressState } from '../report/progress-state.js';
import { applyEvent, finalText, initialProgressState } from '../report/progress-state.js';
import { inlineText } from '../report/markdown.js';
import { SessionStatsCollector } from '../report/session-stats.js';
import { startAgent } from '../session-setup/run-agent.js';
import { toolSandboxSession } from '../tools/tool-processes.js';
import type { ActionDeps, ActionResult, OutputName } from './types.js';
import { startTelemetry } from '../telemetry/start-telemetry.js';
import type { GitHubRunFacts, Telemetry } from '../telemetry/telemetry.js';
import { githubFactsFromEnvironment } from '../telemetry/telemetry.js';
import { VERSION } from '../platform/version.js';
import {
  availableCommandsSection,
  commandLine,
  configuredProcessLines,
  extensionLines,
} from '../report/command-lines.js';

export interface AuthorizedRun {
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
  /** Adds a value to what every outgoing text is redacted of (and masks it in the log). */
  registerSecret: (value: string) => void;
  /** Ends the run quietly as skipped: a log line and one job-summary line. */
  skip: (reason: string) => Promise<ActionResult>;
  /** Ends the run as failed before anything was posted: the error output and the job summary. */
  fail: (message: string) => Promise<ActionResult>;
}

export async function runAuthorized(run: AuthorizedRun): Promise<ActionResult> {
  const { deps, inputs, octokit, trigger, trust, redact, logger, setOutput } = run;
  const { env } = deps;
  const now = deps.now ?? Date.now;
  const startedAt = now();
  const sessionId = randomUUID();
  const workspaceRoot = env.GITHUB_WORKSPACE ?? process.cwd();
  // The answer, the transcript and an unpushed patch: uploaded together as the run's artifact.
  const record = runRecordPaths(env.RUNNER_TEMP ?? workspaceRoot, sessionId);
  const transcriptPath = record.transcript;
  const links: ReportLinks = {};
  const link = runUrl(env);
  if (link !== undefined) links.runUrl = link;
  const renderOptions: RenderOptions = {
    redact,
    ...(trigger.actor ? { actor: trigger.actor.login } : {}),
  };
  let state: ProgressState = initialProgressState();
  const stats = new SessionStatsCollector();
  let transcript: TranscriptWriter | undefined;

  // 4. Reporting starts: a reaction and the live comment, for runs someone is waiting on.
  const sink = createOctokitSink(octokit, { redact });
  const target = commentTarget(trigger);
  const live = target !== undefined && keepsLiveComment(trigger);
  // A re-run continues what its first attempt posted; a second delivery of the event steps aside.
  const claim = await claimTrigger({
    octokit,
    sink,
    trigger,
    identity: runIdentity(trigger, env),
    target,
    live,
    botLogin: inputs.botLogin,
    env,
    logger,
  });
  if (claim.duplicateReason !== undefined) return run.skip(claim.duplicateReason);
  renderOptions.reserve = claim.reserve;
  const updater: CommentUpdater | undefined =
    target === undefined
      ? undefined
      : createCommentUpdater({
          sink,
          target,
          ...(deps.commentIntervalMs !== undefined ? { intervalMs: deps.commentIntervalMs } : {}),
          now,
          logger,
          ...claim.updater,
        });
  // The reaction and the progress comment are GitHub writes, which the client spaces a second
  // apart (octokit.ts): awaited here, they would hold the session back by that second. They go
  // on beside the context, the plan and the session instead: they post only the run's progress,
  // nothing before the session depends on them, the updater queues the session's edits
  // behind the comment's creation, and the end of the run waits for them (`reporting`) before it
  // writes the final comment. One case still waits: on a fork's review event a refused reaction
  // is the sign of a read-only token, and that run must stop before the model sees anything.
  let reporting: Promise<void> = Promise.resolve();
  /** Why this run is a second delivery of an event another run answers (the claim lost). */
  let claimLost: Promise<string | undefined> = Promise.resolve(undefined);
  const stopDuplicate = new AbortController();
  if (live && updater !== undefined) {
    const reacted = react(sink, trigger, logger);
    // A review event on a fork's pull request runs with a read-only token (read-only-runs.ts):
    // the refused reaction is the first sign, and no comment, review or push would work either.
    if (run.forkHead && isReadOnlyOnForks(trigger.kind) && (await reacted) === 403) {
      return run.fail(readOnlyForkRunReason(trigger.kind, inputs.triggerPhrase));
    }
    claimLost = reacted.then(async () => {
      const lost = await claim.confirm(
        await updater.start(renderProgressComment(state, links, renderOptions)),
      );
      if (lost !== undefined) {
        // Another delivery of the event posted first: this run's comment is gone, its session stops.
        updater.abandon();
        stopDuplicate.abort();
      }
      return lost;
    });
    reporting = claimLost.then(() => undefined);
  }
  // The sandbox probe (a few hundred milliseconds the first time) sets up the session the
  // agent's commands will run in (the options ToolProcesses opens it with), so the sandbox is set
  // up once. Under `auto` it starts once the session's first model request has been sent, and the
  // first command waits for it (pending-sandbox.ts). A sandbox the input names must work before
  // any request: its probe starts now, once the run is authorized and not refused as read-only,
  // beside the comment, the context and the configuration, and the session's start waits for it
  // (see sessionRunner). Starting it early is safe: it only checks that the sandbox user can
  // enter the workspace, and lends nothing before the first command.
  // On a pull request: the private folder outside the workspace that the programs the
  // configuration starts run from (the base branch's copies), which the sandbox shows read-only.
  const launchDirectory =
    'pullRequest' in trigger && trigger.pullRequest !== undefined
      ? await createLaunchDirectory()
      : undefined;
  const sandboxProbe = pendingSandbox(inputs.sandbox, () =>
    resolveSandbox(inputs.sandbox, {
      env,
      logger,
      firstSession: toolSandboxSession({
        workspaceRoot,
        parentEnv: env,
        ...(launchDirectory === undefined ? {} : { readablePaths: [launchDirectory] }),
        // A fork's head is expected to be in the workspace; if the check below finds it is not,
        // the session is set up again without the network cut off.
        isolateNetwork: isolatesNetwork(run, run.forkHead),
      }),
    }),
  );

  let outcome: FinalOutcome;
  let result: ModeResult = { sections: [], outputs: {}, links: [] };
  let skipped: string | undefined;
  let restoreCredential: (() => Promise<void>) | undefined;
  let telemetry: Telemetry | undefined;
  /** Which sandbox the commands ran in (known once its probe ends), for the job summary. */
  let sandboxLine: Promise<string> | undefined;
  /** The extensions and the custom command, for the job summary. */
  let summaryLines: string[] = [];
  try {
    // 5. Context, the mode's plan, policy, model and the agent session. The transcript exists
    // from here on, so even a run that fails before the session has the file its output names.
    transcript = createTranscriptWriter(transcriptPath, { redact });
    const writer = transcript;
    // The context is read from GitHub while the workspace's baseline is taken and the mode
    // prepares: reading it changes nothing, and what it reads (the issue or pull request, its
    // comments) nothing here changes. Awaited before the session starts.
    const contextRead = gatherTaskContext(trigger, octokit, {
      logger,
      includeRepositoryLabels: false,
    });
    contextRead.catch(() => undefined);
    // Before anything changes the workspace: what earlier steps of the job left in it. The mode
    // prepares beside it (publishing asks GitHub for an earlier branch of the task) and waits for
    // it before it moves the workspace.
    const baselineTaken = captureSessionBaseline(workspaceRoot);
    baselineTaken.catch(() => undefined);
    const preparation = await prepareMode({
      trigger,
      context: contextRead,
      inputs,
      octokit,
      redact,
      logger,
      workspaceRoot,
      serverUrl: serverUrl(env),
      remoteUrl: deps.gitRemoteUrl,
      workflowName: env.GITHUB_WORKFLOW,
      links,
      patchPath: record.patch,
      baseline: baselineTaken,
      triggerKey: claim.identity.key,
      now,
      workflowRun: workflowRunFacts(env),
    });
    const baseline = await baselineTaken;
    const context = await contextRead;
    for (const warning of context.warnings) logger.warning(warning);
    if ('skip' in preparation) {
      skipped = preparation.skip;
      outcome = { reason: 'completed', summary: `Nothing to do: ${skipped}.`, durationMs: 0 };
    } else {
      // A second delivery that lost the claim publishes nothing (see trigger-claim.ts).
      const plan: ModePlan = unlessDuplicate(preparation.plan, claimLost);
      // Until the session and publishing are done, the checkout's stored token is out of reach.
      const credential = await hideCheckoutCredential(workspaceRoot, { logger });
      for (const value of credential.values) run.registerSecret(value);
      restoreCredential = () => credential.restore();
      const runner = await sessionRunner(run, {
        sandboxProbe,
        sessionId,
        workspaceRoot,
        launchDirectory,
        signal: stopDuplicate.signal,
        onEvent: (event) => {
          state = applyEvent(state, event);
          stats.listener(event);
          writer(event);
          // The comment and the job summary show the switch; the log names it too.
          if (event.kind === 'warning' && event.code === 'model_fallback') {
            logger.warning(event.message);
          }
          if (live) updater?.update(renderProgressComment(state, links, renderOptions));
        },
      });
      const runSession = runner.run;
      sandboxLine = runner.sandboxLine;
      summaryLines = runner.summaryLines;
      telemetry = runner.telemetry;
      const promptOptions = {
        mode: trigger.mode,
        actor:
          trigger.instructionSource === 'command' && trust === 'maintainer'
            ? trigger.actor?.login
            : undefined,
        goal: plan.goal,
        handIn: plan.handIn,
      };
      // `/gemini /name args` (or a prompt input starting with `/name`) runs a custom command; its
      // `!{…}` and `@{…}` are expanded through the session's policy and tools.
      const invoked =
        trigger.instructionSource === 'default'
          ? undefined
          : findInvocation(trigger.instruction, runner.commands);
      if (invoked !== undefined) summaryLines.push(commandLine(invoked.command));
      // Built only for a single session: a plan that runs its own sessions writes their prompts.
      const taskPrompt = (): SessionPrompt =>
        invoked === undefined
          ? buildTaskPrompt(context, trigger.instruction, promptOptions)
          : async (services) =>
              buildTaskPrompt(
                context,
                await expandCommand(invoked.command, invoked.invocation, services),
                promptOptions,
              );
      const session = plan.run
        ? await plan.run(runSession)
        : await runSession(taskPrompt(), plan.extraTools, plan.agents).then((ended) => ({
            ...ended,
            summary: ended.response.trim() || finalText(state),
          }));
      outcome = {
        reason: session.reason,
        summary: session.summary,
        ...(session.error !== undefined ? { error: session.error } : {}),
      };
      // The final comment shows only what publishing would accept.
      const diff = await workspaceDiff(workspaceRoot, {
        baseline,
        checks: {
          allowWorkflowEdits: inputs.publish.allowWorkflowEdits,
          knownSecrets: inputs.secrets,
        },
      });
      if (diff !== undefined) outcome.diff = diff;
      // 6a. What the mode publishes, whatever the session's end: a partial result is still one.
      result = await plan.finish({
        completed: session.reason === 'completed',
        summary: session.summary,
      });
      outcome.results = result.sections;
      links.extra = result.links;
      if (result.error !== undefined && session.reason === 'completed') {
        outcome.reason = 'crash';
        outcome.error = result.error;
      }
      outcome.durationMs = now() - startedAt;
    }
  } catch (error) {
    logger.error(`The run failed: ${errorMessage(error)}`);
    outcome = {
      reason: error instanceof ConfigurationError ? 'configuration' : 'crash',
      error: errorMessage(error),
      durationMs: now() - startedAt,
      results:
        error instanceof UnknownCommandError
          ? [...result.sections, availableCommandsSection(error.available, redact)]
          : result.sections,
    };
  } finally {
    transcript?.close();
    // The session the probe set up, when no agent session took it over (a skip, a failure).
    await sandboxProbe.release();
    await restoreCredential?.();
    if (launchDirectory !== undefined) await removeLaunchDirectory(launchDirectory);
  }

  // 6b. The end: the run's record, final comment, job summary, outputs. A skip nobody watched
  // stays one line. The progress comment exists (or failed) before anything ends it.
  await reporting;
  const duplicate = await claimLost;
  if (duplicate !== undefined) return run.skip(duplicate);
  if (skipped !== undefined && !live) return run.skip(skipped);
  const artifact = await keepRecord(run, {
    record,
    answer: redact(outcome.summary ?? finalText(state)),
    name: artifactName(trigger, sessionId),
  });
  if (artifact.status === 'uploaded') links.artifactUrl = artifact.url;
  if (artifact.status === 'failed') {
    outcome.results = [
      ...(outcome.results ?? []),
      `⚠️ The full answer and transcript could not be uploaded as an artifact: ${inlineText(artifact.error, { maxLength: 500 })}. The job summary still has the whole answer.`,
    ];
  }
  const succeeded = outcome.reason === 'completed';
  // A run nobody watches live comments only to report a failure.
  const posted =
    updater !== undefined && (live || !succeeded)
      ? await updater.finish(renderFinalComment(state, outcome, links, renderOptions))
      : undefined;
  const summaryOutcome: FinalOutcome = {
    ...outcome,
    results: [
      ...(outcome.results ?? []),
      // No line when nothing started the probe: no command could have run.
      ...(sandboxLine === undefined || !sandboxProbe.isStarted ? [] : [await sandboxLine]),
      ...summaryLines,
      ...claim.summaryLines,
    ],
  };
  await writeSummarySafely(
    deps.summary,
    renderJobSummary(state, summaryOutcome, links, renderOptions),
    logger,
  );
  const errorText = succeeded ? '' : failureText(outcome, state);
  const conclusion = !succeeded ? 'failure' : skipped !== undefined ? 'skipped' : 'success';
  if (skipped !== undefined) logger.info(`Nothing to do: ${skipped}.`);
  setOutput('conclusion', conclusion);
  setOutput('summary', outcome.summary ?? finalText(state));
  setOutput('transcript_file', transcript ? transcriptPath : '');
  setOutput('comment_url', posted?.url ?? '');
  const usage = stats.streamStats();
  setOutput('input_tokens', String(usage.input_tokens));
  setOutput('output_tokens', String(usage.output_tokens));
  setOutput('tool_calls', String(usage.tool_calls));
  for (const [name, value] of Object.entries(result.outputs)) {
    setOutput(name as ModeOutputName, value);
  }
  setOutput('error', errorText);
  // Last: an unreachable collector costs the run a bounded wait at its very end, nothing more.
  await telemetry?.shutdown();
  if (succeeded) return { conclusion, outputs: run.outputs };
  // A budget stop is a failure too: the task was not finished, and the reason says which budget.
  const error = run.outputs.error ?? redact(errorText);
  deps.setFailed(error);
  return { conclusion: 'failure', outputs: run.outputs, error };
}

/**
 * Builds what runs one session: the policy for the mode (and for a fork's code in the
 * workspace), the sandbox for its commands, the model, GEMINI.md from the base branch on pull
 * requests. Each call starts a fresh session on `prompt`; the events of all of them go to
 * `onEvent`.
 */
async function sessionRunner(
  run: AuthorizedRun,
  session: {
    /** The sandbox for the session's commands, still to be found. */
    sandboxProbe: PendingSandbox;
    sessionId: string;
    workspaceRoot: string;
    /** On a pull request, the private folder for the base branch's copies. */
    launchDirectory: string | undefined;
    /** Stops the session: this run turned out to be a second delivery of its event. */
    signal: AbortSignal;
    onEvent: (event: AgentEvent) => void;
  },
): Promise<{
  run: SessionRunner;
  /** The job summary's line on the sandbox, known once its probe ends. */
  sandboxLine: Promise<string>;
  summaryLines: string[];
  commands: CommandRegistry;
  telemetry: Telemetry | undefined;
}> {
  const { deps, inputs, octokit, trigger, trust, logger } = run;
  const { env } = deps;
  const holdsPullRequest = await holdsPullRequestCode(run, session.workspaceRoot);
  // A fork's code: no shell command runs at all.
  const untrustedWorkspace = run.forkHead && holdsPullRequest;
  const isolateNetwork = isolatesNetwork(run, untrustedWorkspace);
  // On a pull request, every configuration file comes from the base branch (one request):
  // GEMINI.md, the settings, the project's agents, custom commands and extensions, the policies.
  const baseConfig = await baseBranchConfigFor(
    trigger,
    {
      files: [
        'GEMINI.md',
        inputs.settings?.kind === 'file' ? inputs.settings.path : DEFAULT_SETTINGS_PATH,
        PROJECT_AGENT_FILES,
      ],
      policyFiles: inputs.policyFiles,
    },
    { octokit, tempRoot: env.RUNNER_TEMP, logger },
  );
  const contextDirectory = baseConfig?.directory;
  // The write token is for the trusted publishing step, the model key for the model client: no
  // `$VAR` hands them to a server, whatever variable holds them (the environment's own secrets,
  // OIDC and telemetry headers included, are refused by the expander itself).
  const heldSecrets = [
    inputs.githubToken,
    'apiKey' in inputs.auth ? inputs.auth.apiKey : undefined,
  ];
  const settings = await loadAgentSettings({
    input: inputs.settings,
    configDirectory: contextDirectory ?? session.workspaceRoot,
    env,
    forbiddenValues: heldSecrets,
  });
  // What a server was given is as secret as the Action's own credentials.
  // Custom commands and extensions: on a pull request the base branch's, never the PR's copies.
  const commands = await loadRunCommands({
    workspaceRoot: session.workspaceRoot,
    configRoot: contextDirectory ?? session.workspaceRoot,
    paths: inputs.extensions,
    pathsSetting: 'extensions',
    env,
    forbiddenValues: heldSecrets,
    logger,
  });
  // The repository's agents (the base branch's on a pull request), then the extensions'.
  const projectAgents = await loadAgents(
    [
      projectAgentsFolder(contextDirectory ?? session.workspaceRoot),
      ...extensionAgentFolders(commands.extensions),
    ],
    logger,
  );
  const runSettings = withExtensionServers(settings, commands.extensions, logger);
  for (const value of runSettings.expandedValues) run.registerSecret(value);
  // The pull request's code is in the workspace: what the configuration starts runs from the base
  // branch's files (copied into the private folder) or not at all.
  const pullRequest = 'pullRequest' in trigger ? trigger.pullRequest : undefined;
  const configured =
    holdsPullRequest && pullRequest !== undefined && session.launchDirectory !== undefined
      ? await planPullRequestCode({
          base: { owner: trigger.repo.owner, repo: trigger.repo.name, sha: pullRequest.baseSha },
          octokit,
          workspaceRoot: session.workspaceRoot,
          directory: session.launchDirectory,
          settings: runSettings,
          extensions: commands.extensions,
          logger,
        })
      : undefined;
  const policy = await loadCliPolicy({
    mode: trigger.mode,
    policyFiles:
      baseConfig?.policyPaths ??
      inputs.policyFiles.map((file) => path.resolve(session.workspaceRoot, file)),
    allowCommands: inputs.allowedCommands,
    yolo: false,
    untrustedWorkspace,
    settings: runSettings,
    extensions: commands.extensions,
  });
  for (const warning of policy.warnings) logger.warning(warning);
  const modelCalls = new ModelCalls();
  const contentGenerator = await (deps.createModel ?? createContentGenerator)(inputs.auth, {
    sessionId: session.sessionId,
    retry: {
      ...deps.modelRetry,
      onRetry: (event) => {
        logger.warning(describeRetry(event));
      },
    },
    onModelCall: modelCalls.report,
  });
  const models = chooseRunModels({
    explicit: { value: inputs.model, setBy: 'the model input' },
    env,
    settings: {
      ...settings,
      source: settings.source === SETTINGS_INPUT_NAME ? 'the settings input' : settings.source,
    },
    fallback: { value: inputs.fallbackModel, setBy: 'the fallback_model input' },
    howToChoose: 'the model input (or the GEMINI_MODEL variable, or model.name in the settings)',
  });
  // As in the CLI: `auto` falls back to no sandbox rather than failing, so its probe (the
  // namespace's set-up, tens of milliseconds) need not hold up the first model request. The
  // session starts it once that request has been sent, and every command waits for it (see
  // ToolProcesses), so none runs before it has decided. A sandbox asked for by name must work:
  // its failure stops the run here, before any request.
  const sandbox =
    inputs.sandbox === 'auto' ? session.sandboxProbe : await session.sandboxProbe.find();
  const sandboxLine = session.sandboxProbe.answer.then(
    (found) =>
      reportSandbox(found, {
        mode: inputs.sandbox,
        isolateNetwork,
        logger,
        ...(deps.sandboxSilence === undefined ? {} : { silence: deps.sandboxSilence }),
      }),
    // Commands then fail with the reason; the job summary says it too.
    (error: unknown) => `Sandbox: could not be set up (${errorMessage(error)}).`,
  );
  const telemetry = await startTelemetry({
    settings,
    env,
    // A relative outfile goes beside the run's other files, not into the workspace it would be
    // committed from.
    baseDirectory: env.RUNNER_TEMP ?? session.workspaceRoot,
    logger,
    redactor: { redact: run.redact, register: run.registerSecret },
    run: {
      version: VERSION,
      sessionId: session.sessionId,
      authType: inputs.auth.type,
      model: models.model.name,
      mode: trigger.mode,
      outputFormat: 'github',
      debug: false,
      // Whether one is configured, as the Gemini CLI reports it; `auto` may still find none.
      sandboxEnabled: inputs.sandbox !== 'none',
      mcpServers: Object.keys(settings.mcpServers),
      coreTools: settings.coreTools,
      github: { ...githubFactsFromEnvironment(env), ...triggerNumber(trigger) },
    },
  });
  const runSession: SessionRunner = async (prompt, extraTools, agents = []) => {
    const { result } = await startAgent({
      ...(contextDirectory === undefined ? {} : { contextDirectory }),
      prompt,
      workspaceRoot: session.workspaceRoot,
      signal: session.signal,
      ...models,
      env,
      sessionId: session.sessionId,
      contentGenerator,
      modelCalls,
      policy: { engine: policy.engine, runMode: trigger.mode, trust },
      logger,
      onEvent: session.onEvent,
      budgets: { maxTurns: inputs.maxTurns, timeoutMs: inputs.timeoutMinutes * 60_000 },
      extraTools,
      agents: [...agents, ...projectAgents],
      sandbox,
      isolateNetwork,
      settings: configured?.settings ?? runSettings,
      ...(configured === undefined || session.launchDirectory === undefined
        ? {}
        : { configuredLaunch: { directory: session.launchDirectory } }),
      ...(session.launchDirectory === undefined
        ? {}
        : { sandboxReadablePaths: [session.launchDirectory] }),
      extensionContextFiles: extensionContextFiles(commands.extensions),
      ...(telemetry ? { telemetry } : {}),
    });
    return result;
  };
  return {
    run: runSession,
    sandboxLine,
    summaryLines: [
      ...extensionLines(commands.extensions),
      ...configuredProcessLines(configured?.lines ?? []),
    ],
    commands: commands.registry,
    telemetry,
  };
}

/**
 * No network for commands when the input is anyone's: a fork's code, or an automatic review or
 * triage (which run no build that would need it).
 */
function isolatesNetwork(
  run: Pick<AuthorizedRun, 'trust' | 'trigger'>,
  untrustedWorkspace: boolean,
): boolean {
  const { trust, trigger } = run;
  return (
    untrustedWorkspace ||
    (trust === 'automatic' && (trigger.mode === 'review' || trigger.mode === 'triage'))
  );
}

/** The issue or pull request the run is about, for telemetry. */
function triggerNumber(
  trigger: Trigger,
): Pick<GitHubRunFacts, 'issueNumber' | 'pullRequestNumber'> {
  if (trigger.number === undefined) return {};
  return 'pullRequest' in trigger && trigger.pullRequest !== undefined
    ? { pullRequestNumber: trigger.number }
    : { issueNumber: trigger.number };
}

/**
 * Writes the whole answer beside the transcript and uploads the record as the run's artifact
 * (unless `upload_artifact` is false). Runs after the session whatever its end — a crash or a
 * failed model call included — and before the final comment, which links the artifact.
 */
async function keepRecord(
  run: AuthorizedRun,
  options: { record: RunRecordPaths; answer: string; name: string },
): Promise<ArtifactOutcome> {
  await writeAnswer(options.record, options.answer, run.logger);
  if (!run.inputs.uploadArtifact) {
    return { status: 'skipped', reason: 'the upload_artifact input is false' };
  }
  return uploadRunRecord({
    paths: options.record,
    name: options.name,
    env: run.deps.env,
    logger: run.logger,
    ...(run.deps.uploadArtifact !== undefined ? { upload: run.deps.uploadArtifact } : {}),
    ...(run.deps.artifactTimeoutMs !== undefined ? { timeoutMs: run.deps.artifactTimeoutMs } : {}),
  });
}

/** Someone waits on the answer: a command, an assignment, or any task that changes code. */
function keepsLiveComment(trigger: Trigger): boolean {
  if ('command' in trigger) return true;
  return trigger.mode === 'invoke' || trigger.mode === 'maintenance';
}

/**
 * Whether the workspace holds (or may hold) the pull request's code, logged: on a fork's, no
 * shell commands will run; on any, the configuration's programs run from the base branch's files.
 */
async function holdsPullRequestCode(run: AuthorizedRun, workspaceRoot: string): Promise<boolean> {
  const pullRequest = 'pullRequest' in run.trigger ? run.trigger.pullRequest : undefined;
  if (!run.forkHead && pullRequest === undefined) return false;
  const check = await checkPullRequestWorkspace(
    workspaceRoot,
    pullRequest?.headSha,
    run.forkHead ? { whose: "the fork's" } : {},
  );
  if (run.forkHead && check.holdsHeadCode) {
    run.logger.warning(
      `The workspace may hold the fork's pull request code (${check.reason}): no shell commands will run in this session.`,
    );
  } else if (run.forkHead) {
    run.logger.info(`The workspace does not hold the fork's code: ${check.reason}.`);
  } else if (check.holdsHeadCode) {
    run.logger.info(
      `The workspace may hold the pull request's code (${check.reason}): the programs the configuration starts run from the base branch's files.`,
    );
  }
  return check.holdsHeadCode;
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

/**
 * 👀 on what started the run; a refusal is only a warning (the comment is what matters). Returns
 * the HTTP status of a refusal.
 */
async function react(
  sink: GitHubSink,
  trigger: Trigger,
  logger: Logger,
): Promise<number | undefined> {
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
  if (target === undefined) return undefined;
  try {
    await sink.addReaction(target, 'eyes');
    return undefined;
  } catch (error) {
    logger.warning(`Could not add a reaction: ${errorMessage(error)}`);
    // The sink words a permission refusal as a configuration error around GitHub's.
    return githubStatus(error) ?? githubStatus((error as { cause?: unknown }).cause);
  }
}

/** Writes the job summary; a failure to write it is only a warning. */
export async function writeSummarySafely(
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
