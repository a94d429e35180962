/**
 * The comment a run keeps on the issue or pull request: while the agent works, its status, todo
 * list and tool calls as they happen; at the end, who asked, how long it took, the answer, the
 * tool transcript, the diff and the tokens used — or a clear error — always with the run link.
 * Pure renderers: every piece of text that came from the model or a tool is redacted, then
 * escaped so it can neither break the layout nor ping anyone.
 */
import { ownMarker } from '../github/own-marker.js';
import type { SessionEndReason, TodoItem } from '../agent/events.js';
import { formatDuration } from '../platform/text.js';
import type { FitSection, LinesBlock, Measure } from './fit-comment.js';
import {
  GITHUB_COMMENT_LIMIT,
  cutMarkdown,
  fitMarkdown,
  fitSections,
  renderLinesBlock,
  shrinkLinesBlock,
} from './fit-comment.js';
import {
  codeSpan,
  escapeHtml,
  fenceFor,
  inlineText,
  linkTarget,
  modelMarkdown,
} from './markdown.js';
import type { ProgressState, ToolCallState, ToolCallView } from './progress-state.js';
import { finalText, runUsage } from './progress-state.js';
import { WRITE_TODOS_TOOL_NAME } from '../tools/write-todos.js';
import type { EarlyEnd } from './early-end.js';
import { earlyEndHeader, earlyEndLine } from './early-end.js';
import type { Redact } from '../platform/redaction.js';
import { groupDigits } from '../platform/text.js';
import { costLine } from './cost-line.js';

export interface ReportLinks {
  /** The workflow run (or job) page: every comment links to it. */
  runUrl?: string;
  /**
   * The run's artifact (the whole answer, the transcript, an unpushed patch) once uploaded: the
   * footer links it, and every note where content was cut points to it.
   */
  artifactUrl?: string;
  /** More links for the footer, e.g. the bot branch or a pull request. */
  extra?: { label: string; url: string }[];
}

/**
 * A section trusted code rendered for the final report: Markdown, or a renderer given the
 * report's links when they are final (a cut patch points to the artifact uploaded after it).
 */
export type ResultSection = string | ((links: ReportLinks) => string);

export interface RenderOptions {
  redact: Redact;
  /** The login of who asked, named in the header. */
  actor?: string;
  /** Default `Gemini`. */
  botName?: string;
  /** An image (an animated spinner) shown while working; default an emoji. */
  spinnerImageUrl?: string;
  /** The most tool calls the progress comment lists (the latest); default 50. */
  maxToolCalls?: number;
  /**
   * Characters left free below GitHub's limit for what the comment updater adds to every body (a
   * re-run's line, the trigger's longer marker; see comment-updater.ts); default 0.
   */
  reserve?: number;
}

/**
 * A failure outside the session: `configuration` when something the user can fix kept the run
 * from starting (an input, a file, the workspace), `crash` for anything else.
 */
export type RunFailure = 'configuration' | 'crash';

/** How a run ended, as the caller knows it. */
export interface FinalOutcome {
  /**
   * Default: the session's end reason from the event stream; with neither, the run is reported
   * as a crash.
   */
  reason?: SessionEndReason | RunFailure;
  /** Explanation of a failure; default the session's message. Redacted before it is shown. */
  error?: string;
  /** Default: from the first to the final event. */
  durationMs?: number;
  /** The answer to show; default the model's last text. */
  summary?: string;
  /** The change left in the workspace: `git diff --stat` output and the unified diff. */
  diff?: { stat: string; patch: string };
  /**
   * What trusted code did with the result (the review posted, labels applied, the branch and
   * pull request): Markdown it rendered itself, shown after the summary.
   */
  results?: ResultSection[];
  /**
   * Set when the run ended before it finished (cancelled, timed out, stopped by a newer run, or
   * stopped unexpectedly): the header says so and when, instead of "finished" or "failed".
   */
  ending?: EarlyEnd;
}

const ICONS: Record<ToolCallState, string> = {
  pending: '⏳',
  running: '🔄',
  done: '✅',
  failed: '❌',
  denied: '🚫',
  cancelled: '⏹️',
};

const COMMENT_LIMIT_LABEL = `GitHub's ${groupDigits(GITHUB_COMMENT_LIMIT)}-character comment limit`;
const DESCRIPTION_MAX = 160;
const RESULT_MAX = 160;

