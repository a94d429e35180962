/**
 * A campaign run's result for the fleet's report (src/fleet/fleet-result.ts): written after every
 * run that has a `campaign` input, however it ended — a failed input, a skip, a cancel — because
 * the report shows one row per repository and a missing file reads as "no result". It is built
 * from the run's outputs, which are already redacted, and checked against the schema the report
 * reads with, so what the report cannot read is never written.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FleetResult } from '../fleet/fleet-result.js';
import { FLEET_RESULT_VERSION, fleetResultPath, fleetResultSchema } from '../fleet/fleet-result.js';
import { checkCampaignKey } from '../fleet/campaign-key.js';
import { runUrl } from '../github/urls.js';
import { errorMessage } from '../platform/errors.js';
import type { ActionDeps, ActionResult } from './types.js';
import { ellipsize } from '../platform/text.js';

const SUMMARY_CHARS = 300;

/** Writes the file and sets the `fleet_result` output; a run without `campaign` writes nothing. */
export async function recordFleetResult(
  deps: Pick<ActionDeps, 'env' | 'getInput' | 'setOutput' | 'logger'>,
  result: ActionResult,
  now: () => Date = () => new Date(),
): Promise<ActionResult> {
  const campaign = deps.getInput('campaign').trim();
  if (campaign === '') return result;
  const { env } = deps;
  const repository = deps.getInput('repository').trim() || env.GITHUB_REPOSITORY || '';
  const runnerTemp = env.RUNNER_TEMP ?? '';
  try {
    checkCampaignKey(campaign, { input: 'campaign' });
    if (runnerTemp === '') throw new Error('RUNNER_TEMP is not set');
    const parsed = fleetResultSchema.safeParse(
      fleetResult(result, { campaign, repository, env, finishedAt: now() }),
    );
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'invalid result');
    const file = fleetResultPath(runnerTemp, repository);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, `${JSON.stringify(parsed.data, null, 2)}\n`);
    deps.setOutput('fleet_result', file);
    return { ...result, outputs: { ...result.outputs, fleet_result: file } };
  } catch (error) {
    // The report then shows the repository as "no result", with the run's link.
    deps.logger.warning(`The fleet result was not written: ${errorMessage(error)}.`);
    return result;
  }
}

function fleetResult(
  result: ActionResult,
  context: { campaign: string; repository: string; env: NodeJS.ProcessEnv; finishedAt: Date },
): FleetResult {
  const { outputs } = result;
  const { env } = context;
  const prNumber = wholeNumber(outputs.pr_number);
  const costUsd = Number(outputs.cost_usd);
  const summary = firstLine(result.error || outputs.summary || '');
  // The attempt's page: a re-run of the job links the attempt that wrote this result.
  const run = runUrl(env);
  return {
    version: FLEET_RESULT_VERSION,
    campaign: context.campaign,
    repository: context.repository,
    conclusion: result.conclusion,
    ...(summary !== '' ? { summary } : {}),
    ...(prNumber !== undefined ? { prNumber } : {}),
    ...(httpUrl(outputs.pr_url) ? { prUrl: outputs.pr_url } : {}),
    ...(outputs.branch_name ? { branch: outputs.branch_name } : {}),
    ...(outputs.commit_sha ? { commitSha: outputs.commit_sha } : {}),
    ...(outputs.cost_usd && Number.isFinite(costUsd) && costUsd >= 0 ? { costUsd } : {}),
    ...tokens(outputs),
    ...(httpUrl(run) ? { runUrl: run } : {}),
    finishedAt: context.finishedAt.toISOString(),
  };
}

function tokens(
  outputs: Record<string, string>,
): Pick<FleetResult, 'inputTokens' | 'outputTokens'> {
  const input = wholeNumber(outputs.input_tokens, 0);
  const output = wholeNumber(outputs.output_tokens, 0);
  return {
    ...(input !== undefined ? { inputTokens: input } : {}),
    ...(output !== undefined ? { outputTokens: output } : {}),
  };
}

function wholeNumber(text: string | undefined, min = 1): number | undefined {
  const value = Number(text);
  return text && /^\d+$/.test(text) && Number.isSafeInteger(value) && value >= min
    ? value
    : undefined;
}

function httpUrl(text: string | undefined): text is string {
  return text !== undefined && /^https?:\/\/\S+$/.test(text);
}

function firstLine(text: string): string {
  const line = text.trim().split('\n')[0]?.trim() ?? '';
  return ellipsize(line, SUMMARY_CHARS);
}
