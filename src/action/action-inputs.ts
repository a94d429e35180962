/**
 * The Action's inputs, read once through one schema. Every input is a string on the runner; here
 * each becomes a typed value, and a bad one fails the run before anything else happens with a
 * message naming the input and what it accepts (`max_turns: expected a positive whole number,
 * got "ten".`). Defaults equal the ones in action.yml, so a run without the runner's defaults
 * (tests, a local invocation) behaves the same.
 */
import path from 'node:path';
import { z } from 'zod';
import type { Environment, ModelAuth } from '../model/model-auth.js';
import { resolveModelAuth } from '../model/model-auth.js';
import { AuthenticationError, ConfigurationError } from '../platform/errors.js';
import { secretEnvironmentValues } from '../platform/redaction.js';
import type { TextPosition } from '../config/json-text.js';
import { JSON_LIMITS, positionAt } from '../config/json-text.js';
import type { SettingsSource } from '../config/settings-types.js';
import {
  jsonLimitProblem,
  offsetPastBytes,
  tooLargeMessage,
  utf8Bytes,
} from '../platform/text-limits.js';
import type { SandboxMode } from '../platform/sandbox/sandbox-types.js';
import { SANDBOX_MODES } from '../platform/sandbox/sandbox-types.js';
import type { TriageOptions } from '../modes/triage-plan.js';
import type { ReviewOptions } from '../review/review-options.js';
import {
  REVIEW_INPUT_DEFAULTS,
  reviewInputShape,
  reviewOptionsFrom,
} from '../review/review-options.js';
import { validateBranchPrefix } from '../publish/branch-name.js';
import { checkCampaignKey } from '../fleet/campaign-key.js';
import { MAX_TRIAGE_BATCH_SIZE } from '../triage/scheduled-triage.js';
import type { PublishOptions } from '../publish/publish-types.js';
import { CREATE_PR_SETTINGS } from '../publish/publish-types.js';
import type { ModeInput } from '../github/mode.js';
import { MODE_INPUTS } from '../github/mode.js';

export interface ActionInputs {
  /** How the model is reached, with base URLs from the environment. */
  auth: ModelAuth;
  /** Google may keep the model requests (`store_requests`); false: the Gemini API is told not to. */
  storeRequests: boolean;
  /** The `model` input as written (a name or an alias); undefined when empty. */
  model: string | undefined;
  /** The `fallback_model` input as written; undefined when empty. */
  fallbackModel: string | undefined;
  /** The configured task (maintenance, workflow_dispatch); undefined when empty. */
  prompt: string | undefined;
  /** `auto` picks the run mode from the event and the command; the others force one. */
  mode: ModeInput;
  triggerPhrase: string;
  githubToken: string;
  /** Policy TOML files relative to the repository root, in the order given. */
  policyFiles: string[];
  /** Gemini CLI extension folders, absolute or relative to the workspace, in the order given. */
  extensions: string[];
  /** Extra shell commands the agent may run, e.g. `npm test`. */
  allowedCommands: string[];
  settings: SettingsSource | undefined;
  maxTurns: number;
  /** The cap on the run's estimated cost in USD (`max_cost_usd`); undefined: no cap. */
  maxCostUsd: number | undefined;
  timeoutMinutes: number;
  /** Where the agent's shell commands run (src/platform/sandbox/). */
  sandbox: SandboxMode;
  /** Bot logins (exact, e.g. `dependabot[bot]`) allowed to trigger runs. */
  allowedBots: string[];
  /** The login `githubToken` posts as: its earlier reviews and reports are the Action's own. */
  botLogin: string;
  review: ReviewOptions;
  triage: TriageOptions;
  /** How the agent's changes are published (invoke and maintenance runs). */
  publish: PublishOptions;
  /** A file holding the maintenance task, relative to the repository root. */
  promptFile: string | undefined;
  /** Which sticky report issue a maintenance workflow keeps; default the workflow's name. */
  reportKey: string | undefined;
  /** The run's record (answer, transcript, unpushed patch) is uploaded as a workflow artifact. */
  uploadArtifact: boolean;
  /** `owner/name` the run works on instead of the workflow's repository (a fleet's run). */
  repository: string | undefined;
  /** The checkout to work in, relative to GITHUB_WORKSPACE; undefined: GITHUB_WORKSPACE itself. */
  workingDirectory: string | undefined;
  /** The fleet campaign this run is one repository of (fleet/campaign-key.ts). */
  campaign: string | undefined;
  /** Deny-only policy files of the campaign, relative to GITHUB_WORKSPACE, in the order given. */
  campaignPolicyFiles: string[];
  /** Every secret value among the inputs and the environment, to register for redaction. */
  secrets: string[];
}

