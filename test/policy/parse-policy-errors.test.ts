import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/platform/errors.js';
import { parsePolicy } from '../../src/policy/parse-policy.js';
import { PolicyFileError } from '../../src/policy/policy-file-error.js';

const source = { file: 'p.toml', tier: 'repository' } as const;

/** The error parsePolicy throws for `text`. */
function failure(text: string): PolicyFileError {
  try {
    parsePolicy(text, source);
  } catch (error) {
    if (error instanceof PolicyFileError) return error;
    throw error;
  }
  throw new Error('expected the policy to be rejected');
}

function message(text: string): string {
  return failure(text).message;
}

/** A complete, valid rule with `extra` lines added. */
function ruleWith(extra: string): string {
  return `[[rule]]\ntoolName = "run_shell_command"\ndecision = "allow"\npriority = 10\n${extra}\n`;
}

describe('policy errors carry file:line:column and say what was expected', () => {
  it('reports a TOML syntax error where the parser found it', () => {
    const error = failure('[[rule]]\ntoolName = "x"\ndecision = allow\n');
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.message).toBe('p.toml:3:12: TOML syntax error: invalid value');
    expect(error.location).toEqual({ file: 'p.toml', line: 3, column: 12 });
  });

  it('reports an unknown field with the field it most likely meant', () => {
    expect(message('[[rule]]\ntolName = "glob"\ndecision = "allow"\npriority = 1\n')).toBe(
      'p.toml:2:1: unknown field "tolName" in [[rule]]; did you mean "toolName"?',
    );
    expect(message('[[rule]]\ntool_name = "glob"\ndecision = "allow"\npriority = 1\n')).toBe(
      'p.toml:2:1: unknown field "tool_name" in [[rule]]; did you mean "toolName"?',
    );
  });

  it('names the field a shortened one stands for', () => {
    expect(message(ruleWith('prefix = "git"'))).toBe(
      'p.toml:5:1: unknown field "prefix" in [[rule]]; did you mean "commandPrefix"?',
    );
  });

  it('reports unknown top-level keys and fields that belong elsewhere', () => {
    expect(message('[[rules]]\ntoolName = "glob"\n')).toBe(
      'p.toml:1:1: unknown top-level key "rules"; a policy file holds [[rule]] tables and ' +
        '[tools.<name>] tables; did you mean "rule"?',
    );
    expect(message('[[safety_checker]]\ntoolName = "x"\n')).toBe(
      'p.toml:1:1: a safety checker needs type = "in-process" or "external"',
    );
    expect(message(ruleWith('mode = "always_allow"'))).toBe(
      'p.toml:5:1: mode belongs to [tools.<name>] tables; in a [[rule]] table write decision = "allow", "deny" or "ask_user"',
    );
    expect(message('[rule]\ntoolName = "glob"\n')).toBe(
      'p.toml:1:1: rules must be written as [[rule]] tables (an array of tables), but rule is a table',
    );
  });

  it('reports wrong types', () => {
    expect(message('[[rule]]\ntoolName = 5\ndecision = "allow"\npriority = 1\n')).toBe(
      'p.toml:2:1: toolName must be a tool name or an array of them, but is 5 (an integer)',
    );
    expect(message('[[rule]]\ntoolName = ["glob", true]\ndecision = "allow"\npriority = 1\n')).toBe(
      'p.toml:2:21: toolName entries must be strings (tool names), but one is true (a boolean)',
    );
    expect(message(ruleWith('interactive = "no"'))).toBe(
      'p.toml:5:1: interactive must be true or false, but is "no" (a string)',
    );
    expect(message(ruleWith('toolAnnotations = "readOnly"'))).toBe(
      'p.toml:5:1: toolAnnotations must be a table such as { readOnlyHint = true }, but is "readOnly" (a string)',
    );
    expect(message(ruleWith('denyMessage = ["no"]'))).toBe(
      'p.toml:5:1: denyMessage must be a string, but is an array',
    );
    expect(message('[[rule]]\ndecision = "allow"\npriority = "high"\n')).toBe(
      'p.toml:3:1: priority must be an integer from 0 to 999, but is "high" (a string)',
    );
    expect(message('[[rule]]\ndecision = "allow"\npriority = 1.5\n')).toBe(
      'p.toml:3:1: priority must be an integer from 0 to 999, but is 1.5',
    );
  });

  it('reports a priority out of range', () => {
    expect(message('[[rule]]\ndecision = "allow"\npriority = 1000\n')).toBe(
      'p.toml:3:1: priority must be an integer from 0 to 999, but is 1000 (priorities of 1000 and ' +
        'more would reach into the next tier)',
    );
    expect(message('[[rule]]\ndecision = "allow"\npriority = -1\n')).toBe(
      'p.toml:3:1: priority must be an integer from 0 to 999, but is -1',
    );
  });

  it('reports a missing priority or decision at the rule header', () => {
    expect(message('# policy\n\n[[rule]]\ntoolName = "glob"\ndecision = "allow"\n')).toBe(
      'p.toml:3:1: this [[rule]] has no priority; add priority = <an integer from 0 to 999>',
    );
    expect(message('[[rule]]\ntoolName = "glob"\npriority = 5\n')).toBe(
      'p.toml:1:1: this [[rule]] has no decision; add decision = "allow", "deny" or "ask_user"',
    );
    expect(message('[[rule]]\ndecision = "alow"\npriority = 5\n')).toBe(
      'p.toml:2:1: decision must be "allow", "deny" or "ask_user", but is "alow" (a string); did you mean "allow"?',
    );
  });

  it('reports a regex that is not valid JavaScript', () => {
    expect(message(ruleWith('argsPattern = \'"command":"(git\''))).toBe(
      'p.toml:5:1: argsPattern "\\"command\\":\\"(git" is not a valid JavaScript regular expression: Unterminated group',
    );
  });

  it('reports a regex prone to catastrophic backtracking, with the group at fault and a fix', () => {
    expect(
      message(ruleWith("commandRegex = '(a+)+$'").replace('toolName = "run_shell_command"\n', '')),
    ).toBe(
      'p.toml:4:1: commandRegex "(a+)+$" can take exponential time on text that almost matches ' +
        '(catastrophic backtracking): the group "(a+)+" repeats a pattern that itself repeats, so the ' +
        'regex engine tries every way of splitting the text between the two repetitions. Rewrite it ' +
        'so that no repeated group contains another repetition, for example "a+" instead of "(a+)+"',
    );
  });

  it('reports commandPrefix and commandRegex on a tool other than the shell', () => {
    expect(
      message(
        '[[rule]]\ntoolName = "write_file"\ncommandPrefix = "git"\ndecision = "allow"\npriority = 1\n',
      ),
    ).toBe(
      'p.toml:3:1: commandPrefix only applies to run_shell_command, but toolName is "write_file"; ' +
        'set toolName = "run_shell_command" or use argsPattern',
    );
    expect(
      message(
        '[[rule]]\ntoolName = ["run_shell_command", "glob"]\ncommandRegex = "^ls"\ndecision = "allow"\npriority = 1\n',
      ),
    ).toBe(
      'p.toml:3:1: commandRegex only applies to run_shell_command, but toolName is ' +
        '["run_shell_command","glob"]; set toolName = "run_shell_command" or use argsPattern',
    );
    expect(
      message(
        '[[rule]]\nmcpName = "github"\ncommandPrefix = "git"\ndecision = "allow"\npriority = 1\n',
      ),
    ).toBe(
      'p.toml:3:1: commandPrefix only applies to run_shell_command, which is not an MCP tool; remove mcpName',
    );
  });

  it('reports fields that cannot be combined', () => {
    expect(message(ruleWith('commandPrefix = "git"\ncommandRegex = "^git"'))).toBe(
      'p.toml:6:1: commandPrefix and commandRegex cannot be used in the same rule; write two rules',
    );
    expect(message(ruleWith('commandPrefix = "git"\nargsPattern = "git"'))).toBe(
      'p.toml:6:1: argsPattern cannot be combined with commandPrefix, which already matches the command; use one of them',
    );
    expect(message(ruleWith('denyMessage = "a"\ndeny_message = "b"'))).toBe(
      'p.toml:6:1: deny_message and denyMessage are the same field; keep only denyMessage',
    );
  });

  it('reports empty tool names and prefixes', () => {
    expect(message('[[rule]]\ntoolName = ""\ndecision = "deny"\npriority = 1\n')).toBe(
      'p.toml:2:1: toolName must not be empty; use "*" to match every tool',
    );
    expect(message('[[rule]]\ntoolName = []\ndecision = "deny"\npriority = 1\n')).toBe(
      'p.toml:2:1: toolName must list at least one tool; use "*" to match every tool',
    );
    expect(message(ruleWith('commandPrefix = ["git status", " "]'))).toBe(
      'p.toml:5:32: commandPrefix entries must not be empty (an empty prefix would match every command)',
    );
  });

  it('reports mistakes in our additions', () => {
    expect(message(ruleWith('maxCalls = 0'))).toBe(
      'p.toml:5:1: maxCalls must be a positive integer, but is 0',
    );
    expect(message('[[rule]]\ndecision = "deny"\npriority = 1\nmaxCalls = 3\n')).toBe(
      'p.toml:4:1: maxCalls only applies to allow rules, but this rule\'s decision is "deny"',
    );
    expect(message(ruleWith('runModes = ["invoke", "reveiw"]'))).toBe(
      'p.toml:5:23: runModes entries must be "invoke", "review", "triage" or "maintenance", but one is "reveiw"; did you mean "review"?',
    );
    expect(message(ruleWith('trust = []'))).toBe(
      'p.toml:5:1: trust must list at least one of "maintainer" or "automatic" (leave it out to match both)',
    );
    expect(message(ruleWith('modes = ["auto_edit"]'))).toBe(
      'p.toml:5:10: modes entries must be "default", "autoEdit", "plan" or "yolo", but one is "auto_edit"; did you mean "autoEdit"?',
    );
    expect(
      message(
        '[[rule]]\ntoolName = "write_file"\ndecision = "deny"\npriority = 1\nexcluded_paths = ["/etc/*"]\n',
      ),
    ).toBe(
      'p.toml:5:1: excluded_paths only has an effect on allow rules (a matching path turns the allow ' +
        'into ask_user), but this rule\'s decision is "deny"; to deny paths, write a deny rule with pathPattern',
    );
    expect(message(ruleWith('pathPattern = "/etc/**"'))).toBe(
      'p.toml:5:1: pathPattern "/etc/**" is absolute, but paths are matched relative to the workspace ' +
        'root (e.g. "src/**"); use excludedPaths for paths outside the workspace',
    );
    expect(message(ruleWith('pathPattern = ["src/**", "../x/**"]'))).toBe(
      'p.toml:5:26: pathPattern "../x/**" contains "..", but paths are matched relative to the ' +
        'workspace root and never leave it',
    );
  });

  it('reports mistakes in [tools.<name>] tables', () => {
    expect(message('[tools.write_file]\nexcluded_paths = ["/etc/*"]\n')).toBe(
      'p.toml:1:1: [tools.write_file] has no mode; add mode = "always_allow", "always_deny" or "ask_user"',
    );
    expect(message('[tools.write_file]\nmode = "ask"\n')).toBe(
      'p.toml:2:1: mode must be "always_allow", "always_deny" or "ask_user", but is "ask" (a string); did you mean "ask_user"?',
    );
    expect(message('[tools.write_file]\nmode = "always_allow"\nexclude_paths = ["/etc/*"]\n')).toBe(
      'p.toml:3:1: unknown field "exclude_paths" in [tools.write_file]; did you mean "excluded_paths"?',
    );
    expect(message('[tools.write_file]\nmode = "always_allow"\npriority = 5\n')).toBe(
      'p.toml:3:1: priority is a [[rule]] field; [tools.write_file] tables take only mode, ' +
        'excluded_paths and denyMessage, so write a [[rule]] table with toolName = "write_file" to use priority',
    );
    expect(message('[tools.write_file]\nmode = "always_deny"\nexcluded_paths = ["/etc/*"]\n')).toBe(
      'p.toml:3:1: excluded_paths only has an effect with mode = "always_allow" (a matching path ' +
        'turns the allow into ask_user), but mode is "always_deny"',
    );
    expect(message('[tools]\nwrite_file = "always_allow"\n')).toBe(
      'p.toml:2:1: tools.write_file must be a table ([tools.write_file] with mode = "always_allow", ' +
        '"always_deny" or "ask_user"), but is "always_allow" (a string)',
    );
    expect(message('tools = 1\n')).toBe(
      'p.toml:1:1: tools must be a table of tool tables such as [tools.write_file], but is 1 (an integer)',
    );
  });

  it('reports every problem of a file at once, one per line, in file order', () => {
    const text = readFileSync(
      new URL('../fixtures/policies/several-errors.toml', import.meta.url),
      'utf8',
    );
    let error: unknown;
    try {
      parsePolicy(text, { file: 'several-errors.toml', tier: 'repository' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(PolicyFileError);
    const policyError = error as PolicyFileError;
    expect(policyError.message.split('\n')).toEqual([
      'several-errors.toml:2:1: unknown field "tolName" in [[rule]]; did you mean "toolName"?',
      'several-errors.toml:8:1: commandPrefix only applies to run_shell_command, but toolName is ' +
        '"write_file"; set toolName = "run_shell_command" or use argsPattern',
      'several-errors.toml:10:1: priority must be an integer from 0 to 999, but is "high" (a string)',
      'several-errors.toml:12:1: this [[rule]] has no priority; add priority = <an integer from 0 to 999>',
      'several-errors.toml:14:1: argsPattern "(a+)+$" can take exponential time on text that almost ' +
        'matches (catastrophic backtracking): the group "(a+)+" repeats a pattern that itself repeats, ' +
        'so the regex engine tries every way of splitting the text between the two repetitions. ' +
        'Rewrite it so that no repeated group contains another repetition, for example "a+" instead of "(a+)+"',
      'several-errors.toml:18:1: mode must be "always_allow", "always_deny" or "ask_user", but is ' +
        '"allways_allow" (a string); did you mean "always_allow"?',
    ]);
    expect(policyError.problems).toHaveLength(6);
    expect(policyError.location).toEqual({ file: 'several-errors.toml', line: 2, column: 1 });
  });
});
