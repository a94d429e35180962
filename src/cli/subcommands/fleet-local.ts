/**
 * `gemini-agent fleet local`: a whole campaign over repositories on this machine — plan, one run
 * per repository, report — against the dry-run GitHub, with a recorded session or a live model
 * (src/local/local-campaign.ts). The campaign's folder keeps its state, so running it again shows
 * what a re-run of the workflow would do.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkCampaignKey } from '../../fleet/campaign-key.js';
import { renderPlanListing } from '../../fleet/fleet-plan-output.js';
import type { LocalCampaign } from '../../local/local-campaign.js';
import { runLocalCampaign } from '../../local/local-campaign.js';
import { UsageError } from '../../platform/errors.js';
import type { TextSink } from '../../platform/logger.js';
import { FLEET_LOCAL_USAGE, parseLocalArgs } from './fleet-local-args.js';
import { ExitCode } from '../exit-codes.js';
import { parseInputs } from './run.js';

/** An owner login as GitHub spells them. */
const OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;

export async function runFleetLocal(
  argv: readonly string[],
  io: { env: NodeJS.ProcessEnv; stdout: TextSink; stderr: TextSink; cwd?: string },
): Promise<number> {
  const { values, positionals } = parseLocalArgs(argv);
  if (values.help === true) {
    io.stdout.write(FLEET_LOCAL_USAGE);
    return ExitCode.OK;
  }
  if (values.campaign === undefined) {
    throw new UsageError('fleet local needs --campaign KEY (e.g. --campaign node-24).');
  }
  const campaign = checkCampaignKey(values.campaign, { input: '--campaign' });
  const prompt = await promptOf(values.prompt, values['prompt-file']);
  if (positionals.length === 0) {
    throw new UsageError('fleet local needs the folders of the repositories to run over.');
  }
  const owner = values.owner ?? 'local';
  if (!OWNER.test(owner)) {
    throw new UsageError(`--owner expects a GitHub login such as octo-org, got "${owner}".`);
  }
  const cwd = io.cwd ?? process.cwd();
  const outDir = path.resolve(cwd, values.out ?? path.join('.gemini-agent-fleet', campaign));
  const campaignRun = await runLocalCampaign(
    {
      campaign,
      prompt,
      repos: positionals.map((folder) => path.resolve(cwd, folder)),
      outDir,
      owner,
      inputs: parseInputs(values.input ?? []),
      ...(values.replay !== undefined ? { replay: path.resolve(cwd, values.replay) } : {}),
      ...(values.policy !== undefined
        ? { policyFiles: values.policy.map((file) => path.resolve(cwd, file)) }
        : {}),
      ...(values['skip-trust'] === true ? { skipTrust: true } : {}),
    },
    io,
  );
  await writeFile(
    path.join(outDir, 'campaign.json'),
    `${JSON.stringify(campaignSummary(campaignRun), null, 2)}\n`,
  );
  printCampaign(campaignRun, io.stdout);
  return campaignRun.runs.some((run) => run.run.result.conclusion === 'failure')
    ? ExitCode.ERROR
    : ExitCode.OK;
}

async function promptOf(text: string | undefined, file: string | undefined): Promise<string> {
  if ((text === undefined) === (file === undefined)) {
    throw new UsageError('fleet local needs the task: give --prompt TEXT or --prompt-file FILE.');
  }
  if (text !== undefined) return text;
  try {
    return await readFile(file ?? '', 'utf8');
  } catch (error) {
    throw new UsageError(
      `--prompt-file: cannot read ${file ?? ''}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`,
    );
  }
}

/** What the campaign did, as data: `campaign.json` in its folder. */
function campaignSummary(campaign: LocalCampaign) {
  return {
    campaign: campaign.plan.campaign,
    branch: campaign.plan.branch,
    planned: campaign.plan.repositories,
    excluded: campaign.plan.excluded,
    runs: campaign.runs.map((run) => ({
      repository: run.repository,
      folder: run.folder,
      conclusion: run.run.result.conclusion,
      pullRequest: run.run.result.outputs.pr_url ?? null,
      requests: run.requests,
      writes: run.writes,
      seconds: Math.round(run.seconds * 1000) / 1000,
    })),
    trackingIssue: { action: campaign.report.action, file: campaign.trackingFile },
  };
}

function printCampaign(campaign: LocalCampaign, stdout: TextSink): void {
  const print = (text = '') => stdout.write(`${text}\n`);
  print(renderPlanListing(campaign.plan).trimEnd());
  print();
  for (const run of campaign.runs) {
    const { result } = run.run;
    const outcome = result.outputs.pr_url
      ? `pull request ${result.outputs.pr_url} on ${result.outputs.branch_name ?? 'its branch'}`
      : (result.error ?? result.outputs.summary ?? '').split('\n')[0];
    print(
      `${run.repository}: ${result.conclusion}${outcome ? ` — ${outcome}` : ''} (${run.requests} GitHub requests, ${run.seconds.toFixed(1)} s; ${run.run.outDir})`,
    );
  }
  if (campaign.runs.length === 0) print('No repository to run: the plan left every one out.');
  print();
  const verb = {
    created: 'created',
    updated: 'updated',
    unchanged: 'unchanged (nothing new to report)',
  }[campaign.report.action];
  print(`Tracking issue ${verb}: ${campaign.trackingFile}`);
}
