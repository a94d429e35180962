/**
 * Telemetry for one run: the `gemini_cli.config` event at the start, and the signals of each
 * session it runs (session-signals.ts). With `logPrompts` off, a session's events reach its
 * signals only through produced-text.ts, and its prompt only as a length.
 */
import type { AgentEventListener } from '../../agent/events.js';
import { EVENTS } from '../signal-names.js';
import type { TelemetryRun } from '../telemetry.js';
import { ProducedTextFilter } from './produced-text.js';
import { APPROVAL_MODE, SessionSignals } from './session-signals.js';
import type { SignalWriter } from './signal-writer.js';

export class RunSignals {
  private readonly open = new Set<SessionSignals>();

  constructor(
    private readonly writer: SignalWriter,
    private readonly options: { run: TelemetryRun; logPrompts: boolean },
  ) {}

  /** `gemini_cli.config`: what the run is configured with (types.js `StartSessionEvent`). */
  configLoaded(now: Date, githubRepositoryHash: string | undefined): void {
    const { run, logPrompts } = this.options;
    this.writer.log(
      EVENTS.config,
      'CLI configuration loaded.',
      {
        model: run.model,
        approval_mode: APPROVAL_MODE,
        core_tools_enabled: (run.coreTools ?? []).join(','),
        mcp_servers: run.mcpServers.join(','),
        mcp_servers_count: run.mcpServers.length,
        output_format: run.outputFormat,
        api_key_enabled: run.authType !== 'code-assist',
        vertex_ai_enabled: run.authType === 'vertex-ai',
        log_user_prompts_enabled: logPrompts,
        sandbox_enabled: run.sandboxEnabled,
        debug_mode: run.debug,
        // The GitHub fields the Gemini CLI's documentation lists for this event.
        github_workflow_name: run.github.workflow,
        github_repository_hash: githubRepositoryHash,
        github_event_name: run.github.eventName,
        github_pr_number: optionalText(run.github.pullRequestNumber),
        github_issue_number: optionalText(run.github.issueNumber),
      },
      { time: now, sessionId: run.sessionId },
    );
  }

  observeSession(prompt: string): AgentEventListener {
    const { logPrompts } = this.options;
    const session = new SessionSignals(
      this.writer,
      { length: prompt.length, text: logPrompts ? prompt : undefined },
      logPrompts,
    );
    const filter = logPrompts ? undefined : new ProducedTextFilter();
    this.open.add(session);
    return (event) => {
      const shown = filter === undefined ? event : filter.apply(event);
      if (shown !== undefined) session.onEvent(shown);
      if (event.kind === 'state_change' && event.final) this.open.delete(session);
    };
  }

  /** Ends the spans of sessions that never reported their end (a crash), so they are exported. */
  closeOpenSessions(now: Date): void {
    for (const session of this.open) session.abandon(now);
    this.open.clear();
  }
}

function optionalText(value: number | undefined): string | undefined {
  return value === undefined ? undefined : String(value);
}
