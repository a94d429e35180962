/**
 * Whether a replayed session still follows its recording. A replay answers with the model's
 * recorded replies whatever the tools do now; when a tool call fails here that did not fail when
 * the session was recorded (a file that is not in this repository, a command this policy denies),
 * every reply after it was written for another result, and the run's answer ("fixed, tests pass")
 * no longer describes this run. Such a run is marked as diverged: a warning in its event stream
 * (so the terminal, the final comment and the job summary say it), and, with `--strict`, a run
 * that does not succeed.
 *
 * The recording says how each tool call went when it holds `toolResults` (the outcomes the next
 * request carried; model/recording.ts writes them). One without them (the Gemini CLI's, or an
 * older one of this program) is taken to have had every call succeed.
 */
import type { AgentEvent, ToolCallData } from '../agent/events.js';
import type { RecordedCall, RecordedToolOutcome } from '../model/recording.js';
import { ellipsize } from '../platform/text.js';

export interface ReplayDivergence {
  callId: string;
  tool: string;
  /** What the call failed with here. */
  error: string;
  /** How it went when recorded: it succeeded, or the recording does not say. */
  recorded: 'succeeded' | 'not recorded';
}

/** The longest error text quoted in a warning; tool errors can be pages long. */
const MAX_QUOTED_ERROR = 160;

export class ReplayComparison {
  private readonly outcomes = new Map<string, RecordedToolOutcome>();
  private readonly holdsOutcomes: boolean;
  private readonly seen = new Set<string>();
  private readonly found: ReplayDivergence[] = [];

  constructor(calls: readonly RecordedCall[]) {
    for (const call of calls) {
      for (const result of call.toolResults ?? []) this.outcomes.set(result.id, result.outcome);
    }
    this.holdsOutcomes = calls.some((call) => call.toolResults !== undefined);
  }

  /** The divergences found so far, in the order the calls ended. */
  get divergences(): readonly ReplayDivergence[] {
    return this.found;
  }

  /**
   * Looks at one event of the replayed session (a subagent's too); returns the divergence a
   * failed tool call makes, once per call.
   */
  observe(event: AgentEvent): ReplayDivergence | undefined {
    if (event.kind === 'subagent_event') return this.observe(event.event);
    if (event.kind !== 'tool_call_update') return undefined;
    const call = event.tool_call;
    if (call.phase !== 'errored' || this.seen.has(call.tool_call_id)) return undefined;
    this.seen.add(call.tool_call_id);
    const recorded = this.outcomes.get(call.tool_call_id);
    if (recorded === 'error') return undefined;
    if (recorded === undefined && this.holdsOutcomes) return undefined;
    const divergence: ReplayDivergence = {
      callId: call.tool_call_id,
      tool: call.tool_name,
      error: errorText(call),
      recorded: recorded === 'ok' ? 'succeeded' : 'not recorded',
    };
    this.found.push(divergence);
    return divergence;
  }
}

function errorText(call: ToolCallData): string {
  const text = (call.error?.message ?? 'failed').replace(/\s+/g, ' ').trim();
  return ellipsize(text, MAX_QUOTED_ERROR);
}

/** The warning a divergence gives, once per call. */
export function divergenceWarning(divergence: ReplayDivergence): string {
  const when =
    divergence.recorded === 'succeeded'
      ? 'where it succeeded when the session was recorded'
      : 'and the recording holds no failure there';
  return (
    `The replay diverged from its recording: ${divergence.tool} failed here (${divergence.error}) ${when}. ` +
    'The recorded replies after it answer another result, so what this run concludes does not describe this repository.'
  );
}

/** One line for the end of a run: how many calls diverged. */
export function divergenceSummary(divergences: readonly ReplayDivergence[]): string {
  const count = divergences.length;
  const tools = [...new Set(divergences.map((divergence) => divergence.tool))].join(', ');
  return `the replay diverged from its recording: ${String(count)} tool call${count === 1 ? '' : 's'} failed that the recording did not (${tools})`;
}