/** Defaults of the inputs that have one; action.yml declares the same (a test checks). */
export const INPUT_DEFAULTS = {
  bot_login: 'github-actions[bot]',
  triage_batch_size: '10',
  triage_comment: 'true',
  branch_prefix: 'gemini/',
  push_to_pr_branch: 'true',
  allow_workflow_edits: 'false',
  signed_commits: 'false',
  create_pr: 'draft',
  ...REVIEW_INPUT_DEFAULTS,
  use_vertex_ai: 'false',
  use_gemini_code_assist: 'false',
  store_requests: 'false',
  mode: 'auto',
  trigger_phrase: '/gemini',
  max_turns: '100',
  timeout_minutes: '30',
  sandbox: 'auto',
  upload_artifact: 'true',
} as const satisfies Record<string, string>;

/** `JSON.stringify` of what the user wrote, so spaces and empty values are visible. */
const shown = (value: string) => JSON.stringify(value);

function withDefault(name: keyof typeof INPUT_DEFAULTS) {
  return z.string().transform((value) => (value === '' ? INPUT_DEFAULTS[name] : value));
}

/** An input left empty is `undefined`; secrets are never echoed in messages. */
const optionalString = z.string().transform((value) => (value === '' ? undefined : value));

/** The YAML 1.2 core schema spellings, which `core.getBooleanInput` accepts too. */
function booleanInput(name: keyof typeof INPUT_DEFAULTS) {
  return withDefault(name).transform((value, ctx) => {
    if (['true', 'True', 'TRUE'].includes(value)) return true;
    if (['false', 'False', 'FALSE'].includes(value)) return false;
    ctx.addIssue({ code: 'custom', message: `expected true or false, got ${shown(value)}.` });
    return z.NEVER;
  });
}

function choice<T extends string>(name: keyof typeof INPUT_DEFAULTS, choices: readonly T[]) {
  return withDefault(name).transform((value, ctx): T => {
    const found = choices.find((candidate) => candidate === value.toLowerCase());
    if (found !== undefined) return found;
    ctx.addIssue({
      code: 'custom',
      message: `expected one of ${choices.join(', ')}, got ${shown(value)}.`,
    });
    return z.NEVER;
  });
}

/** A branch name prefix such as `gemini/`: publishing's own check, so both agree. */
const branchPrefix = withDefault('branch_prefix').superRefine((value, ctx) => {
  try {
    validateBranchPrefix(value);
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    ctx.addIssue({ code: 'custom', message: error.detail });
  }
});

function positiveInteger(name: keyof typeof INPUT_DEFAULTS) {
  return withDefault(name).transform((value, ctx) => {
    const number = Number(value);
    if (/^\d+$/.test(value) && number > 0 && Number.isSafeInteger(number)) return number;
    ctx.addIssue({
      code: 'custom',
      message: `expected a positive whole number, got ${shown(value)}.`,
    });
    return z.NEVER;
  });
}

/** One word: no spaces, tabs or line breaks (an empty optional input passes). */
function singleWord(what: string) {
  return <T extends string | undefined>(value: T, ctx: z.RefinementCtx<T>) => {
    if (value !== undefined && /\s/.test(value)) {
      ctx.addIssue({
        code: 'custom',
        message: `expected ${what} without spaces, got ${shown(value)}.`,
      });
    }
  };
}

/** One entry a line; blank lines and surrounding spaces are ignored. */
const lineList = z.string().transform((value) =>
  value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== ''),
);

