// The signals of event streams no fake model produces easily: compression, loops, the fallback
// model, a session that never ends, two sessions in one run. Written to telemetry.outfile and read
// back with the same readers as the receivers.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AgentEvent, AgentEventListener } from '../../src/agent/events.js';
import { createRedactor } from '../../src/platform/redaction.js';
import { createOtelTelemetry } from '../../src/telemetry/otel/otel-telemetry.js';
import type { Telemetry, TelemetryRun } from '../../src/telemetry/telemetry.js';
import type { OtlpBody, OtlpRequest } from '../support/otlp-signals.js';
import { latestPoints, logRecords, metricPoints, spans } from '../support/otlp-signals.js';
import { tempRepo } from '../support/temp-repo.js';

const RUN: TelemetryRun = {
  version: '9.9.9',
  sessionId: 'session-1',
  authType: 'vertex-ai',
  model: 'gemini-2.5-pro',
  mode: 'maintenance',
  outputFormat: 'github',
  debug: false,
  sandboxEnabled: true,
  mcpServers: ['github', 'docs'],
  coreTools: ['read_file'],
  github: {
    repository: 'octo-org/widgets',
    workflow: 'Agents',
    runId: '77',
    eventName: 'issues',
    issueNumber: 12,
  },
};

async function startFileTelemetry(warnings: string[] = []) {
  const file = path.join(await tempRepo(), 'signals.jsonl');
  const telemetry = await createOtelTelemetry({
    config: {
      destination: { kind: 'file', path: file },
      logPrompts: false,
      exportTimeoutMs: 1000,
      resourceAttributes: {},
    },
    run: RUN,
    redact: createRedactor({ secrets: ['hunter2-secret-value'] }).redact,
    warn: (message) => warnings.push(message),
  });
  const read = async (): Promise<OtlpRequest[]> =>
    (await readFile(file, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((line) => ({
        signal: 'logs',
        headers: {},
        raw: Buffer.from(line),
        body: JSON.parse(line) as OtlpBody,
      }));
  return { telemetry, read };
}

type EventBody = AgentEvent extends infer E
  ? E extends AgentEvent
    ? Omit<E, 'session_id' | 'timestamp' | 'turn'>
    : never
  : never;

/** Feeds events the way a session emits them, a second apart. */
function feeder(telemetry: Telemetry, prompt: string, start = Date.parse('2026-01-01T00:00:00Z')) {
  const listener: AgentEventListener = telemetry.observeSession(prompt);
  let clock = start;
  let turn = 0;
  return {
    setTurn(value: number) {
      turn = value;
    },
    send(event: EventBody) {
      clock += 1000;
      listener({
        session_id: 'session-1',
        timestamp: new Date(clock).toISOString(),
        turn,
        ...event,
      });
    },
  };
}

const submitted = {
  kind: 'state_change',
  state: 'submitted',
  final: false,
  model: 'gemini-2.5-pro',
} as const;

describe('session signals', () => {
  it('logs the configuration with the GitHub fields the Gemini CLI documents', async () => {
    const { telemetry, read } = await startFileTelemetry();
    await telemetry.shutdown();

    const [config] = logRecords(await read());
    expect(config?.eventName).toBe('gemini_cli.config');
    expect(config?.attributes).toMatchObject({
      model: 'gemini-2.5-pro',
      mcp_servers: 'github,docs',
      mcp_servers_count: 2,
      core_tools_enabled: 'read_file',
      output_format: 'github',
      vertex_ai_enabled: true,
      auth_type: 'vertex-ai',
      github_workflow_name: 'Agents',
      github_event_name: 'issues',
      github_issue_number: '12',
      github_repository_hash: createHash('sha256').update('octo-org/widgets').digest('hex'),
    });
    expect(config?.resource).toMatchObject({
      'service.version': '9.9.9',
      'github.issue.number': 12,
      'gemini_agent.mode': 'maintenance',
    });
  });

  it('logs compression, loops and the fallback model, without what their messages say', async () => {
    const { telemetry, read } = await startFileTelemetry();
    const session = feeder(telemetry, 'fix it');
    session.send(submitted);
    session.setTurn(3);
    session.send({ kind: 'chat_compressed', tokens_before: 90_000, tokens_after_estimate: 20_000 });
    session.send({ kind: 'warning', code: 'loop_detected', message: 'Possible loop' });
    session.send({
      kind: 'warning',
      code: 'model_fallback',
      message: 'Went on with gemini-2.5-flash: quota hunter2-secret-value',
    });
    session.send({
      kind: 'state_change',
      state: 'failed',
      final: true,
      model: 'gemini-2.5-flash',
      reason: 'loop_detected',
      message: 'Stopped: the model kept repeating itself',
    });
    await telemetry.shutdown();

    const requests = await read();
    const logs = logRecords(requests);
    expect(
      logs.find((r) => r.eventName === 'gemini_cli.chat_compression')?.attributes,
    ).toMatchObject({ tokens_before: 90_000, tokens_after: 20_000 });
    expect(
      logs.filter((r) => r.eventName === 'loop_detected').map((r) => r.attributes.count),
    ).toEqual([1, 2]);
    const fallback = logs.find((r) => r.eventName === 'gemini_cli.flash_fallback');
    // The messages are the session's (the fallback's names a server's reason): their codes only.
    expect(fallback?.body).toBe('The session went on with the fallback model.');
    const root = spans(requests).find((span) => span.name === 'user_prompt');
    expect(root?.status).toMatchObject({ code: 2, message: 'loop_detected' });
    const exported = requests.map((request) => request.raw.toString('utf8')).join('\n');
    expect(exported).not.toContain('quota');
    expect(exported).not.toContain('kept repeating');
    expect(
      latestPoints(metricPoints(requests)).find((p) => p.name === 'gemini_cli.chat_compression')
        ?.value,
    ).toBe(1);
  });

  it('ends the spans of a session that never finished when telemetry shuts down', async () => {
    const { telemetry, read } = await startFileTelemetry();
    const session = feeder(telemetry, 'crash');
    session.send(submitted);
    session.setTurn(1);
    session.send({
      kind: 'tool_call_update',
      tool_call: {
        tool_call_id: 't1',
        status: 'EXECUTING',
        phase: 'executing',
        tool_name: 'run_shell_command',
        input_parameters: { command: 'npm test' },
      },
    });
    await telemetry.shutdown();

    const all = spans(await read());
    expect(all.map((span) => [span.name, span.status?.code])).toEqual(
      expect.arrayContaining([
        ['tool_call', 2],
        ['user_prompt', 2],
      ]),
    );
  });

  it('gives each session of a run its own trace', async () => {
    const { telemetry, read } = await startFileTelemetry();
    for (const prompt of ['review', 'summarise']) {
      const session = feeder(telemetry, prompt);
      session.send(submitted);
      session.send({
        kind: 'state_change',
        state: 'completed',
        final: true,
        model: 'm',
        reason: 'completed',
      });
    }
    await telemetry.shutdown();

    const roots = spans(await read()).filter((span) => span.name === 'user_prompt');
    expect(roots).toHaveLength(2);
    expect(new Set(roots.map((span) => span.traceId)).size).toBe(2);
    const prompts = logRecords(await read()).filter(
      (r) => r.eventName === 'gemini_cli.user_prompt',
    );
    expect(prompts.map((r) => r.attributes.prompt_length)).toEqual([6, 9]);
  });

  it('puts each response’s estimated cost on api_response and its span, under our own names, and counts the known ones', async () => {
    const { telemetry, read } = await startFileTelemetry();
    const session = feeder(telemetry, 'fix it');
    session.send(submitted);
    const usage = {
      input_tokens: 10_000,
      output_tokens: 1_000,
      cached_tokens: 0,
      thoughts_tokens: 0,
      tool_use_prompt_tokens: 0,
      total_tokens: 11_000,
    };
    const call = (
      model: string,
      cost: Extract<AgentEvent, { kind: 'model_call' }>['call']['cost'],
    ) => {
      session.send({
        kind: 'model_call',
        call: {
          model,
          prompt_id: 'session-1########1',
          started_at: '2026-01-01T00:00:01.000Z',
          duration_ms: 5,
          finish_reasons: ['STOP'],
          usage,
          ...(cost === undefined ? {} : { cost }),
        },
      });
    };
    call('gemini-4-argon', { model: 'gemini-4-argon', usd: 0.06 });
    call('gemini-4-argon', { model: 'gemini-4-argon', usd: 0.02 });
    call('gemini-4-hydrogen', {
      model: 'gemini-4-hydrogen',
      usd: null,
      unknown: 'gemini-4-hydrogen has no list price in the model table',
    });
    await telemetry.shutdown();

    const requests = await read();
    const responses = logRecords(requests).filter((r) => r.eventName === 'gemini_cli.api_response');
    expect(responses.map((r) => r.attributes['gemini_agent.cost.usd'])).toEqual([
      0.06,
      0.02,
      undefined,
    ]);
    expect(responses[2]?.attributes).toMatchObject({
      'gemini_agent.cost.priced_model': 'gemini-4-hydrogen',
      'gemini_agent.cost.unknown': true,
    });
    const llm = spans(requests).filter((span) => span.name === 'llm_call');
    expect(llm[0]?.attributes).toMatchObject({ 'gemini_agent.cost.usd': 0.06 });
    const counted = latestPoints(metricPoints(requests)).filter(
      (p) => p.name === 'gemini_agent.cost.usage',
    );
    expect(counted.map((p) => [p.attributes.model, p.unit, p.value])).toEqual([
      ['gemini-4-argon', 'USD', 0.08],
    ]);
  });
});
