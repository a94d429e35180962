/**
 * `gemini-agent run`: the Action's pipeline on a local repository for an event file, with a
 * dry-run GitHub that prints and saves what would be posted (see src/local/local-run.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ZodType } from 'zod';
import { actionInputsSchema, INPUT_NAMES } from '../../action/action-inputs.js';
import { errorMessage, UsageError } from '../../platform/errors.js';
import { protectedFolderProblem } from '../../tools/protected-paths.js';
import { costCap, parseFlags } from '../args.js';
import type { PermissionLevel } from '../../local/dry-run-github.js';
import { PERMISSION_LEVELS } from '../../local/dry-run-github.js';
import { commentFileName } from '../../local/dry-run-report.js';
import type { LocalRun, LocalRunIo, LocalRunOptions } from '../../local/local-run.js';
import { runLocal } from '../../local/local-run.js';
import { renderMarkdownForTerminal } from '../../local/terminal-markdown.js';
import { ExitCode, exitCodeForError } from '../exit-codes.js';
import type { StopSignal } from '../run-stop.js';
import { createRunStop } from '../../action/run-stop.js';
import { TRIGGER_EVENT_NAMES } from '../../github/mode.js';
import { requireRepoDirectory } from '../repo-directory.js';
import { divergenceSummary } from '../../session-setup/replay-divergence.js';
import { readLabelsFile } from '../../local/labels-file.js';

export const RUN_USAGE = `Usage: gemini-agent run --event FILE --event-name NAME [options]

Runs the Action's whole pipeline — trigger, mode, authorization, context, agent, publishing — on
a local repository for a GitHub event, without sending anything to GitHub: the comments, review
and labels it would post are printed and written under --out, and its commit becomes a branch of
--repo. The agent works in a clone of --repo (under --out), never in your working tree.

Options:
      --event FILE              the webhook payload, as GitHub writes it to GITHUB_EVENT_PATH
      --event-name NAME         ${TRIGGER_EVENT_NAMES.join(' | ')}
      --repo DIR                the repository (default: current directory); the run starts from
                                its HEAD (or the pull request's head), and its commit is pushed to
                                a new branch of it
      --actor-permission LEVEL  the permission of whoever triggered the run: ${PERMISSION_LEVELS.join(' | ')}
                                (default: write; below write the run is skipped)
      --policy FILE             a policy TOML file, used as the workflow's policy input
                                (repeatable)
      --labels A,B              the repository's labels (default: GitHub's default labels)
      --labels-file FILE        the repository's labels with their descriptions, as
                                "gh label list --json name,description,color" prints them
      --input NAME=VALUE        an Action input, e.g. --input allowed_commands="npm test"
                                (repeatable; see action.yml)
      --max-cost USD            the max_cost_usd input: stop before the run's estimated cost
                                would pass USD (e.g. 0.50)
      --out DIR                 where to write what would be posted (default: a new temporary
                                folder); must be new or empty
      --replay FILE             answer from a recorded model session ({method, response} lines)
      --strict                  with --replay: fail the run when a tool call fails where the
                                recorded one did not (the replay diverged from its recording)
      --record FILE             record the model's replies to FILE, for --replay later
      --github                  use the real GitHub API with $GITHUB_TOKEN instead: comments,
                                reviews, labels, pushes and pull requests are real
      --store-requests          let the Gemini API keep the model requests, as the Action's
                                store_requests input does (default: each says store=false)
      --skip-trust              trust the repository for this run, as
                                GEMINI_CLI_TRUST_WORKSPACE=true does: the Action loads its
                                .gemini/ configuration and GEMINI.md, which otherwise need it to
                                be a trusted folder (see gemini-agent trust)
  -d, --debug                   log details, every GitHub request included
  -h, --help                    print this help

Written under --out: comment-1.md (the final comment) and comment-1.states/ (each state of the
progress comment), review.json and review.md, labels.json, pull-request.md, requests.jsonl
(every GitHub request), outputs.json (the Action's outputs: conclusion, cost_usd, input_tokens,
cached_input_tokens, output_tokens, tool_calls, branch_name, labels, …), job-summary.md, workspace/ (the clone the agent worked in) and
runner-temp/ (the transcript).

Model credentials as for the Action (--input gemini_api_key=… or GEMINI_API_KEY, Vertex AI, Code
Assist); none with --replay.

Exit codes: 0 success or skipped, 1 the run failed, 42 bad arguments, 52 an invalid policy file
or event payload, 55 the repository is not a trusted folder and holds configuration, 130
cancelled by Ctrl-C, 143 cancelled by SIGTERM. A cancelled run reports as the Action does: the
final comment says so, the transcript is under runner-temp/, the work so far is kept.
`;

export type CommandIo = LocalRunIo & {
  /** Ctrl-C and SIGTERM (run-cli.ts); without it the run cannot be stopped from outside. */
  onInterrupt?: (handler: (signal?: StopSignal) => void) => () => void;
};