/** A path inside the repository, so it can be read from the base branch of a pull request. */
function relativePathProblem(file: string): string | undefined {
  if (path.isAbsolute(file) || /^[A-Za-z]:[\\/]/.test(file)) return 'is absolute';
  const normalized = path.posix.normalize(file.replace(/\\/g, '/'));
  if (normalized === '..' || normalized.startsWith('../')) return 'leaves the repository';
  return undefined;
}

const policyFiles = lineList.superRefine((files, ctx) => {
  for (const file of files) {
    const problem = relativePathProblem(file);
    if (problem !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `expected policy TOML files relative to the repository root, one a line; ${shown(file)} ${problem}.`,
      });
    }
  }
});

/**
 * The size or nesting limit of a JSON configuration file (config/json-text.ts) that JSON written
 * into an input passes, with its line and column in the input's text (for the error's location);
 * undefined when it keeps them. The workflow's author writes it, but 5,000 nested brackets still
 * overflowed the stack of the code that walks the value, and the run ended without saying where.
 */
function inlineJsonProblem(
  value: string,
): { message: string; params: { line: number; column: number } } | undefined {
  const past = offsetPastBytes(value, JSON_LIMITS.maxBytes);
  if (past !== undefined) {
    return {
      message: tooLargeMessage('JSON', JSON_LIMITS.maxBytes, utf8Bytes(value)),
      params: positionAt(value, past),
    };
  }
  const problem = jsonLimitProblem(value, JSON_LIMITS);
  if (problem === undefined) return undefined;
  return { message: problem.message, params: positionAt(value, problem.offset) };
}

/** A JSON value in a message: primitives as written, containers by their kind. */
function describeEntry(entry: unknown): string {
  if (Array.isArray(entry)) return 'a list';
  if (typeof entry === 'object' && entry !== null) return 'an object';
  return JSON.stringify(entry);
}

/**
 * Extension folders: one a line, or a JSON list as run-gemini-cli's `extensions` input takes.
 * Nothing is installed at run time, so a URL or `owner/repo` is refused with the way to vendor it.
 */
const extensionFolders = z.string().transform((value, ctx): string[] => {
  let entries: unknown[];
  if (value.startsWith('[')) {
    const limit = inlineJsonProblem(value);
    if (limit !== undefined) {
      ctx.addIssue({ code: 'custom', ...limit });
      return z.NEVER;
    }
    try {
      entries = JSON.parse(value) as unknown[];
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      ctx.addIssue({
        code: 'custom',
        message: `expected extension folders one a line, or a JSON list of them; the JSON does not parse: ${reason}.`,
      });
      return z.NEVER;
    }
  } else {
    entries = value.split(/\r?\n/);
  }
  const folders: string[] = [];
  for (const entry of entries) {
    const folder = typeof entry === 'string' ? entry.trim() : '';
    if (typeof entry !== 'string') {
      ctx.addIssue({
        code: 'custom',
        message: `expected extension folders as strings; got ${describeEntry(entry)}.`,
      });
      return z.NEVER;
    }
    if (folder === '') continue;
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(folder) || /^git@/.test(folder)) {
      ctx.addIssue({
        code: 'custom',
        message: `expected the folder of an extension already on disk; ${shown(folder)} is an address, and extensions are not installed at run time. Check the extension out at a pinned ref in an earlier step (actions/checkout with repository, ref and path) and give its path here.`,
      });
      return z.NEVER;
    }
    folders.push(folder);
  }
  return folders;
});

const settings = optionalString.transform((value, ctx): SettingsSource | undefined => {
  if (value === undefined) return undefined;
  const accepts =
    'expected a JSON object or the path of a settings JSON file relative to the repository root';
  // A path never starts with a bracket; JSON that is not an object gets a clear message.
  if (/^[[{]/.test(value)) {
    const limit = inlineJsonProblem(value);
    if (limit !== undefined) {
      ctx.addIssue({ code: 'custom', ...limit });
      return z.NEVER;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      ctx.addIssue({ code: 'custom', message: `${accepts}; the JSON does not parse: ${reason}.` });
      return z.NEVER;
    }
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      return { kind: 'inline', settings: parsed as Record<string, unknown> };
    }
    ctx.addIssue({ code: 'custom', message: `${accepts}; got JSON that is not an object.` });
    return z.NEVER;
  }
  const problem = /[\r\n]/.test(value) ? 'spans several lines' : relativePathProblem(value);
  if (problem !== undefined) {
    ctx.addIssue({ code: 'custom', message: `${accepts}; ${shown(value)} ${problem}.` });
    return z.NEVER;
  }
  return { kind: 'file', path: value };
});

/** A GitHub login; bots end in `[bot]`. Exact names only: a wildcard would let any app in. */
const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\[bot\])?$/;