/** The comment while the run goes on (and a plain end state if rendered after the end). */
export function renderProgressComment(
  state: ProgressState,
  links: ReportLinks,
  options: RenderOptions,
): string {
  const parts = [progressHeader(state, options), ...fallbackLine(state, options)];
  if (state.status === 'working' && state.thought !== undefined) {
    parts.push(`_💭 ${inlineText(options.redact(state.thought.subject), { maxLength: 120 })}_`);
  }
  if (state.todos.length > 0)
    parts.push(`**Todo**\n\n${todoLines(state.todos, options).join('\n')}`);
  if (state.toolCalls.length > 0) parts.push(toolCallList(state, options));
  parts.push(footer(links, []));
  return fitMarkdown(parts.join('\n\n'), {
    limit: GITHUB_COMMENT_LIMIT - (options.reserve ?? 0),
    note: cutNote('The comment was cut', links, COMMENT_LIMIT_LABEL),
  });
}

/** The final comment, cut to GitHub's limit: the diff shrinks first, then the transcript. */
export function renderFinalComment(
  state: ProgressState,
  outcome: FinalOutcome,
  links: ReportLinks,
  options: RenderOptions,
): string {
  return fitSections(finalSections(state, outcome, links, options), {
    limit: GITHUB_COMMENT_LIMIT - (options.reserve ?? 0),
    note: cutNote('The comment was cut', links, COMMENT_LIMIT_LABEL),
  });
}

/**
 * The final report's parts in order, each able to shrink (diff first, then the transcript, the
 * todo list, the summary); `limitLabel` names the limit in the notes left where text was cut.
 */
export function finalSections(
  state: ProgressState,
  outcome: FinalOutcome,
  links: ReportLinks,
  options: RenderOptions & { limitLabel?: string },
): FitSection[] {
  const { redact } = options;
  const limitLabel = options.limitLabel ?? COMMENT_LIMIT_LABEL;
  const reason = outcome.reason ?? state.endReason ?? 'crash';
  const elapsed = formatElapsed(outcome.durationMs ?? elapsedOf(state));
  const who = actorText(options.actor);
  const bot = options.botName ?? 'Gemini';
  const header =
    outcome.ending !== undefined
      ? `${earlyEndHeader(outcome.ending, { bot, task: who, elapsed })}\n\n${earlyEndLine(outcome.ending, links)}`
      : reason === 'completed'
        ? `**${bot} finished ${who} in ${elapsed}**`
        : `**${bot} failed ${who} after ${elapsed}**\n\n${failureLine(reason, outcome.error ?? state.endMessage, redact)}`;

  const sections: FitSection[] = [{ text: header }];
  for (const line of fallbackLine(state, options)) sections.push({ text: line });
  const summaryText = redact(outcome.summary ?? finalText(state)).trim();
  if (summaryText !== '') {
    const summary = modelMarkdown(summaryText);
    const note = cutNote('The answer was cut', links, limitLabel, 'answer.md');
    sections.push({
      text: summary,
      shrinkOrder: 4,
      shrink: (max, measure) =>
        measure(note) >= max ? note : cutMarkdown(summary, max, { measure, note }),
    });
  }
  for (const result of outcome.results ?? []) {
    sections.push({ text: typeof result === 'string' ? result : result(links) });
  }
  if (state.todos.length > 0) {
    const done = state.todos.filter((todo) => todo.status === 'completed').length;
    sections.push(
      linesSection(
        {
          before: `<details><summary>Todo list (${done}/${state.todos.length} done)</summary>\n\n`,
          lines: todoLines(state.todos, options),
          after: '\n\n</details>',
          note: (omitted) => cutNote(`${omitted} more todo items not shown`, links, limitLabel),
        },
        3,
      ),
    );
  }
  if (state.toolCalls.length > 0) {
    const listed = listedCalls(state.toolCalls);
    // Repeated housekeeping calls share one line ("(4 updates)"), so the count says both.
    const count =
      listed.length === state.toolCalls.length
        ? String(state.toolCalls.length)
        : `${state.toolCalls.length} calls in ${listed.length} lines`;
    sections.push(
      linesSection(
        {
          before: `<details><summary>Tool calls (${count})</summary>\n\n`,
          lines: listed.flatMap((call) => callLines(call, options, { final: true })),
          after: '\n\n</details>',
          note: (omitted) => cutNote(`${omitted} more tool calls not shown`, links, limitLabel),
        },
        2,
      ),
    );
  }
  const diff = outcome.diff;
  if (diff !== undefined && diff.patch.trim() !== '') {
    sections.push(linesSection(diffBlock(diff, links, limitLabel, redact), 1));
  }
  sections.push({
    text: [
      ...noticeLines(state, options),
      ...costLines(state, options),
      footer(links, [usageLine(state)]),
    ].join('\n'),
  });
  return sections;
}

