/**
 * `--output-format json`: one object at the end, `{session_id, response, stats}` like the Gemini
 * CLI's, except that `response` holds all the model's text of the session, not only the last
 * turn's (text written before a tool call is part of the answer too). Written with every
 * character a terminal acts on escaped (`inertJson`), so the JSON can be printed as it is.
 */
import type { SessionStatsCollector } from '../../report/session-stats.js';
import type { TextSink } from '../../platform/logger.js';
import { neutralSink } from '../../platform/logger.js';
import { inertJson } from '../../platform/text.js';
import type { CliOutput, SessionOutcome } from './types.js';

export function createJsonOutput(options: {
  stdout: TextSink;
  /** Warnings (a model being shut down, a fallback) go here, as in text output: stdout is JSON. */
  stderr: TextSink;
  stats: SessionStatsCollector;
}): CliOutput {
  const { stdout, stats } = options;
  // Warnings hold text from the API (a model's status message): no control character of it
  // reaches the terminal.
  const stderr = neutralSink(options.stderr);
  return {
    listener: (event) => {
      if (event.kind === 'warning') stderr.write(`warning: ${event.message}\n`);
    },
    finish(outcome: SessionOutcome) {
      const output = {
        session_id: outcome.sessionId,
        response: outcome.response,
        stats: stats.metrics(),
        ...(outcome.reason === 'completed'
          ? {}
          : {
              error: {
                type: outcome.reason,
                message: outcome.error ?? outcome.reason,
                code: outcome.exitCode,
              },
            }),
      };
      stdout.write(`${inertJson(output, 2)}\n`);
    },
    failBeforeStart(error) {
      stdout.write(`${inertJson({ error }, 2)}\n`);
    },
  };
}