const allowedBots = z.string().transform((value, ctx) => {
  const names = value
    .split(/[,\r\n]/)
    .map((name) => name.trim())
    .filter((name) => name !== '');
  for (const name of names) {
    if (!LOGIN.test(name)) {
      ctx.addIssue({
        code: 'custom',
        message: `expected exact bot logins separated by commas or line breaks, such as dependabot[bot]; ${shown(name)} is not a login${name.includes('*') ? ' (wildcards are not supported)' : ''}.`,
      });
    }
  }
  return names;
});

const mode = withDefault('mode').transform((value, ctx): ModeInput => {
  const lower = value.toLowerCase();
  const found = MODE_INPUTS.find((candidate) => candidate === lower);
  if (found !== undefined) return found;
  ctx.addIssue({
    code: 'custom',
    message: `expected one of ${MODE_INPUTS.join(', ')}, got ${shown(value)}.`,
  });
  return z.NEVER;
});

/** `owner/name` as GitHub spells repository names (no `.git`, no URL). */
const REPOSITORY = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\/[A-Za-z0-9._-]+$/;

const repository = optionalString.superRefine((value, ctx) => {
  if (value === undefined) return;
  if (!REPOSITORY.test(value) || value.endsWith('.git') || /\/\.\.?$/.test(value)) {
    ctx.addIssue({
      code: 'custom',
      message: `expected a repository as owner/name, such as octo-org/billing-service, got ${shown(value)}.`,
    });
  }
});

/** A folder inside GITHUB_WORKSPACE: where actions/checkout's `path:` put the repository. */
const workingDirectory = optionalString.superRefine((value, ctx) => {
  const problem =
    value === undefined
      ? undefined
      : /[\r\n]/.test(value)
        ? 'spans several lines'
        : relativePathProblem(value);
  if (problem !== undefined) {
    ctx.addIssue({
      code: 'custom',
      message: `expected the checkout's folder relative to GITHUB_WORKSPACE (the path given to actions/checkout), got ${shown(value ?? '')}: it ${problem}.`,
    });
  }
});

const campaign = optionalString.superRefine((value, ctx) => {
  if (value === undefined) return;
  try {
    checkCampaignKey(value, { input: 'campaign' });
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    ctx.addIssue({ code: 'custom', message: error.detail });
  }
});

const githubToken = z.string().superRefine((value, ctx) => {
  if (value === '') {
    ctx.addIssue({
      code: 'custom',
      message:
        'expected a GitHub token; it is empty. Leave the input out to use the job token (${{ github.token }}), or pass a secret that is set.',
    });
  }
});