/** The run's model notices, above the footer: each once, in the final comment and the summary. */
function noticeLines(state: ProgressState, options: RenderOptions): string[] {
  return (state.modelNotices ?? []).map(
    (notice) => `> ⚠️ ${inlineText(options.redact(notice), { maxLength: 500 })}\n`,
  );
}

/** The note that the run went on with the fallback model, when it did. */
function fallbackLine(state: ProgressState, options: RenderOptions): string[] {
  if (state.modelFallback === undefined) return [];
  return [`> ⚠️ ${inlineText(options.redact(state.modelFallback), { maxLength: 500 })}`];
}

/** `45s`, `2m 5s`, `1h 2m 3s`. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (hours > 0) return `${hours}h ${minutes}m ${seconds}s`;
  if (minutes > 0) return `${minutes}m ${seconds}s`;
  return `${seconds}s`;
}

/**
 * While the agent works, and after its session ended while the run publishes the result: the
 * final comment follows with the outcome and the time the whole run took, so no time is shown
 * here that the final comment would contradict.
 */
function progressHeader(state: ProgressState, options: RenderOptions): string {
  const bot = options.botName ?? 'Gemini';
  const who = actorText(options.actor);
  const spinner =
    options.spinnerImageUrl === undefined
      ? '⏳'
      : `<img src="${escapeHtml(options.spinnerImageUrl)}" width="14" height="14" alt="" />`;
  const doing = state.status === 'working' ? 'is working on' : 'is wrapping up';
  return `**${bot} ${doing} ${who}** ${spinner}`;
}

/** `@octocat's task`; a login that is not a plain GitHub login is shown as text. */
function actorText(actor: string | undefined): string {
  if (actor === undefined || actor === '') return 'the task';
  if (/^[a-z\d](?:[a-z\d-]*[a-z\d])?(?:\[bot\])?$/i.test(actor)) return `@${actor}'s task`;
  return `${inlineText(actor, { maxLength: 60 })}'s task`;
}

function elapsedOf(state: ProgressState): number {
  if (state.startedAt === undefined) return 0;
  return (state.endedAt ?? state.startedAt) - state.startedAt;
}

const FAILURES: Record<Exclude<SessionEndReason, 'completed'> | RunFailure, string> = {
  max_turns: 'Budget reached: the turn limit',
  max_tool_calls: 'Budget reached: the tool-call limit',
  timeout: 'Budget reached: the time limit',
  token_budget: 'Budget reached: the token budget',
  cost_budget: 'Budget reached: the cost cap',
  loop_detected: 'Stopped: the agent was repeating itself',
  cancelled: 'The run was cancelled',
  model_error: 'Model error',
  model_not_found: 'Model not found',
  model_blocked: "The model's response was blocked",
  auth_error: 'The model rejected the credentials',
  fatal_tool_error: 'A tool failed in a way the run cannot recover from',
  no_complete_task: 'The agent stopped without handing in its result',
  internal_error: 'The agent crashed',
  configuration: 'The run could not start',
  crash: 'The run crashed',
};

function failureLine(
  reason: Exclude<SessionEndReason, 'completed'> | RunFailure,
  error: string | undefined,
  redact: Redact,
): string {
  const detail =
    error === undefined || error.trim() === ''
      ? ''
      : `: ${inlineText(redact(error), { maxLength: 1000 })}`;
  return `> ❌ **${FAILURES[reason]}**${detail}`;
}

function todoLines(todos: readonly TodoItem[], options: RenderOptions): string[] {
  return todos.map((todo) => {
    const text = inlineText(options.redact(todo.description), { maxLength: 200 });
    switch (todo.status) {
      case 'completed':
        return `- [x] ${text}`;
      case 'in_progress':
        return `- [ ] **${text}** ← in progress`;
      case 'cancelled':
        return `- [ ] ~~${text}~~ (cancelled)`;
      case 'pending':
        return `- [ ] ${text}`;
    }
  });
}