/** Runs `run …` and returns the exit code; never throws. */
export async function runRunCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  let options: LocalRunOptions | 'help';
  try {
    options = parseRunArgs(argv, process.cwd());
  } catch (error) {
    io.stderr.write(`error: ${errorMessage(error)}\n`);
    return exitCodeForError(error);
  }
  if (options === 'help') {
    io.stdout.write(RUN_USAGE);
    return ExitCode.OK;
  }
  // Ctrl-C or SIGTERM ends the run as the runner's signals end the Action's: it stops the agent
  // and reports from its record (the final comment, the transcript, the outputs); a second
  // signal hurries that.
  const stop = createRunStop();
  let signal: StopSignal | undefined;
  const stopListening = io.onInterrupt?.((received) => {
    signal ??= received ?? 'SIGINT';
    stop.end({ kind: 'cancelled', at: Date.now(), signal: received ?? 'SIGINT' });
  });
  try {
    await requireRepoDirectory(options.repo);
    const problem = await protectedFolderProblem(options.repo);
    if (problem !== undefined) throw new UsageError(`--repo: ${problem}`);
    const run = await runLocal({ ...options, stop }, io);
    printRunEnd(run, io);
    return exitCodeFor(run, signal);
  } catch (error) {
    io.stderr.write(`error: ${errorMessage(error)}\n`);
    return exitCodeForError(error);
  } finally {
    stopListening?.();
  }
}

/** 130 for a run Ctrl-C cancelled, 143 for SIGTERM, as `-p`. */
export function exitCodeFor(run: LocalRun, signal?: StopSignal): number {
  if (run.result.conclusion === 'cancelled') {
    return signal === 'SIGTERM' ? ExitCode.TERMINATED : ExitCode.CANCELLED;
  }
  if (run.result.conclusion !== 'failure') return ExitCode.OK;
  return run.result.authentication === true ? ExitCode.AUTH : ExitCode.ERROR;
}

