/**
 * The policies shipped with the Action (`policies/*.toml`, documented in docs/policy.md), which run
 * mode uses which, and the allow rules for the test commands a workflow lists.
 *
 * The preset files sit next to the bundle (the build copies them to `dist/<entry>/policies/`);
 * from the sources they are found at the repository root.
 */
import { access } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigurationError } from '../platform/errors.js';
import type { ErrorLocation } from '../platform/errors.js';
import { loadPolicyFiles } from './load-policy.js';
import type { LoadedPolicy } from './load-policy.js';
import { SHELL_TOOL_NAME } from './parse-policy.js';
import type { PolicyRule, PolicyTier } from './policy-types.js';
import { TIER_BASE } from './policy-types.js';
import { didYouMean, quoteChoices } from './rule-fields.js';
import type { RunMode } from '../platform/run-mode.js';

export type PresetName = 'read-only' | 'edit' | 'maintenance';
export const PRESET_NAMES: readonly PresetName[] = ['read-only', 'edit', 'maintenance'];

/**
 * The protected paths every preset that allows edits keeps the file tools out of, at the top and
 * at any depth: `.github/` (what CI runs, who must review), `.gemini/` and `GEMINI.md` (this
 * agent's settings, extensions, commands, subagents, policies and context), `.git/`. The TOML
 * files list them literally (`excludedPaths` of the edit allow, `pathPattern` of the 900 deny);
 * test/policy/presets.test.ts holds each preset to this list, and docs/policy.md's table shows
 * it. A workspace inside such a folder is refused by `src/tools/protected-paths.ts`.
 */
export const PROTECTED_PATH_PATTERNS: readonly string[] = [
  '.github/**',
  '**/.github/**',
  '.gemini/**',
  '**/.gemini/**',
  'GEMINI.md',
  '**/GEMINI.md',
  '.git/**',
  '**/.git/**',
];

/**
 * Priority of the rules {@link commandAllowRules} makes: above the presets' own allows (100) and
 * explained denials (50), below their hard denials (900) when loaded in the same tier.
 */
export const COMMAND_ALLOW_PRIORITY = 500;

const PRESET_FOR_MODE: Readonly<Record<RunMode, PresetName>> = {
  review: 'read-only',
  triage: 'read-only',
  invoke: 'edit',
  maintenance: 'maintenance',
};

/** The preset a run of this mode starts from. */
export function presetForMode(mode: RunMode): PresetName {
  return PRESET_FOR_MODE[mode];
}

export function isPresetName(value: string): value is PresetName {
  return (PRESET_NAMES as readonly string[]).includes(value);
}

/** A preset name from an input or flag; anything else is a configuration error. */
export function parsePresetName(value: string, location?: ErrorLocation): PresetName {
  const name = value.trim();
  if (isPresetName(name)) return name;
  throw new ConfigurationError(
    `unknown policy preset ${JSON.stringify(value)}; expected ${quoteChoices(PRESET_NAMES)}` +
      didYouMean(name, PRESET_NAMES),
    location,
  );
}

/** Where preset files are looked for, in order: beside the bundle, then the repository root. */
export function presetDirectories(): string[] {
  const here = dirname(fileURLToPath(import.meta.url));
  return [join(here, 'policies'), resolve(here, '..', '..', 'policies')];
}

export interface PresetOptions {
  /** The tier the preset's rules get (default: `default`, below every policy file). */
  tier?: PolicyTier;
  /** Folders to look in instead of {@link presetDirectories}. */
  directories?: readonly string[];
}

/** The path of a preset's TOML file. A missing one is a packaging bug, not a user error. */
export async function findPresetFile(
  name: PresetName,
  options: Pick<PresetOptions, 'directories'> = {},
): Promise<string> {
  const directories = options.directories ?? presetDirectories();
  for (const directory of directories) {
    const candidate = join(directory, `${name}.toml`);
    try {
      await access(candidate);
      return candidate;
    } catch {
      // Not in this folder; try the next.
    }
  }
  throw new Error(`The policy preset "${name}" is missing; looked in ${directories.join(', ')}`);
}

/** A preset's rules, labelled `preset:<name>` in rule sources and messages. */
export async function loadPreset(
  name: PresetName,
  options: PresetOptions = {},
): Promise<LoadedPolicy> {
  const path = await findPresetFile(name, options);
  return loadPolicyFiles([{ path, tier: options.tier ?? 'default', label: `preset:${name}` }]);
}

export interface CommandRuleSource {
  /** Where the list came from, e.g. `input allowed-commands` or `--allow-command`. */
  file: string;
  tier: PolicyTier;
}

/**
 * One allow rule per command a workflow or user lists (`["npm test", "npm run lint"]`): the shell
 * command, and each of its sub-commands, must start with it on a word boundary. The shell
 * analysis still applies, so `npm test $(env)` stays denied.
 */
export function commandAllowRules(
  commands: readonly string[],
  source: CommandRuleSource,
): PolicyRule[] {
  return commands.map((raw, index) => {
    const command = raw.trim();
    checkListedCommand(command, index, source);
    return {
      id: `${source.file}#${index}`,
      toolNames: [SHELL_TOOL_NAME],
      commandPrefixes: [command],
      decision: 'allow',
      priority: COMMAND_ALLOW_PRIORITY,
      effectivePriority: TIER_BASE[source.tier] + COMMAND_ALLOW_PRIORITY / 1000,
      source: { file: source.file, line: index + 1, column: 1, tier: source.tier },
    };
  });
}

/** Shell syntax in a listed command could never match one sub-command, so it is a mistake. */
const COMMAND_SYNTAX: readonly { token: RegExp; why: string }[] = [
  {
    token: /&&|\|\||[;&|\n\r]/,
    why: 'list each command on its own (every part of a compound command is checked separately)',
  },
  { token: /[<>]/, why: 'redirections are judged separately (allowRedirection in a [[rule]])' },
  { token: /[$`]/, why: 'expansions and substitutions are never allowed in commands' },
];

function checkListedCommand(command: string, index: number, source: CommandRuleSource): void {
  const location = { file: source.file };
  if (command === '') {
    throw new ConfigurationError(
      `command ${index + 1} is empty; expected a command such as "npm test"`,
      location,
    );
  }
  for (const { token, why } of COMMAND_SYNTAX) {
    const found = token.exec(command);
    if (found) {
      throw new ConfigurationError(
        `command ${index + 1} (${JSON.stringify(command)}) contains ${JSON.stringify(found[0])}: ${why}`,
        location,
      );
    }
  }
}