function toolCallList(state: ProgressState, options: RenderOptions): string {
  const max = options.maxToolCalls ?? 50;
  const listed = listedCalls(state.toolCalls);
  const shown = listed.slice(-max);
  const hidden = listed.length - shown.length;
  const lines = shown.flatMap((call) => callLines(call, options, { final: false }));
  if (hidden > 0) lines.unshift(`- … ${hidden} earlier tool calls`);
  return `**Tool calls**\n\n${lines.join('\n')}`;
}

/**
 * Tools that only keep the agent's notes: each `write_todos` call replaces the todo list the
 * comment already shows, so a run's updates are one line, in the place of the first, showing the
 * latest. A refused or failed one keeps a line of its own: that is news.
 */
const HOUSEKEEPING_TOOLS: ReadonlySet<string> = new Set([WRITE_TODOS_TOOL_NAME]);

/** A line of the tool-call list: a call, or the latest of several housekeeping calls. */
interface ListedCall {
  call: ToolCallView;
  /** How many calls the line stands for. */
  count: number;
  /** Their time together. */
  durationMs?: number;
}

function listedCalls(calls: readonly ToolCallView[]): ListedCall[] {
  const listed: ListedCall[] = [];
  const folded = new Map<string, ListedCall>();
  for (const call of calls) {
    const foldable =
      HOUSEKEEPING_TOOLS.has(call.name) && call.state !== 'denied' && call.state !== 'failed';
    const line = foldable ? folded.get(call.name) : undefined;
    if (line === undefined) {
      const fresh: ListedCall = { call, count: 1 };
      if (call.durationMs !== undefined) fresh.durationMs = call.durationMs;
      listed.push(fresh);
      if (foldable) folded.set(call.name, fresh);
      continue;
    }
    line.call = call;
    line.count += 1;
    if (call.durationMs !== undefined) line.durationMs = (line.durationMs ?? 0) + call.durationMs;
  }
  return listed;
}

/** How many of a subagent's calls are listed under its call, the latest. */
const SUBAGENT_CALLS_SHOWN = { progress: 5, final: 20 };

/** A call's line, and for a subagent the lines of its own calls, indented under it. */
function callLines(listed: ListedCall, options: RenderOptions, how: { final: boolean }): string[] {
  const line = toolLine(listed, options, how);
  const subagent = listed.call.subagent;
  if (subagent === undefined) return [line];
  const nested = listedCalls(subagent.calls);
  const max = how.final ? SUBAGENT_CALLS_SHOWN.final : SUBAGENT_CALLS_SHOWN.progress;
  const shown = nested.slice(-max);
  const hidden = nested.length - shown.length;
  return [
    line,
    ...(hidden > 0 ? [`  - … ${hidden} earlier calls of ${subagent.name}`] : []),
    ...shown.map((inner) => `  ${toolLine(inner, options, how)}`),
  ];
}

/** One line per call: icon, tool, what it does, and how it went. */
function toolLine(listed: ListedCall, options: RenderOptions, how: { final: boolean }): string {
  const { call, count } = listed;
  const { redact } = options;
  const name = codeSpan(redact(call.name), { maxLength: 80 });
  const times = count > 1 ? ` (${count} updates)` : '';
  const description =
    call.description === undefined
      ? times
      : ` ${inlineText(redact(call.description), { maxLength: DESCRIPTION_MAX })}${times}`;
  let outcome = '';
  switch (call.state) {
    case 'denied': {
      const rule = call.decidedBy === undefined ? '' : ` (${codeSpan(redact(call.decidedBy))})`;
      const reason =
        call.denialReason === undefined
          ? ''
          : `: ${inlineText(redact(denialGist(call.denialReason)), { maxLength: RESULT_MAX })}`;
      outcome = ` — denied by policy${rule}${reason}`;
      break;
    }
    case 'running':
      outcome =
        call.liveOutput === undefined
          ? ` — running…${subagentProgress(call)}`
          : ` — running… ${codeSpan(redact(call.liveOutput), { maxLength: RESULT_MAX })}`;
      break;
    case 'cancelled':
      outcome = ` — cancelled${resultText(call, redact)}`;
      break;
    case 'failed':
    case 'done':
      outcome = call.result === undefined ? '' : ` —${resultText(call, redact)}`;
      break;
    case 'pending':
      break;
  }
  const time =
    how.final && listed.durationMs !== undefined ? ` · ${formatDuration(listed.durationMs)}` : '';
  return `- ${ICONS[call.state]} ${name}${description}${outcome}${time}`;
}

