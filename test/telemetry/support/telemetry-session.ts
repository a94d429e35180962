// One CLI session with telemetry on, shared by the in-process and the bundle tests: a model that is
// rate-limited once, then reads a file, fails to read a missing one, and is refused a commit, then
// answers; the secrets and the prompt text that must appear in no signal.
import path from 'node:path';
import { expect } from 'vitest';
import type { FakeStep } from '../../support/fake-gemini.js';
import { callsReply, httpError, textReply, usage } from '../../support/fake-gemini.js';
import type { LogView, OtlpRequest, SpanView } from '../../support/otlp-signals.js';
import { latestPoints, logRecords, metricPoints, spans } from '../../support/otlp-signals.js';

/** In the prompt: with logPrompts off it must not leave. */
export const PROMPT_CANARY = 'PROMPTCANARY-7c1e4b9a';
export const PROMPT = `Read the README and tell me what it says. ${PROMPT_CANARY}`;
/** A secret in the environment: the model names a file after it, so a tool error carries it. */
export const ENV_CANARY = 'envcanary-0f9e8d7c6b5a4939';
export const API_KEY_CANARY = 'apikeycanary-1234567890abcdef';
/** The collector's credential: it goes in the request header and nowhere else. */
export const HEADER_CANARY = 'otlpheadercanary-a1b2c3d4e5f6';

/** The resource the CLI's runs under `telemetryEnv` carry. */
export const CLI_RESOURCE = {
  'github.repository': 'octo-org/widgets',
  'github.workflow': 'Nightly agents',
  'github.run_id': '9001',
  'github.run_attempt': '2',
  'github.event_name': 'workflow_dispatch',
  'gemini_agent.mode': 'invoke',
};

export function telemetryEnv(extra: Record<string, string>): Record<string, string> {
  return {
    GEMINI_API_KEY: API_KEY_CANARY,
    DEPLOY_TOKEN: ENV_CANARY,
    OTEL_EXPORTER_OTLP_HEADERS: `authorization=Bearer ${HEADER_CANARY}`,
    GITHUB_REPOSITORY: 'octo-org/widgets',
    GITHUB_WORKFLOW: 'Nightly agents',
    GITHUB_RUN_ID: '9001',
    GITHUB_RUN_ATTEMPT: '2',
    GITHUB_EVENT_NAME: 'workflow_dispatch',
    ...extra,
  };
}

/** The model's turns; token counts the assertions check against. */
export function modelScript(repo: string): FakeStep[] {
  return [
    httpError(429, 'Resource has been exhausted (e.g. check quota).', { retryDelay: '0.01s' }),
    callsReply(
      [
        { id: 'read-1', name: 'read_file', args: { absolute_path: path.join(repo, 'README.md') } },
        {
          id: 'read-2',
          name: 'read_file',
          args: { absolute_path: path.join(repo, `${ENV_CANARY}.md`) },
        },
        { id: 'shell-1', name: 'run_shell_command', args: { command: 'git commit -am wip' } },
      ],
      { usage: usage({ prompt: 100, candidates: 10 }) },
    ),
    textReply('The README says: demo.', {
      usage: usage({ prompt: 300, candidates: 12, thoughts: 5, cached: 50 }),
    }),
  ];
}

/** No canary in any request: neither the decoded signals nor the bytes on the wire. */
export function expectNoCanary(requests: readonly OtlpRequest[], canaries: readonly string[]) {
  expect(requests.length).toBeGreaterThan(0);
  for (const request of requests) {
    const texts = [
      request.raw.toString('utf8'),
      request.raw.toString('latin1'),
      JSON.stringify(request.body),
    ];
    for (const canary of canaries) {
      for (const text of texts) expect(text).not.toContain(canary);
    }
  }
}

function byName(records: LogView[], name: string): LogView[] {
  return records.filter((record) => record.eventName === name);
}

/**
 * The Gemini CLI's names and attributes for the session of `modelScript`, the spans nested as
 * they ran, the token counts of the fake model's usage.
 */
