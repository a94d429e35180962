import { describe, expect, it } from 'vitest';
import { utf8Bytes } from '../../src/report/fit-comment.js';
import {
  JOB_SUMMARY_LIMIT,
  renderJobSummary,
  renderSkippedJobSummary,
  writeJobSummary,
} from '../../src/report/job-summary.js';
import { renderFinalComment, renderProgressComment } from '../../src/report/progress-comment.js';
import { progressFromEvents } from '../../src/report/progress-state.js';
import { eventLog, redactor, structureProblems } from './agent-events.js';

const RUN = 'https://github.example.com/o/r/actions/runs/7';

function run() {
  const log = eventLog();
  log.started();
  log.nextTurn();
  log.call('c1', 'read_file', { status: 'SUCCEEDED', phase: 'successful', description: 'a.ts' });
  log.usage(10, 5);
  log.text('Answer with token s3cr3t for @bob.');
  log.advance(90_000);
  log.ended('failed', 'timeout', 'Stopped after 1m 30s (timeout).');
  return progressFromEvents(log.events);
}

describe('the job summary', () => {
  it('says when the run went on with the fallback model, as the comments do', () => {
    const log = eventLog();
    log.started('gemini-9-ultra');
    log.nextTurn();
    const notice =
      'The model gemini-9-ultra was not found (HTTP 404 NOT_FOUND); continuing with the fallback model gemini-3.8-flash (flash) (set by the fallback_model input).';
    log.warning('model_fallback', notice);
    log.warning('model_retry', 'Model request failed (overloaded); retry 1/10 in 5 s.');
    const working = progressFromEvents(log.events);
    log.text('Done.');
    log.ended('completed', 'completed');
    const ended = progressFromEvents(log.events);
    const options = { redact: redactor(), actor: 'alice' };
    // Markdown-escaped, as all text in the reports is.
    const line = `> ⚠️ ${notice.replace(/_/g, '\\_')}`;

    expect(renderProgressComment(working, { runUrl: RUN }, options)).toContain(line);
    expect(renderFinalComment(ended, {}, { runUrl: RUN }, options)).toContain(line);
    const summary = renderJobSummary(ended, {}, { runUrl: RUN }, options);
    expect(summary).toContain(line);
    // Other warnings stay out of the reports (the log has them).
    expect(summary).not.toContain('retry 1/10');
  });

  it('tells the same story as the final comment under a heading', () => {
    const summary = renderJobSummary(
      run(),
      {},
      { runUrl: RUN },
      { redact: redactor('s3cr3t'), actor: 'alice' },
    );
    const lines = summary.split('\n');
    expect(lines[0]).toBe('## Gemini agent');
    expect(summary).toContain("**Gemini failed @alice's task after 1m 30s**");
    expect(summary).toContain(
      '> ❌ **Budget reached: the time limit**: Stopped after 1m 30s (timeout).',
    );
    expect(summary).toContain('Answer with token *** for @\u200Bbob.');
    expect(summary).toContain('<details><summary>Tool calls (1)</summary>');
    expect(lines.at(-2)).toBe(
      `**Tokens:** 10 input · 5 output · 15 total · **Tool calls:** 1 · [View job run](${RUN})`,
    );
  });

  it('fits 1 MiB counted in bytes, cutting the diff with a note', () => {
    const patch = Array.from({ length: 60_000 }, (_, i) => `+ligne ${i} ${'é'.repeat(20)}`).join(
      '\n',
    );
    const summary = renderJobSummary(
      run(),
      { diff: { stat: ' 1 file changed', patch } },
      { runUrl: RUN },
      { redact: (t) => t },
    );
    expect(utf8Bytes(summary)).toBeLessThanOrEqual(JOB_SUMMARY_LIMIT);
    expect(structureProblems(summary)).toEqual([]);
    expect(summary).toMatch(
      /> ✂️ \d+ more diff lines not shown to fit the job summary's 1 MiB limit\./,
    );
  });

  it('has one line for a skipped run', () => {
    expect(
      renderSkippedJobSummary('@mallory has read permission; write is needed.', {
        redact: (t) => t,
      }),
    ).toBe('⏭️ Skipped: @\u200Bmallory has read permission; write is needed.');
  });

  it('is written through the summary writer', async () => {
    const written: string[] = [];
    let flushed = 0;
    await writeJobSummary(
      {
        addRaw(text: string) {
          written.push(text);
        },
        write() {
          flushed++;
          return Promise.resolve();
        },
      },
      '## Hello',
    );
    expect(written).toEqual(['## Hello']);
    expect(flushed).toBe(1);
  });
});
