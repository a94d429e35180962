// Command files as the Gemini CLI documents them (docs/cli/custom-commands.md) and tests them
// (packages/cli/src/services/FileCommandLoader.test.ts): names from paths, default descriptions,
// precedence of the layers, and errors that name the file, line and column.
import { symlink } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandNameFromPath, parseCommandFile } from '../../src/custom-commands/command-file.js';
import { CommandRegistry } from '../../src/custom-commands/command-registry.js';
import { loadCommandFolder } from '../../src/custom-commands/load-commands.js';
import { ConfigurationError } from '../../src/platform/errors.js';
import { tempRepo } from '../support/temp-repo.js';
import { DOCS_COMMANDS } from './support/doc-commands.js';

const project = (directory: string) => ({
  directory,
  shownAs: '.gemini/commands',
  origin: { layer: 'project' as const },
});

describe('command names', () => {
  it.each([
    ['test.toml', 'test'],
    ['git/commit.toml', 'git:commit'],
    ['a/b/c.toml', 'a:b:c'],
    ['test.v1.toml', 'test.v1'],
    ['legacy:command.toml', 'legacy_command'],
    ['test\twith\nnewlines.toml', 'test_with_newlines'],
    [`${'a'.repeat(60)}.toml`, `${'a'.repeat(47)}...`],
  ])('%j is /%s', (file, name) => {
    expect(commandNameFromPath(file)).toBe(name);
  });
});

describe('command files', () => {
  it('loads the documented examples under their documented names', async () => {
    const root = await tempRepo(DOCS_COMMANDS);
    const loaded = await loadCommandFolder(project(path.join(root, '.gemini/commands')));

    expect(loaded.problems).toEqual([]);
    expect(loaded.commands.map((command) => [command.name, command.description])).toEqual([
      ['changelog', "Adds a new entry to the project's CHANGELOG.md file."],
      ['git:commit', 'Generates a Git commit message based on staged changes.'],
      ['git:fix', 'Generates a fix for a given issue.'],
      ['grep-code', 'Custom command from grep-code.toml'],
      ['review', 'Reviews the provided context using a best practice guide.'],
    ]);
    expect(loaded.commands[1]?.origin).toEqual({
      layer: 'project',
      file: '.gemini/commands/git/commit.toml',
    });
  });

  it('gives a file without a description the default one, and makes descriptions one line', () => {
    expect(parseCommandFile('prompt = "x"', { file: 'f', fileName: 'test.toml' })).toEqual({
      prompt: 'x',
      description: 'Custom command from test.toml',
    });
    const messy = parseCommandFile(
      'prompt = "x"\ndescription = "Line 1\\nLine 2\\tTabbed\\u001b[31m Red text\\u001b[0m"',
      { file: 'f', fileName: 'f.toml' },
    );
    expect(messy.description).toBe('Line 1 Line 2 Tabbed Red text');
    const long = parseCommandFile(`prompt = "x"\ndescription = "${'d'.repeat(150)}"`, {
      file: 'f',
      fileName: 'f.toml',
    });
    expect(long.description).toBe(`${'d'.repeat(97)}...`);
  });

  it('reports bad TOML and a missing prompt at file:line:column, and loads the others', async () => {
    const root = await tempRepo({
      '.gemini/commands/ok.toml': 'prompt = "fine"\n',
      '.gemini/commands/broken.toml': 'description = "x"\nprompt = """unterminated\n',
      '.gemini/commands/empty.toml': '# no prompt here\ndescription = "nothing to send"\n',
      '.gemini/commands/number.toml': 'description = "d"\nprompt = 42\n',
    });
    const loaded = await loadCommandFolder(project(path.join(root, '.gemini/commands')));

    expect(loaded.commands.map((command) => command.name)).toEqual(['ok']);
    const messages = loaded.problems.map((problem) => [problem.name, problem.error.message]);
    expect(messages).toEqual([
      [
        'broken',
        expect.stringMatching(
          /^\.gemini\/commands\/broken\.toml:2:\d+: expected a TOML command file; /,
        ),
      ],
      [
        'empty',
        '.gemini/commands/empty.toml:1:1: expected a "prompt" string: the text sent to the model when the command is invoked.',
      ],
      [
        'number',
        '.gemini/commands/number.toml:2:1: expected "prompt" to be a string, got number 42.',
      ],
    ]);
    expect(loaded.problems[0]?.error).toBeInstanceOf(ConfigurationError);
  });

  it('refuses a command file that is a symlink leading out of the folder', async () => {
    const root = await tempRepo({
      'secret.txt': 'prompt = "the secret"\n',
      '.gemini/commands/x': '',
    });
    await symlink(path.join(root, 'secret.txt'), path.join(root, '.gemini/commands/leak.toml'));
    const loaded = await loadCommandFolder(project(path.join(root, '.gemini/commands')));

    expect(loaded.commands).toEqual([]);
    expect(loaded.problems[0]?.error.message).toBe(
      '.gemini/commands/leak.toml: expected a command file inside the commands folder; it is a symlink that leads out of it.',
    );
  });

  it('finds commands in dot-folders, and none in a folder that does not exist', async () => {
    const root = await tempRepo({ '.gemini/commands/.team/sync.toml': 'prompt = "sync"\n' });
    const loaded = await loadCommandFolder(project(path.join(root, '.gemini/commands')));
    expect(loaded.commands.map((command) => command.name)).toEqual(['.team:sync']);
    const none = await loadCommandFolder(project(path.join(root, 'missing')));
    expect(none).toEqual({ commands: [], problems: [] });
  });
});

