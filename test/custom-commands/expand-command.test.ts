// Expanding command files written exactly as the Gemini CLI documents them, with each placeholder
// kind: `{{args}}` raw and shell-escaped, the default append, `!{…}` through the run's real policy
// and tools (a denied command stops the run), and `@{…}` confined to the workspace.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CustomCommand } from '../../src/custom-commands/command-types.js';
import { expandCommand, plainPrompt } from '../../src/custom-commands/expand-command.js';
import type { InjectionServices } from '../../src/custom-commands/injection-services.js';
import { parseCommandInvocation } from '../../src/custom-commands/invocation.js';
import { loadCommandFolder } from '../../src/custom-commands/load-commands.js';
import { escapeShellArgument } from '../../src/custom-commands/shell-escape.js';
import { ConfigurationError } from '../../src/platform/errors.js';
import { tempRepo } from '../support/temp-repo.js';
import { DOCS_COMMANDS } from './support/doc-commands.js';
import { sessionServices } from './support/services.js';

async function commandsIn(root: string): Promise<Map<string, CustomCommand>> {
  const loaded = await loadCommandFolder({
    directory: path.join(root, '.gemini/commands'),
    shownAs: '.gemini/commands',
    origin: { layer: 'project' },
  });
  expect(loaded.problems).toEqual([]);
  return new Map(loaded.commands.map((command) => [command.name, command]));
}

async function expand(
  commands: Map<string, CustomCommand>,
  typed: string,
  services: InjectionServices,
): Promise<string> {
  const invocation = parseCommandInvocation(typed);
  const command = invocation && commands.get(invocation.name);
  if (!invocation || !command) throw new Error(`no command in ${typed}`);
  return plainPrompt((await expandCommand(command, invocation, services)).pieces);
}

function command(prompt: string, name = 'test'): CustomCommand {
  return {
    name,
    description: 'test',
    prompt,
    origin: { layer: 'project', file: `.gemini/commands/${name}.toml` },
  };
}

describe('{{args}} and the default append', () => {
  it('puts the arguments as typed where {{args}} is (git/fix.toml)', async () => {
    const root = await tempRepo(DOCS_COMMANDS);
    const services = await sessionServices(root);
    const prompt = await expand(
      await commandsIn(root),
      '/git:fix "Button is misaligned"',
      services,
    );
    expect(prompt).toBe(
      'Please provide a code fix for the issue described here: "Button is misaligned".',
    );
  });

  it('appends the whole invocation after a blank line when there is no {{args}} (changelog.toml)', async () => {
    const root = await tempRepo(DOCS_COMMANDS);
    const services = await sessionServices(root);
    const commands = await commandsIn(root);
    const body = commands.get('changelog')?.prompt ?? '';

    const prompt = await expand(commands, '/changelog 1.2.0 added "New feature"', services);
    expect(prompt).toBe(`${body}\n\n/changelog 1.2.0 added "New feature"`);
    expect(await expand(commands, '/changelog', services)).toBe(body);
  });

  it('collapses the whitespace of arguments as the Gemini CLI does', () => {
    expect(parseCommandInvocation('  /review-security  focus on\n\nauth  ')).toEqual({
      name: 'review-security',
      args: 'focus on auth',
      raw: '/review-security  focus on\n\nauth',
    });
    expect(parseCommandInvocation('/etc/hosts is stale')).toBeUndefined();
    expect(parseCommandInvocation('fix /tmp')).toBeUndefined();
    expect(parseCommandInvocation('/gcs:sync now')?.name).toBe('gcs:sync');
  });
});