/** The schema of every input, keyed by input name as in action.yml. */
export const actionInputsSchema = z.object({
  gemini_api_key: optionalString,
  use_vertex_ai: booleanInput('use_vertex_ai'),
  gcp_project_id: optionalString.superRefine(singleWord('a Google Cloud project id')),
  gcp_location: optionalString.superRefine(
    singleWord('a Google Cloud location such as us-central1'),
  ),
  use_gemini_code_assist: booleanInput('use_gemini_code_assist'),
  store_requests: booleanInput('store_requests'),
  model: optionalString.superRefine(singleWord('a model name or an alias such as flash')),
  fallback_model: optionalString.superRefine(singleWord('a model name or an alias such as flash')),
  prompt: optionalString,
  mode,
  trigger_phrase: withDefault('trigger_phrase').superRefine(
    singleWord('a trigger phrase such as /gemini'),
  ),
  github_token: githubToken,
  policy: policyFiles,
  extensions: extensionFolders,
  allowed_commands: lineList,
  settings,
  max_turns: positiveInteger('max_turns'),
  max_cost_usd: optionalString.transform((value, ctx) => {
    if (value === undefined) return undefined;
    const number = Number(value);
    if (/^\s*\d*\.?\d+\s*$/.test(value) && Number.isFinite(number) && number > 0) return number;
    ctx.addIssue({
      code: 'custom',
      message: `expected a positive number of US dollars such as 0.50 (or leave it empty for no cap), got ${shown(value)}.`,
    });
    return z.NEVER;
  }),
  timeout_minutes: positiveInteger('timeout_minutes'),
  sandbox: choice('sandbox', SANDBOX_MODES),
  allowed_bots: allowedBots,
  bot_login: withDefault('bot_login').superRefine((value, ctx) => {
    if (!LOGIN.test(value)) {
      ctx.addIssue({
        code: 'custom',
        message: `expected the login the github_token posts as, such as github-actions[bot] or my-app[bot]; got ${shown(value)}.`,
      });
    }
  }),
  ...reviewInputShape,
  triage_batch_size: positiveInteger('triage_batch_size').superRefine((value, ctx) => {
    if (value > MAX_TRIAGE_BATCH_SIZE) {
      ctx.addIssue({
        code: 'custom',
        message: `expected a whole number from 1 to ${MAX_TRIAGE_BATCH_SIZE} (issues per triage session), got ${value}.`,
      });
    }
  }),
  triage_comment: booleanInput('triage_comment'),
  prompt_file: optionalString.superRefine((value, ctx) => {
    const problem = value === undefined ? undefined : relativePathProblem(value);
    if (problem !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `expected a file relative to the repository root; ${shown(value ?? '')} ${problem}.`,
      });
    }
  }),
  report_key: optionalString,
  upload_artifact: booleanInput('upload_artifact'),
  branch_prefix: branchPrefix,
  push_to_pr_branch: booleanInput('push_to_pr_branch'),
  allow_workflow_edits: booleanInput('allow_workflow_edits'),
  signed_commits: booleanInput('signed_commits'),
  create_pr: choice('create_pr', CREATE_PR_SETTINGS),
  repository,
  working_directory: workingDirectory,
  campaign,
  campaign_policy: policyFiles,
});

type ParsedInputs = z.output<typeof actionInputsSchema>;

/** Every input name, in action.yml's order. */
export const INPUT_NAMES = Object.keys(actionInputsSchema.shape) as (keyof ParsedInputs)[];

const HOW_TO_AUTHENTICATE =
  'set gemini_api_key, or use_vertex_ai: true with gcp_project_id and gcp_location, or use_gemini_code_assist: true';

/**
 * Exactly one way to reach the model. Inputs win over the environment; when no input chooses,
 * the environment variables the Gemini CLI reads decide (GEMINI_API_KEY, GOOGLE_GENAI_USE_VERTEXAI,
 * GOOGLE_GENAI_USE_GCA), so workflows that configure the model through `env:` keep working.
 */
