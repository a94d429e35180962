// Telemetry with `logPrompts` off carries no text the model, a tool or the model's server
// produced. A CLI run plants a canary everywhere such text comes from: the prompt, the model's
// text and thought, a call id it chose, a tool name it made up, function-call arguments, a
// file's content read by a tool, a tool's error naming the path the model asked for, a refused
// command, a subagent's task, text and result, an MCP tool's error result, and the model
// server's error body. Every signal goes to a local OTLP/HTTP receiver and, in a second run, to
// telemetry.outfile; every byte exported, and every string in every attribute, body, event,
// status and resource decoded from it, is scanned for every canary. With `logPrompts` on, the
// same run does export the prompt (so the scan can fail). The Action's run is scanned the same
// way, through its outfile.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import {
  callsReply,
  httpError,
  lane,
  reply,
  textReply,
  useFakeGemini,
} from '../support/fake-gemini.js';
import { testIo } from '../support/cli-io.js';
import { startOtlpHttpReceiver } from '../support/otlp-http-receiver.js';
import type { OtlpRequest } from '../support/otlp-signals.js';
import { logRecords, metricPoints, signalsFromFile, spans } from '../support/otlp-signals.js';
import { tempRepo } from '../support/temp-repo.js';
import { runActionOnRunnerLog } from './support/runner-log-run.js';

/** Where each canary is planted. */
const CANARY = {
  prompt: 'cnryprompt7f3a',
  modelText: 'cnrymodeltext41c',
  thought: 'cnrythought9d2e',
  callId: 'cnrycallid5b8a',
  toolName: 'cnrytoolname2e6f',
  arguments: 'cnryargs8c1d',
  fileContent: 'cnryfilecontent3a9b',
  path: 'cnrypath6e4c',
  command: 'cnrycommand0f7a',
  subagentTask: 'cnrysubtask4d2b',
  subagentText: 'cnrysubtext8a3e',
  subagentResult: 'cnrysubresult1c9f',
  mcpResult: 'cnrymcp7b5d',
  apiErrorBody: 'cnryapierror2f8c',
  finalText: 'cnryfinal6a1e',
} as const;
const ALL = Object.values(CANARY);

const MCP_SERVER = fileURLToPath(new URL('../support/mcp-test-server.mjs', import.meta.url));

const AUDITOR = `---
name: auditor
description: Audits one file.
tools:
  - read_file
---

You are the Auditor. Read the file you are pointed at.
`;

async function canaryRepo(): Promise<string> {
  return tempRepo({
    'README.md': `# demo\n\n${CANARY.fileContent}\n`,
    '.gemini/agents/auditor.md': AUDITOR,
    '.gemini/settings.json': JSON.stringify({
      mcpServers: { probe: { command: process.execPath, args: [MCP_SERVER], trust: true } },
    }),
  });
}

function script(repo: string) {
  return {
    main: [
      // The server's error body echoes the request, as some do.
      httpError(429, `Quota exceeded for the request "${CANARY.apiErrorBody}".`, {
        retryDelay: '0.01s',
      }),
      reply({
        thoughts: [`Considering ${CANARY.thought}`],
        text: `Looking: ${CANARY.modelText}`,
        calls: [
          {
            id: CANARY.callId,
            name: 'read_file',
            args: { absolute_path: path.join(repo, 'README.md') },
          },
          {
            id: 'c2',
            name: 'read_file',
            args: { absolute_path: path.join(repo, `missing-${CANARY.path}.md`) },
          },
          {
            id: 'c3',
            name: 'run_shell_command',
            args: { command: `git commit -am ${CANARY.command}` },
          },
          { id: 'c4', name: CANARY.toolName, args: { x: CANARY.arguments } },
          { id: 'c5', name: 'auditor', args: { query: `Audit ${CANARY.subagentTask}` } },
          { id: 'c6', name: 'fail', args: { why: CANARY.mcpResult } },
        ],
      }),
      textReply(`Done. ${CANARY.finalText}`),
    ],
    lanes: [
      lane('auditor', { instruction: 'You are the Auditor' }, [
        reply({
          text: `Auditing ${CANARY.subagentText}`,
          calls: [{ id: 's1', name: 'complete_task', args: { result: CANARY.subagentResult } }],
        }),
      ]),
    ],
  };
}

async function runCliWithTelemetry(env: Record<string, string>, cwd?: string) {
  const repo = await canaryRepo();
  const { main, lanes } = script(repo);
  const gemini = await useFakeGemini(main, { lanes });
  const io = testIo({
    PATH: process.env.PATH ?? '',
    HOME: await tempRepo(),
    GEMINI_API_KEY: 'test-key',
    GOOGLE_GEMINI_BASE_URL: gemini.url,
    GEMINI_TELEMETRY_ENABLED: 'true',
    GEMINI_CLI_TRUST_WORKSPACE: 'true',
    ...env,
  });
  const previous = process.cwd();
  if (cwd !== undefined) {
    process.chdir(cwd);
    onTestFinished(() => {
      process.chdir(previous);
    });
  }
  const code = await runCli(
    ['-p', `Look at the README. ${CANARY.prompt}`, '--repo', repo, '--sandbox', 'none'],
    io.io,
  );
  return { code, stdout: io.stdout, stderr: io.stderr, gemini };
}

/** Every string an export request holds, decoded, with where it was. */
function strings(value: unknown, at = '$'): { at: string; text: string }[] {
  if (typeof value === 'string') return [{ at, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => strings(item, `${at}[${index}]`));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => [
      { at: `${at}.${key}#key`, text: key },
      ...strings(item, `${at}.${key}`),
    ]);
  }
  return [];
}