/** The flags of `run`; every mistake is a one-line `UsageError`. */
export function parseRunArgs(argv: readonly string[], cwd: string): LocalRunOptions | 'help' {
  const { values, positionals } = parseFlags('run', () =>
    parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        event: { type: 'string' },
        'event-name': { type: 'string' },
        repo: { type: 'string' },
        'actor-permission': { type: 'string' },
        policy: { type: 'string', multiple: true },
        labels: { type: 'string' },
        'labels-file': { type: 'string' },
        input: { type: 'string', multiple: true },
        'max-cost': { type: 'string' },
        out: { type: 'string' },
        replay: { type: 'string' },
        strict: { type: 'boolean' },
        record: { type: 'string' },
        github: { type: 'boolean' },
        'skip-trust': { type: 'boolean' },
        'store-requests': { type: 'boolean' },
        debug: { type: 'boolean', short: 'd' },
        help: { type: 'boolean', short: 'h' },
      },
    }),
  );
  if (values.help) return 'help';
  if (positionals.length > 0) {
    throw new UsageError(
      `run takes no positional arguments (got "${positionals[0] ?? ''}"); the task comes from the event.`,
    );
  }
  if (values.event === undefined) {
    throw new UsageError('run expects --event FILE, the webhook payload of the event to run for.');
  }
  if (values['event-name'] === undefined) {
    throw new UsageError(
      `run expects --event-name NAME, one of ${TRIGGER_EVENT_NAMES.join(', ')}.`,
    );
  }
  if (values.replay !== undefined && values.record !== undefined) {
    throw new UsageError('--replay and --record cannot be used together.');
  }
  if (values.strict === true && values.replay === undefined) {
    throw new UsageError('--strict applies to a replay: use it with --replay FILE.');
  }
  const permission = values['actor-permission'] ?? 'write';
  if (!(PERMISSION_LEVELS as readonly string[]).includes(permission)) {
    throw new UsageError(
      `--actor-permission expects one of ${PERMISSION_LEVELS.join(', ')}, got "${permission}".`,
    );
  }
  const inputs = parseInputs(values.input ?? []);
  if (values['store-requests'] === true) {
    if (inputs.store_requests !== undefined) {
      throw new UsageError(
        'Give --store-requests or --input store_requests=…, not both: they set the same input.',
      );
    }
    inputs.store_requests = 'true';
  }
  if (values.labels !== undefined && values['labels-file'] !== undefined) {
    throw new UsageError('Give --labels or --labels-file, not both: each is the whole label set.');
  }
  const labels =
    values['labels-file'] !== undefined
      ? readLabelsFile(path.resolve(cwd, values['labels-file']))
      : values.labels
          ?.split(',')
          .map((label) => label.trim())
          .filter((label) => label !== '')
          .map((name) => ({ name }));
  return {
    eventFile: values.event,
    eventName: values['event-name'],
    repo: path.resolve(cwd, values.repo ?? '.'),
    actorPermission: permission as PermissionLevel,
    policyFiles: values.policy ?? [],
    ...(labels !== undefined ? { labels } : {}),
    inputs: withCostCap(inputs, values['max-cost']),
    ...(values.out !== undefined ? { outDir: values.out } : {}),
    ...(values.replay !== undefined ? { replay: values.replay } : {}),
    ...(values.strict === true ? { strict: true } : {}),
    ...(values.record !== undefined ? { record: values.record } : {}),
    github: values.github ?? false,
    debug: values.debug ?? false,
    ...(values['skip-trust'] === true ? { skipTrust: true } : {}),
  };
}

/** `--input NAME=VALUE` pairs, each judged by the Action's own schema for that input. */
export function parseInputs(pairs: readonly string[]): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (const pair of pairs) {
    const equals = pair.indexOf('=');
    const name = equals < 0 ? pair : pair.slice(0, equals);
    if (equals < 0 || !(INPUT_NAMES as readonly string[]).includes(name)) {
      throw new UsageError(
        equals < 0
          ? `--input expects NAME=VALUE, got "${pair}".`
          : `--input: "${name}" is not an input of the Action; see action.yml for the inputs.`,
      );
    }
    const value = pair.slice(equals + 1);
    // Judged here by the Action's own schema, so a bad value stops the run before anything is
    // cloned, with the message the Action would give.
    const checked = inputSchemas[name]?.safeParse(value);
    if (checked !== undefined && !checked.success) {
      const problem = checked.error.issues[0]?.message ?? 'not a value this input accepts.';
      throw new UsageError(`--input ${name}: ${problem}`);
    }
    inputs[name] = value;
  }
  return inputs;
}

/** `--max-cost USD` is the `max_cost_usd` input, checked as the -p run's flag is. */
function withCostCap(
  inputs: Record<string, string>,
  value: string | undefined,
): Record<string, string> {
  if (costCap('--max-cost', value) === undefined || value === undefined) return inputs;
  if (inputs.max_cost_usd !== undefined) {
    throw new UsageError('--max-cost and --input max_cost_usd=… cannot be used together.');
  }
  return { ...inputs, max_cost_usd: value };
}

