// How many `!{…}` and `@{…}` blocks one command may hold: checked when its file is read, at the
// line and column of the first block past the limit in whichever TOML string the prompt is
// written as, so a command with too many is listed as broken and never starts a shell.
import { describe, expect, it } from 'vitest';
import { parseCommandFile } from '../../src/custom-commands/command-file.js';
import { CommandRegistry } from '../../src/custom-commands/command-registry.js';
import { loadCommandFolder } from '../../src/custom-commands/load-commands.js';
import { ConfigurationError } from '../../src/platform/errors.js';
import { tempRepo } from '../support/temp-repo.js';

const blocks = (count: number, separator = ' ') =>
  Array.from({ length: count }, (_, i) => `!{echo ${i}}`).join(separator);

function errorOf(text: string): ConfigurationError {
  try {
    parseCommandFile(text, { file: 'c.toml', fileName: 'c.toml' });
  } catch (error) {
    if (error instanceof ConfigurationError) return error;
    throw error;
  }
  throw new Error('the command file loaded');
}

describe('blocks per command', () => {
  it('loads 32 !{…} blocks and 32 @{…} blocks', () => {
    const at = Array.from({ length: 32 }, (_, i) => `@{f${i}}`).join(' ');
    const text = `prompt = """${blocks(32)}\n${at}"""\n`;
    expect(parseCommandFile(text, { file: 'c.toml', fileName: 'c.toml' }).prompt).toContain('!{');
  });

  it.each([
    ['a basic string with escapes before it', `prompt = "a\\tb\\n${blocks(33)}"\n`, 1],
    ['a multi-line literal string', `prompt = '''\n${blocks(33, '\n')}'''\n`, 34],
    [
      'a multi-line basic string after a line-ending backslash',
      `prompt = """\\\n  ${blocks(33, '\n')}"""\n`,
      34,
    ],
    [
      'a literal string after other keys',
      `description = "!{not counted}"\nprompt = '${blocks(33)}'\n`,
      2,
    ],
  ])('points at block 33 in %s', (_name, text, line) => {
    const error = errorOf(text);
    expect(error.location?.line).toBe(line);
    const lineText = text.split('\n')[line - 1] ?? '';
    expect(lineText.slice((error.location?.column ?? 0) - 1)).toMatch(/^!\{echo 32\}/);
    expect(error.detail).toContain('it has 33, and this is block 33');
  });

  it('lists the command as broken, with its error, and loads the others', async () => {
    const folder = await tempRepo({
      'many.toml': `prompt = "${blocks(40)}"\n`,
      'fine.toml': 'prompt = "Status: !{git status}"\n',
    });
    const loaded = await loadCommandFolder({
      directory: folder,
      shownAs: '.gemini/commands',
      origin: { layer: 'project' },
    });
    const registry = new CommandRegistry([loaded]);
    expect(registry.list().map((command) => command.name)).toEqual(['fine']);
    const broken = registry.lookup('many');
    expect(broken.kind).toBe('broken');
    expect(broken.kind === 'broken' ? broken.problem.error.message : '').toMatch(
      /^\.gemini\/commands\/many\.toml:1:\d+: expected at most 32 !\{…\} blocks in command \/many/,
    );
  });
});
