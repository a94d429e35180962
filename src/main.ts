/**
 * The Action's composition root: inputs → model → one agent session in the workspace → outputs and
 * job summary. Triggers, authorization, GitHub reporting and publishing build on this.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import * as core from '@actions/core';
import { createTranscriptWriter } from './agent/transcript.js';
import { createContentGenerator } from './model/create-content-generator.js';
import { resolveModelAuth } from './model/model-auth.js';
import { actionsLogger } from './platform/actions-logger.js';
import { loadCliPolicy } from './policy-setup.js';
import { ConfigurationError, errorMessage } from './platform/errors.js';
import { SessionStatsCollector } from './report/session-stats.js';
import { startAgent } from './run-agent.js';

function positiveInteger(name: string, fallback: number): number {
  const raw = core.getInput(name).trim();
  if (raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) <= 0) {
    throw new ConfigurationError(`expected a positive whole number, got "${raw}".`, {
      input: name,
    });
  }
  return Number(raw);
}

/** A multi-line input as its non-empty, trimmed lines. */
function lines(value: string): string[] {
  return value
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

export async function run(): Promise<void> {
  try {
    const apiKey = core.getInput('gemini_api_key');
    if (apiKey) core.setSecret(apiKey);
    const prompt = core.getInput('prompt').trim();
    if (prompt === '') {
      throw new ConfigurationError('expected the task for the agent; it is empty.', {
        input: 'prompt',
      });
    }
    const model = core.getInput('model').trim() || 'gemini-2.5-pro';
    const maxTurns = positiveInteger('max_turns', 100);
    const timeoutMinutes = positiveInteger('timeout_minutes', 30);
    const workspaceRoot = process.env.GITHUB_WORKSPACE ?? process.cwd();
    // The `edit` preset for a task run, plus the workflow's own policy files and test commands.
    const policy = await loadCliPolicy({
      mode: 'invoke',
      policyFiles: lines(core.getInput('policy')).map((file) => path.resolve(workspaceRoot, file)),
      allowCommands: lines(core.getInput('allowed_commands')),
      yolo: false,
    });

    const auth = resolveModelAuth({
      ...process.env,
      ...(apiKey ? { GEMINI_API_KEY: apiKey } : {}),
    });
    const sessionId = randomUUID();
    const contentGenerator = await createContentGenerator(auth, {
      sessionId,
      retry: {
        onRetry: ({ attempt, maxAttempts, error }) => {
          core.warning(
            `Model request failed (${errorMessage(error)}); retry ${attempt}/${maxAttempts}.`,
          );
        },
      },
    });
    const transcriptPath = path.join(
      process.env.RUNNER_TEMP ?? workspaceRoot,
      `gemini-agent-${sessionId}.jsonl`,
    );
    const transcript = createTranscriptWriter(transcriptPath);
    const stats = new SessionStatsCollector();
    const { result } = await startAgent({
      prompt,
      workspaceRoot,
      model,
      env: process.env,
      sessionId,
      contentGenerator,
      policy: { engine: policy.engine, runMode: 'invoke', trust: 'maintainer' },
      logger: actionsLogger,
      onEvent: (event) => {
        stats.listener(event);
        transcript(event);
        if (event.kind === 'tool_call_update' && event.tool_call.status === 'SUCCEEDED') {
          core.info(`✓ ${event.tool_call.tool_name}: ${event.tool_call.description ?? ''}`);
        }
      },
      budgets: { maxTurns, timeoutMs: timeoutMinutes * 60_000 },
    });
    const session = await result;
    transcript.close();

    const usage = stats.usage;
    core.setOutput('conclusion', session.reason === 'completed' ? 'success' : 'failure');
    core.setOutput('summary', session.response);
    core.setOutput('transcript_file', transcriptPath);
    core.setOutput('input_tokens', String(usage.input_tokens));
    core.setOutput('output_tokens', String(usage.output_tokens));
    core.setOutput('tool_calls', String(stats.toolCalls));
    core.setOutput('error', session.error ?? '');
    await core.summary
      .addHeading('Gemini agent')
      .addRaw(session.response || '_The agent gave no answer._', true)
      .addRaw(
        `\n\n${session.turns} turns, ${stats.toolCalls} tool calls, ${usage.input_tokens} input and ${usage.output_tokens} output tokens.`,
        true,
      )
      .write();
    if (session.reason !== 'completed') {
      core.setFailed(session.error ?? `The agent stopped: ${session.reason}.`);
    }
  } catch (error) {
    core.setOutput('conclusion', 'failure');
    core.setOutput('error', errorMessage(error));
    core.setFailed(errorMessage(error));
  }
}
