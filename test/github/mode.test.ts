import { describe, expect, it } from 'vitest';
import type { CommandKind } from '../../src/github/command.js';
import type { ModeInput, ModeSubject, TriggerEventName } from '../../src/github/mode.js';
import { chooseMode, isModeInput, MODE_INPUTS } from '../../src/github/mode.js';
import { ConfigurationError } from '../../src/platform/errors.js';

function subject(
  kind: TriggerEventName,
  options: { action?: string; scope?: ModeSubject['scope']; command?: CommandKind } = {},
): ModeSubject {
  const scope =
    options.scope ??
    (kind === 'issues'
      ? 'issue'
      : kind.startsWith('pull_request')
        ? 'pull_request'
        : kind === 'issue_comment'
          ? 'issue'
          : 'repository');
  return {
    kind,
    action: options.action,
    scope,
    command: options.command
      ? { kind: options.command, instruction: '', text: '', index: 0 }
      : undefined,
  };
}

describe('chooseMode with mode: auto', () => {
  it.each<[string, ModeSubject, string]>([
    [
      '/gemini review on a PR',
      subject('issue_comment', { scope: 'pull_request', command: 'review' }),
      'review',
    ],
    ['/gemini triage on an issue', subject('issue_comment', { command: 'triage' }), 'triage'],
    ['/gemini <text> on an issue', subject('issue_comment', { command: 'invoke' }), 'invoke'],
    [
      '/gemini review on an issue (nothing to review)',
      subject('issue_comment', { command: 'review' }),
      'invoke',
    ],
    [
      '/gemini review in a review thread',
      subject('pull_request_review_comment', { command: 'review' }),
      'review',
    ],
    [
      '/gemini <text> in a review body',
      subject('pull_request_review', { command: 'invoke' }),
      'invoke',
    ],
    ['pull_request opened', subject('pull_request', { action: 'opened' }), 'review'],
    [
      'pull_request_target synchronize',
      subject('pull_request_target', { action: 'synchronize' }),
      'review',
    ],
    ['issues opened', subject('issues', { action: 'opened' }), 'triage'],
    ['issues labeled', subject('issues', { action: 'labeled' }), 'triage'],
    ['issues assigned (asks for work)', subject('issues', { action: 'assigned' }), 'invoke'],
    ['schedule', subject('schedule'), 'maintenance'],
    ['workflow_dispatch', subject('workflow_dispatch'), 'maintenance'],
    ['repository_dispatch', subject('repository_dispatch', { action: 'nightly' }), 'maintenance'],
    ['push', subject('push'), 'maintenance'],
  ])('%s → %s', (_name, input, mode) => {
    expect(chooseMode(input, 'auto')).toMatchObject({ mode });
  });

  it('says whether the mode came from the command or the event', () => {
    expect(chooseMode(subject('issue_comment', { command: 'triage' }), 'auto')).toEqual({
      mode: 'triage',
      source: 'command',
    });
    expect(chooseMode(subject('pull_request', { action: 'opened' }), 'auto')).toEqual({
      mode: 'review',
      source: 'event',
    });
  });
});

describe('chooseMode with an explicit mode input', () => {
  it('overrides the command where it makes sense', () => {
    const prComment = subject('issue_comment', { scope: 'pull_request', command: 'invoke' });
    expect(chooseMode(prComment, 'review')).toEqual({ mode: 'review', source: 'input' });
    expect(chooseMode(prComment, 'triage')).toEqual({ mode: 'triage', source: 'input' });
    expect(chooseMode(subject('issue_comment', { command: 'review' }), 'invoke')).toEqual({
      mode: 'invoke',
      source: 'input',
    });
    expect(chooseMode(subject('issue_comment', { command: 'invoke' }), 'maintenance')).toEqual({
      mode: 'maintenance',
      source: 'input',
    });
  });

  it('skips review on an issue quietly: a review-only workflow meets plain issues too', () => {
    expect(chooseMode(subject('issue_comment', { command: 'invoke' }), 'review')).toEqual({
      mode: null,
      reason: 'mode "review" needs a pull request, and the issue_comment event is on an issue',
    });
    expect(chooseMode(subject('issues', { action: 'opened' }), 'review')).toMatchObject({
      mode: null,
    });
  });

  it('never runs invoke or maintenance on pull_request_target', () => {
    const target = subject('pull_request_target', { action: 'opened' });
    for (const mode of ['invoke', 'maintenance'] as const) {
      const error = catchError(() => chooseMode(target, mode));
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error.message).toMatch(/^mode: mode "\w+" cannot run on pull_request_target/);
    }
    expect(chooseMode(target, 'review')).toEqual({ mode: 'review', source: 'input' });
    expect(chooseMode(target, 'triage')).toEqual({ mode: 'triage', source: 'input' });
  });

  it('refuses review where there is no pull request at all', () => {
    for (const kind of ['schedule', 'workflow_dispatch', 'repository_dispatch', 'push'] as const) {
      expect(() => chooseMode(subject(kind), 'review')).toThrow(
        /^mode: mode "review" needs a pull request, and the \w+ event has none/,
      );
    }
  });

  it('refuses maintenance on events anyone can cause', () => {
    expect(() => chooseMode(subject('pull_request', { action: 'opened' }), 'maintenance')).toThrow(
      /cannot run on the pull_request \(opened\) event/,
    );
    expect(() => chooseMode(subject('issues', { action: 'opened' }), 'maintenance')).toThrow(
      ConfigurationError,
    );
    expect(chooseMode(subject('issues', { action: 'assigned' }), 'maintenance')).toMatchObject({
      mode: 'maintenance',
    });
  });

  it('allows invoke and triage on repository-wide events (a scheduled triage, a task)', () => {
    for (const mode of ['invoke', 'triage', 'maintenance'] as const) {
      expect(chooseMode(subject('schedule'), mode)).toEqual({ mode, source: 'input' });
    }
    expect(chooseMode(subject('pull_request', { action: 'opened' }), 'invoke')).toEqual({
      mode: 'invoke',
      source: 'input',
    });
  });
});

describe('mode inputs', () => {
  it('accepts auto and every run mode, nothing else', () => {
    expect(MODE_INPUTS).toEqual(['auto', 'invoke', 'review', 'triage', 'maintenance']);
    expect(MODE_INPUTS.every((value) => isModeInput(value))).toBe(true);
    expect(isModeInput('Review')).toBe(false);
    expect(isModeInput('')).toBe(false);
    const typed: ModeInput = 'auto';
    expect(isModeInput(typed)).toBe(true);
  });
});

function catchError(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    if (error instanceof Error) return error;
  }
  throw new Error('expected an error');
}