export function expectSessionSignals(
  requests: readonly OtlpRequest[],
  options: {
    /** The length of the prompt the session was given (the Action builds its own). */
    promptLength?: number;
    /** What every signal's resource holds. */
    resource: Record<string, unknown>;
  },
) {
  const logs = logRecords(requests);
  const names = logs.map((record) => record.eventName);
  expect(names.filter((name) => name === 'gemini_cli.api_request')).toHaveLength(3);
  expect(new Set(names)).toEqual(
    new Set([
      'gemini_cli.config',
      'gemini_cli.user_prompt',
      'gemini_cli.api_request',
      'gemini_cli.api_error',
      'gemini_cli.api_response',
      'gemini_cli.tool_call',
      'gemini_cli.conversation_finished',
    ]),
  );
  for (const record of logs) {
    expect(record.scope).toBe('gemini-cli');
    expect(record.attributes).toMatchObject({ interactive: false, auth_type: 'gemini-api-key' });
    expect(record.attributes['session.id']).toEqual(expect.any(String));
  }

  const [prompt] = byName(logs, 'gemini_cli.user_prompt');
  expect(prompt?.attributes.prompt_length).toEqual(options.promptLength ?? expect.any(Number));
  expect(prompt?.attributes).not.toHaveProperty('prompt');

  const [apiError] = byName(logs, 'gemini_cli.api_error');
  expect(apiError?.attributes).toMatchObject({
    status_code: 429,
    'http.status_code': 429,
    'error.type': 'http',
  });
  const responses = byName(logs, 'gemini_cli.api_response').map((record) => record.attributes);
  expect(responses).toEqual([
    expect.objectContaining({
      status_code: 200,
      input_token_count: 100,
      output_token_count: 10,
      total_token_count: 110,
      finish_reasons: ['STOP'],
    }),
    expect.objectContaining({
      input_token_count: 300,
      output_token_count: 12,
      thoughts_token_count: 5,
      cached_content_token_count: 50,
      total_token_count: 317,
    }),
  ]);

  const tools = byName(logs, 'gemini_cli.tool_call').map((record) => record.attributes);
  expect(tools).toHaveLength(3);
  const read = tools.find((t) => t.function_name === 'read_file' && t.success === true);
  expect(read).toMatchObject({ decision: 'accept', tool_type: 'native' });
  expect(read?.decided_by).toEqual(expect.stringContaining('priority'));
  expect(read).not.toHaveProperty('function_args');
  const missing = tools.find((t) => t.function_name === 'read_file' && t.success === false);
  expect(missing).toMatchObject({ decision: 'accept', error_type: 'file_not_found' });
  // The tool's message names the path the model asked for: only its kind leaves.
  expect(missing?.['error.message']).toBe('file_not_found');
  const refused = tools.find((t) => t.function_name === 'run_shell_command');
  expect(refused).toMatchObject({
    decision: 'reject',
    success: false,
    error_type: 'policy_violation',
  });
  expect(refused?.decided_by).toEqual(expect.any(String));

  const finished = byName(logs, 'gemini_cli.conversation_finished')[0];
  expect(finished?.attributes).toMatchObject({ approvalMode: 'default', turnCount: 2 });

  expectNestedSpans(spans(requests), logs);

  const points = latestPoints(metricPoints(requests));
  const value = (name: string, attributes: Record<string, unknown> = {}) =>
    points
      .filter((point) => point.name === name)
      .filter((point) => Object.entries(attributes).every(([k, v]) => point.attributes[k] === v))
      .reduce((sum, point) => sum + point.value, 0);
  expect(value('gemini_cli.session.count')).toBe(1);
  expect(value('gemini_cli.token.usage', { type: 'input' })).toBe(400);
  expect(value('gemini_cli.token.usage', { type: 'output' })).toBe(22);
  expect(value('gemini_cli.token.usage', { type: 'thought' })).toBe(5);
  expect(value('gemini_cli.token.usage', { type: 'cache' })).toBe(50);
  expect(value('gemini_cli.api.request.count', { status_code: 200 })).toBe(2);
  expect(value('gemini_cli.api.request.count', { status_code: 429, error_type: 'http' })).toBe(1);
  expect(value('gemini_cli.tool.call.count', { function_name: 'read_file' })).toBe(2);
  expect(
    value('gemini_cli.tool.call.count', { function_name: 'run_shell_command', decision: 'reject' }),
  ).toBe(1);
  expect(value('gen_ai.client.token.usage', { 'gen_ai.token.type': 'input' })).toBe(400);
  const latency = points.find((point) => point.name === 'gemini_cli.api.request.latency');
  expect(latency).toMatchObject({ unit: 'ms', count: 3 });

  // The resource: the service, the session and the GitHub run; no command line, user or host.
  for (const record of [...logs, ...spans(requests)]) {
    expect(record.resource).toMatchObject({ 'service.name': 'gemini-cli', ...options.resource });
    expect(Object.keys(record.resource).filter((key) => /^(process|host|os)\./.test(key))).toEqual(
      [],
    );
  }
}

/** One `user_prompt` root; every `llm_call` and `tool_call` under it, within its time. */
function expectNestedSpans(all: SpanView[], logs: LogView[]): void {
  const roots = all.filter((span) => span.name === 'user_prompt');
  expect(roots).toHaveLength(1);
  const root = roots[0];
  if (root === undefined) return;
  expect(root.parentSpanId).toBeUndefined();
  expect(root.status?.code).toBe(1);
  const children = all.filter((span) => span !== root);
  expect(children.map((span) => span.name).sort()).toEqual([
    'llm_call',
    'llm_call',
    'llm_call',
    'tool_call',
    'tool_call',
    'tool_call',
  ]);
  for (const child of children) {
    expect(child.traceId).toBe(root.traceId);
    expect(child.parentSpanId).toBe(root.spanId);
    expect(child.startMs).toBeGreaterThanOrEqual(root.startMs);
    expect(child.endMs).toBeLessThanOrEqual(root.endMs);
    expect(child.scope).toMatchObject({ name: 'gemini-cli' });
  }
  // As they ran: the first request failed, the tools ran between the second and the third.
  const llm = children
    .filter((span) => span.name === 'llm_call')
    .sort((a, b) => a.startMs - b.startMs);
  expect(llm[0]?.status?.code).toBe(2);
  for (const tool of children.filter((span) => span.name === 'tool_call')) {
    expect(tool.startMs).toBeGreaterThanOrEqual(llm[1]?.endMs ?? Infinity);
    expect(tool.endMs).toBeLessThanOrEqual(llm[2]?.startMs ?? -Infinity);
    expect(tool.attributes['gen_ai.tool.name']).toEqual(expect.any(String));
  }
  // Each record sits in the span it belongs to.
  const spanOf = (record: LogView) => all.find((span) => span.spanId === record.spanId)?.name;
  for (const record of logs) {
    if (record.eventName === 'gemini_cli.config') expect(record.spanId).toBeUndefined();
    if (record.eventName === 'gemini_cli.tool_call') expect(spanOf(record)).toBe('tool_call');
    if (String(record.eventName).startsWith('gemini_cli.api_'))
      expect(spanOf(record)).toBe('llm_call');
    if (record.eventName === 'gemini_cli.user_prompt') expect(spanOf(record)).toBe('user_prompt');
  }
}