describe('!{…}', () => {
  it('runs the command with {{args}} escaped as one word, and {{args}} raw outside (grep-code.toml)', async () => {
    const root = await tempRepo({
      ...DOCS_COMMANDS,
      'notes.txt': "It's complicated\nsimple\n",
    });
    const services = await sessionServices(root, { allowCommands: ['grep'] });
    const prompt = await expand(await commandsIn(root), "/grep-code It's complicated", services);

    expect(prompt).toContain("Please summarize the findings for the pattern `It's complicated`.");
    expect(prompt).toContain("Search Results:\n./notes.txt:It's complicated\n");
    expect(services.log.lines).toContainEqual({
      level: 'info',
      message: expect.stringContaining(`Run: grep -r "It's complicated" . — allowed by`) as unknown,
    });
  });

  it('stops with the policy reason when the command is denied', async () => {
    const root = await tempRepo({ ...DOCS_COMMANDS, 'notes.txt': 'x\n' });
    const services = await sessionServices(root);
    const expansion = expand(await commandsIn(root), '/grep-code user input', services);

    await expect(expansion).rejects.toThrow(ConfigurationError);
    await expect(expansion).rejects.toThrow(
      /^\.gemini\/commands\/grep-code\.toml: \/grep-code cannot be run\. Blocked command: "grep -r 'user input' \."\. Reason: Tool execution denied by policy\./,
    );
  });

  it('keeps arguments that try shell syntax inert', async () => {
    const root = await tempRepo({ ...DOCS_COMMANDS, 'notes.txt': 'x\n' });
    const services = await sessionServices(root, { allowCommands: ['grep'] });
    const prompt = await expand(await commandsIn(root), '/grep-code $(touch pwned)', services);

    expect(existsSync(path.join(root, 'pwned'))).toBe(false);
    expect(prompt).toContain("[Shell command 'grep -r '$(touch pwned)' .' exited with code 1]");
  });

  it('adds the status line of a failed command after its output', async () => {
    const root = await tempRepo({}, { git: true });
    const services = await sessionServices(root);
    const prompt = await expand(
      new Map([['t', command('Log:\n!{git log --no-such-flag}', 't')]]),
      '/t',
      services,
    );
    expect(prompt).toMatch(
      /^Log:\nfatal: unrecognized argument: --no-such-flag\n\[Shell command 'git log --no-such-flag' exited with code 128\]$/,
    );
  });

  it('runs a command with balanced braces, drops an empty block, and refuses an unclosed one', async () => {
    const root = await tempRepo({}, { git: true });
    const services = await sessionServices(root);
    const prompt = await expand(
      new Map([['t', command(`A!{}B !{ git log -1 --format='{"s":"%s"}' }`, 't')]]),
      '/t',
      services,
    );
    expect(prompt).toBe('AB {"s":"init"}');

    const unclosed = expand(new Map([['t', command('x !{git log {', 't')]]), '/t', services);
    await expect(unclosed).rejects.toThrow(
      ".gemini/commands/t.toml: invalid syntax in command /t: unclosed injection starting at index 2 ('!{').",
    );
  });

  it.each([
    ['user input', "'user input'"],
    ["It's complicated", `"It's complicated"`],
    ['a "quoted" string', `'a "quoted" string'`],
    ['`reboot`', '\\`reboot\\`'],
    ['$(reboot)', '\\$\\(reboot\\)'],
    ['$HOME', '\\$HOME'],
    ['a; reboot', "'a; reboot'"],
    ['src/a.ts', 'src/a.ts'],
    ["it's $HOME!", `"it's \\$HOME\\!"`],
    ['first line\nsecond line', "'first line\nsecond line'"],
    ['', ''],
  ])('escapes %j as %s, as the Gemini CLI does', (args, escaped) => {
    expect(escapeShellArgument(args)).toBe(escaped);
  });
});

describe('@{…}', () => {
  it("puts the file's content in place (review.toml)", async () => {
    const root = await tempRepo({
      ...DOCS_COMMANDS,
      'docs/best-practices.md': '- Small functions.\n- Clear names.\n',
    });
    const services = await sessionServices(root);
    const prompt = await expand(await commandsIn(root), '/review FileCommandLoader.ts', services);
    expect(prompt).toBe(
      'You are an expert code reviewer.\n\nYour task is to review FileCommandLoader.ts.\n\nUse the following best practices when providing your review:\n\n- Small functions.\n- Clear names.\n\n',
    );
  });

  it('refuses a path outside the workspace', async () => {
    const outside = await tempRepo({ 'secret.txt': 'top secret\n' });
    const root = await tempRepo({});
    const services = await sessionServices(root);
    const relative = path.relative(root, path.join(outside, 'secret.txt'));
    const expansion = expand(new Map([['t', command(`Read @{${relative}}`, 't')]]), '/t', services);
    await expect(expansion).rejects.toThrow(`/t: @{${relative}} is refused: `);
    await expect(expansion).rejects.not.toThrow('top secret');
  });

  it('lists a directory in the Gemini CLI format, without ignored files, and leaves injected text inert', async () => {
    const root = await tempRepo(
      {
        '.gitignore': 'secret.env\n',
        'src/a.ts': 'export const a = "!{touch pwned} {{args}}";\n',
        'src/b/c.ts': 'c\n',
        'src/secret.env': 'TOKEN=x\n',
      },
      { git: true },
    );
    const services = await sessionServices(root);
    const prompt = await expand(
      new Map([['t', command('Code:\n@{src}\nArgs: {{args}} !{git status --short src}', 't')]]),
      '/t fix it',
      services,
    );
    expect(prompt).toBe(
      'Code:\n--- Start of content for directory: src ---\n--- a.ts ---\nexport const a = "!{touch pwned} {{args}}";\n\n--- b/c.ts ---\nc\n\n--- End of content for directory: src ---\nArgs: fix it ',
    );
    expect(existsSync(path.join(root, 'pwned'))).toBe(false);
  });

  it('leaves out a file the ignore rules hide, with a notice, and stops at a missing one', async () => {
    const root = await tempRepo({ '.gitignore': '.env\n', '.env': 'TOKEN=x\n' });
    const services = await sessionServices(root);
    const prompt = await expand(new Map([['t', command('A@{.env}B', 't')]]), '/t', services);
    expect(prompt).toBe('AB');
    expect(services.log.lines).toContainEqual({
      level: 'warning',
      message:
        "/t: the file '@{.env}' was ignored by .gitignore or .geminiignore and was not included in the prompt.",
    });
    await expect(
      expand(new Map([['t', command('@{missing.md}', 't')]]), '/t', services),
    ).rejects.toThrow('/t: @{missing.md} names a path that does not exist in the workspace.');
  });
});
