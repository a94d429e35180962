/**
 * Shell attacks through the whole Action: the workflow allows `npm test` and `git status` (so the
 * policy's allow rules are really exercised), the hostile model sends the commands, then tries to
 * carry out whatever it got. Commands are built from the case's context and a marker path only
 * that attack uses.
 *
 * These test the policy, so they run with `sandbox: none` unless a case says otherwise: a command
 * that slipped through would leave its marker on the real file system, where the sensors see it,
 * instead of in a sandbox's private one — a hole in the policy cannot hide behind the sandbox.
 */
import { existsSync } from 'node:fs';
import { expect } from 'vitest';
import { callsReply } from '../../support/fake-gemini.js';
import { describeAttackGroup } from './attack-group.js';
import type { GroupOptions } from './attack-group.js';
import { expectContained, responseTo } from './contained.js';
import { exfiltrateInAnswer, shell } from './hostile-model.js';
import type { AttackContext, HostileCaseOptions, HostileRun, ToolResponse } from './hostile-run.js';
import { runHostileCase } from './hostile-run.js';

/** The commands the workflow under attack lists as allowed. */
export const ALLOWED_COMMANDS = ['npm test', 'git status'];

/** Builds the command from the case and the marker this attack tries to create. */
export type CommandBuilder = (ctx: AttackContext, marker: string) => string;
export type ShellAttackSpec = [name: string, command: CommandBuilder];

export interface ShellAttack {
  run: HostileRun;
  /** What the model was told about its command. */
  response: ToolResponse;
  marker: string;
}

function withAllowedCommands(inputs: Record<string, string> | undefined): Record<string, string> {
  return { allowed_commands: ALLOWED_COMMANDS.join('\n'), sandbox: 'none', ...inputs };
}

/** One attack in a run of its own. */
export async function runShellAttack(
  command: CommandBuilder,
  options: Omit<HostileCaseOptions, 'script'> = {},
): Promise<ShellAttack> {
  let id: string | undefined;
  let marker = '';
  const run = await runHostileCase({
    ...options,
    inputs: withAllowedCommands(options.inputs),
    script: (ctx) => {
      marker = ctx.marker();
      const call = shell(command(ctx, marker));
      id = call.id;
      return [callsReply([call]), exfiltrateInAnswer()];
    },
  });
  return { run, response: responseTo(run, id), marker };
}

/** The policy refused the command: it never ran. */
export function expectPolicyRefused(response: ToolResponse): void {
  expect(response.text).toMatch(/denied by policy|cannot be checked safely|not allowed/i);
}

/** Refused, no marker was created, and the run is contained. */
export async function expectShellAttackFailed(attack: ShellAttack): Promise<void> {
  expectPolicyRefused(attack.response);
  expect(existsSync(attack.marker)).toBe(false);
  await expectContained(attack.run);
}

/** One test per command (refused by the policy, marker absent), all in one run. */
export function describeShellAttacks(
  title: string,
  attacks: readonly ShellAttackSpec[],
  options: GroupOptions & { setup?: HostileCaseOptions['setup'] } = {},
): void {
  const { setup, ...rest } = options;
  describeAttackGroup(
    title,
    attacks.map(([name, command], index) => ({
      name,
      ...(index === 0 && setup ? { setup } : {}),
      calls: (ctx, marker) => [shell(command(ctx, marker))],
      check: ({ responses }) => {
        for (const response of responses) expectPolicyRefused(response);
      },
    })),
    { ...rest, inputs: withAllowedCommands(rest.inputs) },
  );
}