/** No canary anywhere in the export: in the bytes, nor in any decoded string. */
function expectNoCanary(requests: readonly OtlpRequest[], canaries: readonly string[]): void {
  expect(requests.length).toBeGreaterThan(0);
  const found: string[] = [];
  for (const request of requests) {
    const raw = request.raw.toString('utf8');
    for (const canary of canaries) if (raw.includes(canary)) found.push(`${canary} in the bytes`);
    for (const { at, text } of strings(request.body)) {
      for (const canary of canaries) if (text.includes(canary)) found.push(`${canary} at ${at}`);
    }
  }
  expect(found).toEqual([]);
}

/** The run happened as scripted: every place a canary was planted was reached. */
function expectScriptRan(run: Awaited<ReturnType<typeof runCliWithTelemetry>>): void {
  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout).toContain(CANARY.finalText);
  const sent = JSON.stringify(run.gemini.requests.map((request) => request.body));
  for (const canary of [CANARY.fileContent, CANARY.path, CANARY.subagentResult, CANARY.mcpResult]) {
    expect(sent, canary).toContain(canary);
  }
}

/** What the export says without any canary: the tool calls, by name or as unknown. */
function expectSignalsStillThere(requests: readonly OtlpRequest[]): void {
  const logs = logRecords(requests);
  const tools = logs.filter((record) => record.eventName === 'gemini_cli.tool_call');
  expect(tools.map((record) => record.attributes.function_name).sort()).toEqual(
    ['auditor', 'fail', 'read_file', 'read_file', 'run_shell_command', 'unknown_tool'].sort(),
  );
  const missing = tools.find(
    (record) => record.attributes.function_name === 'read_file' && !record.attributes.success,
  );
  expect(missing?.attributes).toMatchObject({
    error_type: 'file_not_found',
    'error.message': 'file_not_found',
  });
  const apiError = logs.find((record) => record.eventName === 'gemini_cli.api_error');
  expect(apiError?.attributes).toMatchObject({ status_code: 429, error: 'http' });
  expect(spans(requests).filter((span) => span.name === 'tool_call')).toHaveLength(6);
  expect(metricPoints(requests).length).toBeGreaterThan(0);
}

describe('telemetry without logPrompts: the CLI', () => {
  it('sends no canary over OTLP/HTTP', async () => {
    const receiver = await startOtlpHttpReceiver();
    onTestFinished(() => receiver.close());
    const run = await runCliWithTelemetry({
      GEMINI_TELEMETRY_OTLP_PROTOCOL: 'http',
      GEMINI_TELEMETRY_OTLP_ENDPOINT: receiver.url,
    });
    expectScriptRan(run);
    expectSignalsStillThere(receiver.requests);
    expectNoCanary(receiver.requests, ALL);
  });

  it('writes no canary to telemetry.outfile', async () => {
    const cwd = await tempRepo();
    const run = await runCliWithTelemetry({ GEMINI_TELEMETRY_OUTFILE: 'signals.jsonl' }, cwd);
    expectScriptRan(run);
    const requests = signalsFromFile(await readFile(path.join(cwd, 'signals.jsonl'), 'utf8'));
    expectSignalsStillThere(requests);
    expectNoCanary(requests, ALL);
  });

  it('with logPrompts, the same run does export the prompt and the arguments', async () => {
    const receiver = await startOtlpHttpReceiver();
    onTestFinished(() => receiver.close());
    const run = await runCliWithTelemetry({
      GEMINI_TELEMETRY_OTLP_PROTOCOL: 'http',
      GEMINI_TELEMETRY_OTLP_ENDPOINT: receiver.url,
      GEMINI_TELEMETRY_LOG_PROMPTS: 'true',
    });
    expectScriptRan(run);
    const exported = receiver.requests.map((request) => request.raw.toString('utf8')).join('\n');
    for (const canary of [CANARY.prompt, CANARY.arguments, CANARY.path, CANARY.apiErrorBody]) {
      expect(exported, canary).toContain(canary);
    }
  });
});

describe('telemetry without logPrompts: the Action', () => {
  const undo: (() => unknown)[] = [];
  afterAll(async () => {
    for (const fn of undo.reverse()) await fn();
  });

  it('writes no canary to telemetry.outfile', async () => {
    const run = await runActionOnRunnerLog({
      cleanup: (fn) => undo.push(fn),
      files: { 'README.md': `# demo\n\n${CANARY.fileContent}\n` },
      command: `/gemini describe the README ${CANARY.prompt}`,
      env: { GEMINI_TELEMETRY_ENABLED: 'true', GEMINI_TELEMETRY_OUTFILE: 'signals.jsonl' },
      script: [
        httpError(429, `Quota exceeded for "${CANARY.apiErrorBody}".`, { retryDelay: '0.01s' }),
        callsReply([
          { id: CANARY.callId, name: 'read_file', args: { absolute_path: 'README.md' } },
          {
            id: 'c2',
            name: 'read_file',
            args: { absolute_path: `missing-${CANARY.path}.md` },
          },
          { id: 'c3', name: CANARY.toolName, args: { x: CANARY.arguments } },
        ]),
        textReply(`Done. ${CANARY.finalText}`),
      ],
      modelAttempts: 2,
    });
    expect(run.result.conclusion, run.result.error).toBe('success');
    const requests = signalsFromFile(
      await readFile(path.join(run.runnerTemp, 'signals.jsonl'), 'utf8'),
    );
    expect(
      logRecords(requests).filter((record) => record.eventName === 'gemini_cli.tool_call'),
    ).toHaveLength(3);
    expectNoCanary(requests, ALL);
  }, 60_000);
});