const inputSchemas: Readonly<Record<string, ZodType | undefined>> = actionInputsSchema.shape;

/** The end of a run: its result, the final comments in full, the outputs and the files. */
export function printRunEnd(run: LocalRun, io: Pick<CommandIo, 'stdout'>): void {
  const print = (text = '') => io.stdout.write(`${text}\n`);
  const { result } = run;
  const comments = run.gitHub?.store.comments ?? [];
  for (const comment of comments) {
    print();
    print(
      `── Final comment ${comment.ordinal} on #${comment.issueNumber} (${commentFileName(comment)}) ──`,
    );
    print(renderMarkdownForTerminal(comment.body, { indent: '  ' }));
  }
  print();
  print(`── Result: ${result.conclusion}${result.error ? ` — ${result.error}` : ''}`);
  const diverged = run.divergences ?? [];
  if (diverged.length > 0 && result.conclusion === 'success') {
    print(`   warning: ${divergenceSummary(diverged)}; --strict fails such a run`);
  }
  const shown = ['branch_name', 'commit_sha', 'pr_url', 'comment_url', 'review_url', 'labels'];
  for (const name of shown) {
    const value = result.outputs[name];
    if (value !== undefined && value !== '') print(`   ${name}: ${value}`);
  }
  // What the run cost, as the Action's outputs say it: an empty cost_usd is an unknown price.
  for (const name of ['input_tokens', 'output_tokens', 'cached_input_tokens', 'thought_tokens']) {
    const value = result.outputs[name];
    if (value !== undefined) print(`   ${name}: ${value}`);
  }
  const cost = result.outputs.cost_usd;
  if (cost !== undefined) {
    print(
      `   cost_usd: ${cost === '' ? 'unknown (a model of the run has no list price in the model table)' : `${cost} (estimate from list prices)`}`,
    );
  }
  const branch = result.outputs.branch_name;
  if (branch && run.gitHub !== undefined) {
    print(`   The commit is on branch ${branch} of ${run.repo}:`);
    print(`     git -C ${shellWord(run.repo)} log -1 --stat ${shellWord(branch)}`);
  }
  print();
  if (run.outDirFate === 'removed') {
    print('── Nothing kept: the run was skipped, so the temporary folder made for it is removed.');
    return;
  }
  print(
    run.outDirFate === 'temporary'
      ? `── Files in ${run.outDir} (a temporary folder, kept for you to read; "rm -rf ${shellWord(run.outDir)}" removes it):`
      : `── Files in ${run.outDir}:`,
  );
  for (const line of fileListing(run.files)) print(`   ${line}`);
  // Only what is there: a run that failed early wrote no summary, or no transcript.
  const present = (file: string | undefined): file is string =>
    file !== undefined && file !== '' && existsSync(file);
  if (present(run.summaryFile)) print(`   ${path.relative(run.outDir, run.summaryFile)}`);
  if (present(run.workspace)) print('   workspace/        the clone the agent worked in');
  if (present(result.outputs.transcript_file)) {
    print(`   ${path.relative(run.outDir, result.outputs.transcript_file)}  the transcript`);
  }
}

/** The files written, each comment's states folded into one line. */
export function fileListing(files: readonly string[]): string[] {
  const lines: string[] = [];
  const states = new Map<string, number>();
  for (const file of files) {
    const folder = /^(.+\.states)\/\d+\.md$/.exec(file)?.[1];
    if (folder === undefined) {
      lines.push(file);
    } else {
      if (!states.has(folder)) lines.push(`${folder}/`);
      states.set(folder, (states.get(folder) ?? 0) + 1);
    }
  }
  return lines.map((line) => {
    const count = states.get(line.replace(/\/$/, ''));
    return count === undefined
      ? line
      : `${line}  ${count} state${count === 1 ? '' : 's'}, one per edit`;
  });
}

/** A word as a POSIX shell reads it back. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
