/**
 * The run mode of a trigger: what the event implies (`mode: auto`), or what the workflow's `mode`
 * input asks for where that makes sense.
 *
 * | event                                    | auto                              | explicit input                          |
 * | ---------------------------------------- | --------------------------------- | --------------------------------------- |
 * | issue_comment, pull_request_review(_comment) | the command: `/gemini review` → review (on a PR; on an issue it is a plain instruction → invoke), `/gemini triage` → triage, other text → invoke | any mode; review on an issue is skipped (nothing to review) |
 * | pull_request                             | review                            | review, triage, invoke; not maintenance |
 * | pull_request_target                      | review                            | review, triage only (never invoke or maintenance) |
 * | issues opened / labeled                  | triage                            | triage, invoke; review skipped; not maintenance |
 * | issues assigned                          | invoke (assigning asks for work)  | any mode; review skipped                |
 * | schedule, workflow_dispatch, repository_dispatch, push | maintenance         | maintenance, invoke, triage; not review |
 *
 * Impossible combinations are configuration errors naming the `mode` input, so the workflow
 * author sees them on the first run instead of a silent skip. The one quiet case is `review` on
 * an issue: a workflow listening to `issue_comment` with `mode: review` naturally meets comments
 * on plain issues too, and skipping them is what its author wants.
 */
import { ConfigurationError } from '../platform/errors.js';
import type { Command } from './command.js';
import type { RunMode } from '../platform/run-mode.js';
import { RUN_MODES } from '../platform/run-mode.js';

export type ModeInput = 'auto' | RunMode;
export const MODE_INPUTS: readonly ModeInput[] = ['auto', ...RUN_MODES];

/** The events a run can start from. */
export const TRIGGER_EVENT_NAMES = [
  'issue_comment',
  'pull_request_review_comment',
  'pull_request_review',
  'pull_request',
  'pull_request_target',
  'issues',
  'schedule',
  'workflow_dispatch',
  'repository_dispatch',
  'push',
] as const;
export type TriggerEventName = (typeof TRIGGER_EVENT_NAMES)[number];

export function isTriggerEventName(name: string): name is TriggerEventName {
  return (TRIGGER_EVENT_NAMES as readonly string[]).includes(name);
}

/** What a run is about: one issue, one pull request, or the repository as a whole. */
export type TriggerScope = 'issue' | 'pull_request' | 'repository';

/** What the mode depends on; every `Trigger` is one. */
export interface ModeSubject {
  kind: TriggerEventName;
  action: string | undefined;
  scope: TriggerScope;
  /** The `/gemini` command, for comment- and review-triggered runs. */
  command?: Command | undefined;
}

/** Where the mode came from: the event, the `/gemini` command, or the `mode` input. */
export type ModeSource = 'event' | 'command' | 'input';

export type ModeChoice = { mode: RunMode; source: ModeSource } | { mode: null; reason: string };

const COMMAND_EVENTS: ReadonlySet<TriggerEventName> = new Set([
  'issue_comment',
  'pull_request_review_comment',
  'pull_request_review',
]);

const REPOSITORY_EVENTS: ReadonlySet<TriggerEventName> = new Set([
  'schedule',
  'workflow_dispatch',
  'repository_dispatch',
  'push',
]);

export function isCommandEvent(kind: TriggerEventName): boolean {
  return COMMAND_EVENTS.has(kind);
}

export function isModeInput(value: string): value is ModeInput {
  return (MODE_INPUTS as readonly string[]).includes(value);
}

/** The mode of `subject` under the `mode` input (see the table in the module comment). */
export function chooseMode(subject: ModeSubject, modeInput: ModeInput): ModeChoice {
  return modeInput === 'auto' ? autoMode(subject) : explicitMode(subject, modeInput);
}

function autoMode(subject: ModeSubject): ModeChoice {
  if (isCommandEvent(subject.kind)) {
    const kind = subject.command?.kind ?? 'invoke';
    // There is nothing to review on an issue; the words are then a plain instruction.
    if (kind === 'review' && subject.scope !== 'pull_request') {
      return { mode: 'invoke', source: 'command' };
    }
    return { mode: kind, source: 'command' };
  }
  if (subject.kind === 'pull_request' || subject.kind === 'pull_request_target') {
    return { mode: 'review', source: 'event' };
  }
  if (subject.kind === 'issues') {
    return { mode: subject.action === 'assigned' ? 'invoke' : 'triage', source: 'event' };
  }
  return { mode: 'maintenance', source: 'event' };
}

function explicitMode(subject: ModeSubject, mode: RunMode): ModeChoice {
  const event = describeEvent(subject);
  if (subject.kind === 'pull_request_target' && (mode === 'invoke' || mode === 'maintenance')) {
    throw new ConfigurationError(
      `mode "${mode}" cannot run on pull_request_target: that event has the base repository's ` +
        `secrets and write token while the pull request's code is untrusted, so only "review" ` +
        `and "triage" are allowed there (or "auto", which reviews).`,
      { input: 'mode' },
    );
  }
  if (mode === 'review') {
    if (subject.scope === 'pull_request') return { mode, source: 'input' };
    if (subject.scope === 'issue') {
      return {
        mode: null,
        reason: `mode "review" needs a pull request, and ${event} is on an issue`,
      };
    }
    throw new ConfigurationError(
      `mode "review" needs a pull request, and ${event} has none; expected "auto", ` +
        `"maintenance", "triage" or "invoke" for this event.`,
      { input: 'mode' },
    );
  }
  if (mode === 'maintenance' && !allowsMaintenance(subject)) {
    throw new ConfigurationError(
      `mode "maintenance" cannot run on ${event}: anyone who can open an issue or pull request ` +
        `would start it. Use it with schedule, workflow_dispatch, repository_dispatch, push, an ` +
        `issue assignment or a /gemini command.`,
      { input: 'mode' },
    );
  }
  return { mode, source: 'input' };
}

function allowsMaintenance(subject: ModeSubject): boolean {
  return (
    REPOSITORY_EVENTS.has(subject.kind) ||
    isCommandEvent(subject.kind) ||
    (subject.kind === 'issues' && subject.action === 'assigned')
  );
}

function describeEvent(subject: ModeSubject): string {
  return subject.action
    ? `the ${subject.kind} (${subject.action}) event`
    : `the ${subject.kind} event`;
}