function resolveAuth(inputs: ParsedInputs, env: Environment): ModelAuth {
  const chosen = [
    inputs.gemini_api_key !== undefined ? 'gemini_api_key' : undefined,
    inputs.use_vertex_ai ? 'use_vertex_ai' : undefined,
    inputs.use_gemini_code_assist ? 'use_gemini_code_assist' : undefined,
  ].filter((name) => name !== undefined);
  const [first, second] = chosen;
  if (second !== undefined) {
    throw new AuthenticationError(
      `expected one way to reach the model, but ${chosen.join(' and ')} are set; keep one (${HOW_TO_AUTHENTICATE}).`,
      { input: second },
    );
  }
  // Clears the switches the environment may hold, so the chosen input is what decides.
  const base = { ...env, GOOGLE_GENAI_USE_GCA: '', GOOGLE_GENAI_USE_VERTEXAI: '' };
  switch (first) {
    case 'gemini_api_key':
      return resolveModelAuth({ ...base, GEMINI_API_KEY: inputs.gemini_api_key });
    case 'use_vertex_ai': {
      const project = inputs.gcp_project_id ?? env.GOOGLE_CLOUD_PROJECT?.trim();
      const location = inputs.gcp_location ?? env.GOOGLE_CLOUD_LOCATION?.trim();
      const missing = [
        project ? undefined : 'gcp_project_id',
        location ? undefined : 'gcp_location',
      ].filter((name) => name !== undefined);
      if (missing[0] !== undefined) {
        throw new AuthenticationError(
          `expected a value: use_vertex_ai: true needs gcp_project_id and gcp_location (or GOOGLE_CLOUD_PROJECT and GOOGLE_CLOUD_LOCATION in the environment); ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} empty.`,
          { input: missing[0] },
        );
      }
      return resolveModelAuth({
        ...base,
        GOOGLE_GENAI_USE_VERTEXAI: 'true',
        GOOGLE_CLOUD_PROJECT: project,
        GOOGLE_CLOUD_LOCATION: location,
      });
    }
    case 'use_gemini_code_assist':
      return resolveModelAuth({
        ...base,
        GOOGLE_GENAI_USE_GCA: 'true',
        ...(inputs.gcp_project_id !== undefined
          ? { GOOGLE_CLOUD_PROJECT: inputs.gcp_project_id }
          : {}),
      });
    default:
      try {
        return resolveModelAuth(env);
      } catch (error) {
        if (!(error instanceof AuthenticationError)) throw error;
        throw new AuthenticationError(
          `expected model credentials: ${HOW_TO_AUTHENTICATE}. (${error.message})`,
          { input: 'gemini_api_key' },
          { cause: error },
        );
      }
  }
}

/**
 * Reads and checks every input. `getInput` returns an input's value (`''` when unset), as
 * `core.getInput` does; `env` supplies the model environment variables and the secrets to redact.
 * Throws a `ConfigurationError` located at the first bad input.
 */
export function readActionInputs(
  getInput: (name: string) => string,
  env: Environment,
): ActionInputs {
  const raw = Object.fromEntries(INPUT_NAMES.map((name) => [name, getInput(name).trim()]));
  const result = actionInputsSchema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0];
    const input = String(issue?.path[0] ?? 'inputs');
    // JSON inputs say where in their text the problem is (inlineJsonProblem).
    const at = issue?.code === 'custom' ? (issue.params as Partial<TextPosition> | undefined) : {};
    throw new ConfigurationError(issue?.message ?? 'invalid value.', {
      input,
      ...(at?.line === undefined || at.column === undefined
        ? {}
        : { line: at.line, column: at.column }),
    });
  }
  const inputs = result.data;
  const auth = resolveAuth(inputs, env);
  const secrets = [
    inputs.gemini_api_key,
    inputs.github_token,
    'apiKey' in auth ? auth.apiKey : undefined,
    ...secretEnvironmentValues(env),
  ].filter((value): value is string => value !== undefined && value !== '');
  return {
    auth,
    storeRequests: inputs.store_requests,
    model: inputs.model,
    fallbackModel: inputs.fallback_model,
    prompt: inputs.prompt,
    mode: inputs.mode,
    triggerPhrase: inputs.trigger_phrase,
    githubToken: inputs.github_token,
    policyFiles: inputs.policy,
    extensions: inputs.extensions,
    allowedCommands: inputs.allowed_commands,
    settings: inputs.settings,
    maxTurns: inputs.max_turns,
    maxCostUsd: inputs.max_cost_usd,
    timeoutMinutes: inputs.timeout_minutes,
    sandbox: inputs.sandbox,
    allowedBots: inputs.allowed_bots,
    botLogin: inputs.bot_login,
    review: reviewOptionsFrom(inputs),
    triage: { allowComment: inputs.triage_comment, batchSize: inputs.triage_batch_size },
    publish: {
      branchPrefix: inputs.branch_prefix,
      pushToPrBranch: inputs.push_to_pr_branch,
      allowWorkflowEdits: inputs.allow_workflow_edits,
      signedCommits: inputs.signed_commits,
      createPr: inputs.create_pr,
    },
    promptFile: inputs.prompt_file,
    reportKey: inputs.report_key,
    uploadArtifact: inputs.upload_artifact,
    repository: inputs.repository,
    workingDirectory: inputs.working_directory,
    campaign: inputs.campaign,
    campaignPolicyFiles: inputs.campaign_policy,
    secrets: [...new Set(secrets)],
  };
}
