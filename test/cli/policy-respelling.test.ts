// `gemini-agent policy check` warns about a deny rule a respelled command could slip past, naming
// the rule's file:line:column; `policy explain` shows which reading of the command denied it.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPLAIN_DENIED_EXIT, runPolicyCommand } from '../../src/cli/subcommands/policy.js';
import { captureOutput } from '../support/cli-io.js';
import { tempRepo } from '../support/temp-repo.js';

const POLICY = `[[rule]]
toolName = "run_shell_command"
commandPrefix = "rm"
decision = "allow"
priority = 100

[[rule]]
toolName = "run_shell_command"
commandPrefix = ["rm -rf", "git push --force", "npm publish"]
decision = "deny"
priority = 200

[[rule]]
toolName = "run_shell_command"
commandPrefix = ["docker run --privileged", "git worktree remove --force", "echo $HOME", "git push --frobnicate"]
decision = "deny"
priority = 300

[[rule]]
toolName = "run_shell_command"
commandRegex = 'rm\\s+-rf'
decision = "ask_user"
priority = 150

[[rule]]
toolName = "run_shell_command"
commandPrefix = "mytool --danger"
decision = "allow"
priority = 50
`;

async function policyFile(): Promise<{ dir: string; file: string }> {
  const dir = await tempRepo({ 'policy.toml': POLICY });
  return { dir, file: path.join(dir, 'policy.toml') };
}

describe('gemini-agent policy check', () => {
  it('warns about each deny whose options could be respelled past it, at the rule', async () => {
    const { file } = await policyFile();
    const out = captureOutput();

    expect(await runPolicyCommand(['check', file], out.io)).toBe(0);

    const warnings = out.stderr.trim().split('\n');
    expect(warnings).toEqual([
      expect.stringMatching(
        new RegExp(
          `^warning: ${file}:13:1: commandPrefix "docker run --privileged" gives options \\(--privileged\\) to \`docker\`, whose options this agent does not know: only this spelling is denied`,
        ),
      ),
      expect.stringContaining(
        `${file}:13:1: commandPrefix "git worktree remove --force" gives options to \`git worktree\`, whose options this agent does not know`,
      ),
      expect.stringContaining(
        `${file}:13:1: commandPrefix "echo $HOME" is not plain words (it holds quotes left open, $, a glob or shell syntax), so it is matched on the command's raw text only`,
      ),
      expect.stringContaining(
        `${file}:13:1: commandPrefix "git push --frobnicate" gives \`git push\` options this agent does not know (--frobnicate)`,
      ),
      expect.stringContaining(
        `${file}:19:1: commandRegex /rm\\s+-rf/ names options as they are written, so other spellings of the same options (-fr for -rf, -r -f, long forms, another order) do not match it`,
      ),
    ]);
    // Denies of known programs, a prefix without options and allow rules are not warned about.
    expect(out.stderr).not.toContain('"rm -rf"');
    expect(out.stderr).not.toContain('git push --force"');
    expect(out.stderr).not.toContain('npm publish');
    expect(out.stderr).not.toContain('mytool');
  });
});

describe('gemini-agent policy explain', () => {
  it('shows which reading of each sub-command denied it', async () => {
    const { dir, file } = await policyFile();
    const command = "rm -rf a && rm  '-rf' b && rm -r -f c";

    const explained = captureOutput();
    expect(
      await runPolicyCommand(
        [
          'explain',
          '--tool',
          'run_shell_command',
          '--args',
          JSON.stringify({ command }),
          '--policy',
          file,
          '--repo',
          dir,
        ],
        explained.io,
      ),
    ).toBe(EXPLAIN_DENIED_EXIT);
    const lines = explained.stdout.split('\n');
    const after = (text: string) => lines.slice(lines.indexOf(text) + 1, lines.indexOf(text) + 3);
    expect(after('  deny     rm -rf a')).toEqual([
      `           Denied by the rule at ${file}:7:1.`,
      '           matched on: the raw text',
    ]);
    expect(after("  deny     rm  '-rf' b")).toEqual([
      `           Denied by the rule at ${file}:7:1. Read as bash runs it, the command is \`rm -rf b\`, which starts with the prefix \`rm -rf\`.`,
      '           matched on: the parsed words `rm -rf b`',
    ]);
    expect(after('  deny     rm -r -f c')).toEqual([
      `           Denied by the rule at ${file}:7:1. Read as bash runs it, \`rm -r -f c\` is \`rm --force --recursive c\`, and the prefix \`rm -rf\` is \`rm --force --recursive\`.`,
      '           matched on: the options in canonical form `rm --force --recursive c`',
    ]);
  });
});
