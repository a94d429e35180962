// The CLI and custom commands: `commands list`, `-p "/name args"` and `--extension`.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { testIo } from '../support/cli-io.js';
import { textReply, useFakeGemini } from '../support/fake-gemini.js';
import { tempRepo } from '../support/temp-repo.js';
import { DOCS_COMMANDS } from '../custom-commands/support/doc-commands.js';

describe('gemini-agent commands list', () => {
  it("lists the repository's and the extensions' commands with descriptions and files", async () => {
    const repo = await tempRepo({
      ...DOCS_COMMANDS,
      '.gemini/commands/deploy.toml': 'description = "Our deploy"\nprompt = "deploy"\n',
    });
    const vendored = await tempRepo({
      'gcp/gemini-extension.json': '{"name":"gcp","version":"1.4.0"}',
      'gcp/commands/deploy.toml': 'description = "Deploy to GCP"\nprompt = "x"\n',
      'gcp/commands/gcs/sync.toml': 'prompt = "y"\n',
    });
    const run = testIo({});

    const code = await runCli(
      ['commands', 'list', '--repo', repo, '--extension', path.join(vendored, 'gcp')],
      run.io,
    );

    expect(code).toBe(0);
    expect(run.stdout).toBe(
      [
        `Extension gcp 1.4.0 (${path.join(vendored, 'gcp')})`,
        '',
        "/changelog   Adds a new entry to the project's CHANGELOG.md file.  (.gemini/commands/changelog.toml)",
        '/deploy      Our deploy  (.gemini/commands/deploy.toml)',
        `/gcs:sync    Custom command from sync.toml  (${path.join(vendored, 'gcp')}/commands/gcs/sync.toml)`,
        '/git:commit  Generates a Git commit message based on staged changes.  (.gemini/commands/git/commit.toml)',
        '/git:fix     Generates a fix for a given issue.  (.gemini/commands/git/fix.toml)',
        '/grep-code   Custom command from grep-code.toml  (.gemini/commands/grep-code.toml)',
        '/review      Reviews the provided context using a best practice guide.  (.gemini/commands/review.toml)',
        `note: /deploy: .gemini/commands/deploy.toml is used; it replaces ${path.join(vendored, 'gcp')}/commands/deploy.toml (extension gcp).`,
        '',
      ].join('\n'),
    );
  });

  it('exits 52 and names file, line and column of a command file that does not load', async () => {
    const repo = await tempRepo({ '.gemini/commands/bad.toml': 'prompt = [1, 2]\n' });
    const run = testIo({ GEMINI_CLI_TRUST_WORKSPACE: 'true' });
    const code = await runCli(['commands', 'list', '--repo', repo], run.io);
    expect(code).toBe(52);
    expect(run.stderr).toBe(
      'error: .gemini/commands/bad.toml:1:1: expected "prompt" to be a string, got a list.\n',
    );
  });

  it('exits 42 for a --repo that does not exist, as every other command does', async () => {
    const missing = path.join(await tempRepo(), 'nonexistent');
    for (const argv of [
      ['commands', 'list', '--repo', missing],
      ['policy', 'explain', '--tool', 'read_file', '--args', '{}', '--repo', missing],
      ['-p', 'hi', '--repo', missing, '--replay', 'none.jsonl'],
    ]) {
      const run = testIo({});
      expect(await runCli(argv, run.io)).toBe(42);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(`error: --repo expects an existing directory, got "${missing}".\n`);
    }
  });

  it('points at a misspelt "prompt" key with what it was meant as', async () => {
    const repo = await tempRepo({
      '.gemini/commands/fix.toml': 'description = "Fix it"\npromt = "Fix {{args}}"\n',
    });
    const run = testIo({ GEMINI_CLI_TRUST_WORKSPACE: 'true' });
    expect(await runCli(['commands', 'list', '--repo', repo], run.io)).toBe(52);
    expect(run.stderr).toBe(
      'error: .gemini/commands/fix.toml:2:1: expected a "prompt" string: the text sent to the model when the command is invoked; found "promt"; did you mean "prompt"?\n',
    );
  });
});

describe('gemini-agent -p "/name args"', () => {
  it("sends the command's prompt with the arguments", async () => {
    const repo = await tempRepo(DOCS_COMMANDS);
    const server = await useFakeGemini([textReply('Fixed.')]);
    const run = testIo({
      GEMINI_API_KEY: 'k',
      GOOGLE_GEMINI_BASE_URL: server.url,
      GEMINI_CLI_TRUST_WORKSPACE: 'true',
    });

    const code = await runCli(
      ['-p', '/git:fix "Button is misaligned"', '--repo', repo, '--sandbox', 'none'],
      run.io,
    );

    expect(code).toBe(0);
    const body = server.generateRequests()[0]?.body as {
      contents: { parts: { text?: string }[] }[];
    };
    expect(body.contents.at(-1)?.parts[0]?.text).toBe(
      'Please provide a code fix for the issue described here: "Button is misaligned".',
    );
  });

  it("names the CLI's own flags when a command's !{…} block is not allowed", async () => {
    const repo = await tempRepo({ '.gemini/commands/ship.toml': 'prompt = "!{git push}"\n' });
    const server = await useFakeGemini([textReply('unused')]);
    const run = testIo({
      GEMINI_API_KEY: 'k',
      GOOGLE_GEMINI_BASE_URL: server.url,
      GEMINI_CLI_TRUST_WORKSPACE: 'true',
    });

    const code = await runCli(['-p', '/ship', '--repo', repo, '--sandbox', 'none'], run.io);

    expect(code).toBe(52);
    expect(run.stderr).toContain(
      'Allow the command with --allow-command or a --policy file, or remove the !{…} block from the command file.',
    );
    expect(run.stderr).not.toContain('workflow');
    expect(run.stderr).not.toContain('allowed_commands');
    expect(server.generateRequests()).toHaveLength(0);
  });

  it('answers an unknown command with the list of commands, without asking the model', async () => {
    const repo = await tempRepo(DOCS_COMMANDS);
    const server = await useFakeGemini([textReply('unused')]);
    const run = testIo({
      GEMINI_API_KEY: 'k',
      GOOGLE_GEMINI_BASE_URL: server.url,
      GEMINI_CLI_TRUST_WORKSPACE: 'true',
    });

    const code = await runCli(['-p', '/deploy now', '--repo', repo, '--sandbox', 'none'], run.io);

    expect(code).toBe(52);
    expect(run.stderr).toContain(
      "There is no command /deploy. The available commands: /changelog (Adds a new entry to the project's CHANGELOG.md file.); /git:commit (Generates a Git commit message based on staged changes.);",
    );
    expect(server.generateRequests()).toEqual([]);
  });
});
