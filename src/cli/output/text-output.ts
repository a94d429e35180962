/**
 * `--output-format text`: the model's words on stdout as they arrive; one short line per tool call
 * and every warning on stderr, so `> answer.md` captures only the answer. On a terminal a live
 * status line (see status-line.ts) sits below those lines.
 *
 * Everything here is text from the model, tools or manifests: both streams are neutral sinks
 * (logger.ts), so no control character of theirs reaches the terminal or the file.
 */
import type { AgentEvent, ToolCallData } from '../../agent/events.js';
import type { TerminalProgress } from './status-line.js';
import type { TextSink } from '../../platform/logger.js';
import { neutralSink } from '../../platform/logger.js';
import type { CliOutput, SessionOutcome } from './types.js';

export function createTextOutput(options: {
  stdout: TextSink;
  stderr: TextSink;
  /** A live status line; final lines are then printed above it. */
  progress?: TerminalProgress;
  /**
   * Whether stdout and stderr show on one terminal (default: both are TTYs). A line on stderr
   * then starts on a line of its own, not after the model's unfinished sentence on stdout.
   */
  sharedTerminal?: boolean;
}): CliOutput {
  const { progress } = options;
  const [plainOut, plainErr] = [neutralSink(options.stdout), neutralSink(options.stderr)];
  const stdout = progress ? progress.above(plainOut) : plainOut;
  const stderr = progress ? progress.above(plainErr) : plainErr;
  let endsWithNewline = true;
  let lastTextTurn: number | undefined;
  const sharedTerminal =
    options.sharedTerminal ?? (isTerminal(options.stdout) && isTerminal(options.stderr));
  /** A line for stderr, after ending the model's line on the terminal they share. */
  const errLine = (text: string) => {
    if (sharedTerminal && !endsWithNewline) {
      stdout.write('\n');
      endsWithNewline = true;
    }
    stderr.write(text);
  };

  const toolLine = (call: ToolCallData): string | undefined => {
    const what = `${call.tool_name}${call.description ? `: ${call.description}` : ''}`;
    switch (call.status) {
      case 'SUCCEEDED':
        return `✓ ${what}`;
      case 'FAILED':
        return `✗ ${what} — ${firstLine(call.error?.message ?? 'failed')}`;
      case 'CANCELLED':
        return `- ${what} (cancelled)`;
      default:
        return undefined;
    }
  };

  const listener = (event: AgentEvent) => {
    // The status line learns of the event first, so the one drawn below a final line is current.
    progress?.listener(event);
    if (event.kind === 'text_content') {
      // Text from a later turn is a new paragraph, not a continuation of the last sentence.
      if (lastTextTurn !== undefined && event.turn !== lastTextTurn) {
        stdout.write(endsWithNewline ? '\n' : '\n\n');
      }
      stdout.write(event.text);
      lastTextTurn = event.turn;
      endsWithNewline = event.text.endsWith('\n');
    } else if (event.kind === 'tool_call_update') {
      const text = toolLine(event.tool_call);
      if (text) errLine(`${text}\n`);
    } else if (event.kind === 'subagent_event' && event.event.kind === 'tool_call_update') {
      // A subagent's finished calls, indented under the call that runs it.
      const text = toolLine(event.event.tool_call);
      if (text) errLine(`  ${event.agent_name}: ${text}\n`);
    } else if (event.kind === 'warning') {
      errLine(`warning: ${event.message}\n`);
    }
  };

  return {
    listener,
    finish(outcome: SessionOutcome) {
      progress?.stop();
      if (lastTextTurn !== undefined && !endsWithNewline) stdout.write('\n');
      if (outcome.reason !== 'completed') {
        stderr.write(`error: ${outcome.error ?? outcome.reason}\n`);
      }
    },
    failBeforeStart(error) {
      progress?.stop();
      stderr.write(`error: ${error.message}\n`);
    },
  };
}

function isTerminal(sink: TextSink): boolean {
  return 'isTTY' in sink && sink.isTTY === true;
}

function firstLine(text: string): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}
