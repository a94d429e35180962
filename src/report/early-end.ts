/**
 * How a run ended before it finished, and how the reports say so. A run that ends early still
 * reports from what it had done: the final comment and the job summary say what stopped it and
 * when, list the tool calls made and say where the work went. Every kind has its own wording, so
 * a reader knows whether to press *Re-run*, raise a limit, or look at the newer run.
 *
 * - `cancelled`: someone cancelled the job, or the runner was shut down (the runner sends the step
 *   SIGINT, then SIGTERM);
 * - `timed-out`: a time limit was reached (the Action's `timeout_minutes`, or the job's);
 * - `superseded`: a newer run of the same work took over (a newer review of the same pull
 *   request, `cancel-in-progress`);
 * - `stopped`: the main step ended without its report (killed, crashed); the post step writes
 *   this one, from the record the main step left.
 */
import { inlineText, linkTarget } from './markdown.js';

export type EarlyEnd =
  | {
      kind: 'cancelled';
      /** Milliseconds since the epoch. */
      at: number;
      /** The signal that told the run, e.g. `SIGINT`. */
      signal?: string;
    }
  | {
      kind: 'timed-out';
      at: number;
      /** Which limit, as the user set it, e.g. `timeout_minutes (30)`. */
      limit?: string;
    }
  | {
      kind: 'superseded';
      at: number;
      /** The newer run's page, when it is known. */
      newerRunUrl?: string;
    }
  | {
      kind: 'stopped';
      at: number;
      /** What the main step knew before it stopped, when it knew anything. */
      cause?: Exclude<EarlyEnd, { kind: 'stopped' }>;
    };

export type EarlyEndKind = EarlyEnd['kind'];

const TITLES: Record<EarlyEndKind, string> = {
  cancelled: 'was cancelled',
  'timed-out': 'timed out',
  superseded: 'was stopped by a newer run',
  stopped: 'stopped unexpectedly',
};

const ICONS: Record<EarlyEndKind, string> = {
  cancelled: '⏹️',
  'timed-out': '⏱️',
  superseded: '⏭️',
  stopped: '⚠️',
};

/** `2025-06-02 10:00:12 UTC`: a moment every reader can place, whatever their time zone. */
export function formatMoment(at: number): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return 'an unknown time';
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** `was cancelled`, `timed out`, …: what happened to the run, for headers and log lines. */
export function earlyEndTitle(ending: EarlyEnd): string {
  return TITLES[ending.kind];
}

/** The report's header: `**Gemini's work on @x's task was cancelled after 12s**`. */
export function earlyEndHeader(
  ending: EarlyEnd,
  context: { bot: string; task: string; elapsed: string },
): string {
  return `**${context.bot}'s work on ${context.task} ${TITLES[ending.kind]} after ${context.elapsed}**`;
}

/** The quoted line under the header: what stopped the run, and when. */
export function earlyEndLine(ending: EarlyEnd, links: { runUrl?: string }): string {
  return `> ${ICONS[ending.kind]} ${earlyEndSentence(ending, links)}`;
}

/** One sentence for the log, the error output and the job summary. */
export function earlyEndSentence(ending: EarlyEnd, links: { runUrl?: string } = {}): string {
  const when = formatMoment(ending.at);
  switch (ending.kind) {
    case 'cancelled': {
      const by =
        ending.signal === undefined ? '' : ` (the runner sent ${inlineText(ending.signal)})`;
      return `**The run was cancelled** at ${when}${by}: the job was cancelled or its runner shut down.`;
    }
    case 'timed-out': {
      const limit = ending.limit === undefined ? 'its time limit' : inlineText(ending.limit);
      return `**The run timed out** at ${when}: it reached ${limit}.`;
    }
    case 'superseded': {
      const newer =
        ending.newerRunUrl === undefined
          ? 'a newer run'
          : `a [newer run](${linkTarget(ending.newerRunUrl)})`;
      return `**The run was stopped by a newer run** at ${when}: ${newer} took over the same work.`;
    }
    case 'stopped': {
      const cause =
        ending.cause === undefined
          ? ''
          : ` It ${TITLES[ending.cause.kind]} at ${formatMoment(ending.cause.at)}.`;
      const log =
        links.runUrl === undefined ? 'the job log' : `the [job log](${linkTarget(links.runUrl)})`;
      return `**The run stopped unexpectedly**: its main step ended before it could report, so this was written afterwards from the record it kept.${cause} See ${log} for why it ended.`;
    }
  }
}

/** The same sentence without Markdown, for the log and the `error` output. */
export function earlyEndText(ending: EarlyEnd): string {
  return earlyEndSentence(ending)
    .replace(/\*\*/g, '')
    .replace(/\[([^\]]*)\]\(([^)]*)\)/g, '$1 ($2)');
}
