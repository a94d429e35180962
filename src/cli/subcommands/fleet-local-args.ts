/**
 * The flags of `gemini-agent fleet local`, apart from the command (which brings the Action's whole
 * pipeline), so `fleet`'s own argument check stays light.
 */
import { parseArgs } from 'node:util';
import { parseFlags } from '../args.js';

export const FLEET_LOCAL_USAGE = `Usage: gemini-agent fleet local --campaign KEY --prompt TEXT [options] REPO...

local     Runs a campaign over the git repositories REPO… on this machine as the fleet workflow
          runs it on GitHub (docs/fleet.md): the plan (a repository that already has the
          campaign's branch holds its pull request and is left out), then in each repository the
          Action in maintenance mode against the dry-run GitHub (the change lands on the branch
          gemini/campaign-KEY of the repository itself), then the tracking issue, written to the
          campaign's folder. A second run over the same repositories changes nothing.
          --campaign KEY          the campaign key: lowercase letters, digits, . _ - (at most 64)
          --prompt TEXT           the task for every repository
          --prompt-file FILE      the task, read from a file (instead of --prompt)
          --out DIR               the campaign's folder, kept between runs: results/, runs/,
                                  tracking-issue.md, tracking-issues.json, campaign.json
                                  (default: .gemini-agent-fleet/KEY in the current folder)
          --owner OWNER           the owner the repositories stand for (default: local)
          --replay FILE           serve every run's model from this recorded session
          --input NAME=VALUE      an Action input for every run, e.g. --input max_turns=20
                                  (repeatable)
          --policy FILE           a policy TOML file, used as the workflow's policy input
                                  (repeatable)
          --skip-trust            trust the repositories' own configuration for these runs

  -h, --help                      print this help

Model credentials as for gemini-agent run (GEMINI_API_KEY…), unless --replay.
Exit codes: 0 every run succeeded or was skipped, 1 a run failed, 42 bad flags, 52 configuration.
`;

export function parseLocalArgs(argv: readonly string[]) {
  return parseFlags('fleet', () =>
    parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        campaign: { type: 'string' },
        prompt: { type: 'string' },
        'prompt-file': { type: 'string' },
        out: { type: 'string' },
        owner: { type: 'string' },
        replay: { type: 'string' },
        input: { type: 'string', multiple: true },
        policy: { type: 'string', multiple: true },
        'skip-trust': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }),
  );
}