/** While a subagent works: its turn and what it has spent so far. */
function subagentProgress(call: ToolCallView): string {
  const subagent = call.subagent;
  if (subagent === undefined || subagent.turn === 0) return '';
  return ` turn ${subagent.turn} · ${groupDigits(subagent.usage.total_tokens)} tokens`;
}

function resultText(call: ToolCallView, redact: Redact): string {
  if (call.result === undefined) return '';
  return ` ${inlineText(redact(call.result), { maxLength: RESULT_MAX })}`;
}

/**
 * The part of a denial worth a line. A refusal of something that would have needed a person
 * starts with the same explanation every time; what follows "will not run:" is the policy's
 * own reason.
 */
function denialGist(reason: string): string {
  const match = /will not run: (.*?)(?: Do not retry it\..*)?$/s.exec(reason);
  return match?.[1] ?? reason;
}

function diffBlock(
  diff: { stat: string; patch: string },
  links: ReportLinks,
  limitLabel: string,
  redact: Redact,
): LinesBlock {
  const patch = redact(diff.patch).replace(/\r\n?/g, '\n').replace(/\n+$/, '');
  const stat = redact(diff.stat).replace(/\r\n?/g, '\n').trimEnd();
  const statLines = stat.split('\n');
  const label = statLines.at(-1)?.trim() ?? '';
  const fence = fenceFor(`${stat}\n${patch}`);
  const statBlock = stat === '' ? '' : `${fence}\n${stat}\n${fence}\n\n`;
  return {
    before: `<details><summary>Changes${label === '' ? '' : `: ${escapeHtml(label)}`}</summary>\n\n${statBlock}${fence}diff\n`,
    lines: patch.split('\n'),
    after: `\n${fence}\n\n</details>`,
    note: (omitted) => cutNote(`${omitted} more diff lines not shown`, links, limitLabel),
  };
}

function linesSection(block: LinesBlock, shrinkOrder: number): FitSection {
  return {
    text: renderLinesBlock(block),
    shrinkOrder,
    shrink: (max: number, measure: Measure) => shrinkLinesBlock(block, max, measure),
  };
}

function usageLine(state: ProgressState): string {
  const usage = runUsage(state);
  const bySubagents = usage.total_tokens - state.usage.total_tokens;
  const subagents = bySubagents > 0 ? ` (${groupDigits(bySubagents)} by subagents)` : '';
  return `**Tokens:** ${groupDigits(usage.input_tokens)} input · ${groupDigits(usage.output_tokens)} output · ${groupDigits(usage.total_tokens)} total${subagents} · **Tool calls:** ${state.toolCalls.length}`;
}

/** The run's cost per model, its own paragraph above the footer (cost-line.ts). */
function costLines(state: ProgressState, options: RenderOptions): string[] {
  const line = costLine(state.cost);
  return line === undefined ? [] : [`${options.redact(line)}\n`];
}

function footer(links: ReportLinks, leading: string[]): string {
  const items = [...leading];
  if (links.runUrl !== undefined) items.push(`[View job run](${linkTarget(links.runUrl)})`);
  if (links.artifactUrl !== undefined) {
    items.push(`[Full answer and transcript](${linkTarget(links.artifactUrl)})`);
  }
  for (const link of links.extra ?? []) {
    items.push(`[${inlineText(link.label, { maxLength: 80 })}](${linkTarget(link.url)})`);
  }
  // The marker tells later events this is the Action's own comment, whatever account posted it.
  return `${items.join(' · ')}\n${ownMarker('progress')}`;
}

/**
 * Where to find what was left out: the run's artifact (`file` in it, when one file holds it) and
 * the job run, whose summary has room for much more than a comment.
 */
export function cutNote(
  what: string,
  links: ReportLinks,
  limitLabel: string,
  file?: string,
): string {
  const where: string[] = [];
  if (links.artifactUrl !== undefined) {
    const inFile = file === undefined ? '' : `${codeSpan(file)} in `;
    where.push(`${inFile}the [run's artifact](${linkTarget(links.artifactUrl)})`);
  }
  if (links.runUrl !== undefined) where.push(`the [job run](${linkTarget(links.runUrl)})`);
  const pointer = where.length === 0 ? '' : ` The full record is in ${where.join(' and ')}.`;
  return `> ✂️ ${what} to fit ${limitLabel}.${pointer}`;
}