describe('precedence', () => {
  it('lets the repository win over extensions and extensions over bundled commands', async () => {
    const root = await tempRepo({
      'bundled/deploy.toml': 'prompt = "bundled deploy"\n',
      'bundled/help.toml': 'prompt = "bundled help"\n',
      'gcp/commands/deploy.toml': 'description = "gcp"\nprompt = "gcp deploy"\n',
      'gcp/commands/gcs/sync.toml': 'prompt = "gcs sync"\n',
      'repo/deploy.toml': 'description = "ours"\nprompt = "our deploy"\n',
    });
    const registry = new CommandRegistry([
      await loadCommandFolder({
        directory: path.join(root, 'bundled'),
        shownAs: 'bundled',
        origin: { layer: 'bundled' },
      }),
      await loadCommandFolder({
        directory: path.join(root, 'gcp/commands'),
        shownAs: '.gemini/extensions/gcp/commands',
        origin: { layer: 'extension', extension: 'gcp' },
      }),
      await loadCommandFolder({ ...project(path.join(root, 'repo')) }),
    ]);

    expect(registry.list().map((command) => [command.name, command.prompt])).toEqual([
      ['deploy', 'our deploy'],
      ['gcs:sync', 'gcs sync'],
      ['help', 'bundled help'],
    ]);
    expect(registry.shadowed).toEqual([
      {
        name: 'deploy',
        winner: {
          layer: 'extension',
          extension: 'gcp',
          file: '.gemini/extensions/gcp/commands/deploy.toml',
        },
        loser: { layer: 'bundled', file: 'bundled/deploy.toml' },
      },
      {
        name: 'deploy',
        winner: { layer: 'project', file: '.gemini/commands/deploy.toml' },
        loser: {
          layer: 'extension',
          extension: 'gcp',
          file: '.gemini/extensions/gcp/commands/deploy.toml',
        },
      },
    ]);
  });

  it("keeps a broken repository file's name: invoking it gives its error, not the extension's command", async () => {
    const root = await tempRepo({
      'gcp/deploy.toml': 'prompt = "gcp deploy"\n',
      'repo/deploy.toml': 'prompt = 1\n',
    });
    const registry = new CommandRegistry([
      await loadCommandFolder({
        directory: path.join(root, 'gcp'),
        shownAs: 'gcp',
        origin: { layer: 'extension', extension: 'gcp' },
      }),
      await loadCommandFolder(project(path.join(root, 'repo'))),
    ]);
    const found = registry.lookup('deploy');
    expect(found.kind).toBe('broken');
    expect(registry.list()).toEqual([]);
  });
});
