// The README's "Commands and flags" block is generated from the CLI's own help by
// scripts/cli-docs.mjs; here the same generator runs on the help texts in src/, so a flag or a
// command added to the CLI and not to the README fails. On failure: `npm run bundle`, then
// `node scripts/cli-docs.mjs`, and commit README.md.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandsBlock, renderCommandsSection } from '../../scripts/cli-docs.mjs';
import { USAGE } from '../../src/cli/args.js';
import { COMMANDS_USAGE } from '../../src/cli/subcommands/commands-list.js';
import { DEMO_USAGE } from '../../src/cli/subcommands/demo.js';
import { FLEET_USAGE } from '../../src/cli/subcommands/fleet.js';
import { FLEET_LOCAL_USAGE } from '../../src/cli/subcommands/fleet-local-args.js';
import { POLICY_USAGE } from '../../src/cli/subcommands/policy.js';
import { RUN_USAGE } from '../../src/cli/subcommands/run.js';
import { SERVE_USAGE } from '../../src/cli/a2a-server/serve-args.js';
import { TRUST_USAGE } from '../../src/cli/subcommands/trust.js';

const README = path.resolve(import.meta.dirname, '../../README.md');
/** In scripts/cli-docs.mjs's HELP_COMMANDS order. */
const HELPS = [
  USAGE,
  RUN_USAGE,
  DEMO_USAGE,
  SERVE_USAGE,
  TRUST_USAGE,
  COMMANDS_USAGE,
  POLICY_USAGE,
  FLEET_USAGE,
  FLEET_LOCAL_USAGE,
];

describe('README "Commands and flags"', () => {
  it('is what scripts/cli-docs.mjs generates from the CLI help', async () => {
    const readme = await readFile(README, 'utf8');
    expect(readme).toBe(renderCommandsSection(readme, HELPS));
  });

  it('has every command, and every flag each help lists', () => {
    const block = commandsBlock(HELPS);
    for (const command of [
      '-p',
      'run',
      'demo',
      'serve',
      'trust',
      'commands list',
      'fleet plan',
      'fleet report',
      'fleet local',
    ]) {
      expect(block).toContain(`gemini-agent ${command} `);
    }
    expect(block).toContain('gemini-agent policy check ');
    expect(block).toContain('gemini-agent policy explain ');
    expect(block).toContain('gemini-agent demo [--live] [--out DIR]');
    for (const help of HELPS) {
      for (const [, flag] of help.matchAll(/^\s+(?:-[a-zA-Z], )?(--[a-z][\w-]*)/gm)) {
        if (flag === '--help' || flag === '--version' || flag === undefined) continue;
        const short = new RegExp(`(-[a-zA-Z]), ${flag}\\b`).exec(help)?.[1];
        // `-p "<prompt>"` and the like are in the synopsis itself, not in brackets; one of two
        // in parentheses (`(--repos-file FILE | --owner OWNER)`).
        expect(block, flag).toMatch(new RegExp(`(\\[| |\\()(${flag}|${short ?? flag})\\b`));
      }
    }
    expect(block).toContain('[--extension DIR]...');
    expect(block).toContain('[-d]');
  });
});
