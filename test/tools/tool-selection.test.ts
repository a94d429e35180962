// tools.core and tools.exclude from settings.json: which tools a session offers.
import { describe, expect, it } from 'vitest';
import { isToolSelected, toolArgumentOf, toolNameOf } from '../../src/tools/tool-selection.js';

describe('tool selection', () => {
  it('reads entries with arguments as the Gemini CLI writes them', () => {
    expect(toolNameOf('run_shell_command(git status)')).toBe('run_shell_command');
    expect(toolArgumentOf('run_shell_command(git status)')).toBe('git status');
    expect(toolNameOf('read_file')).toBe('read_file');
    expect(toolArgumentOf('read_file')).toBeUndefined();
  });

  it('tools.core keeps only the listed built-ins; extension tools are not restricted by it', () => {
    const settings = { coreTools: ['read_file', 'run_shell_command(git)'] };
    expect(isToolSelected({ name: 'read_file', builtin: true }, settings)).toBe(true);
    expect(isToolSelected({ name: 'run_shell_command', builtin: true }, settings)).toBe(true);
    expect(isToolSelected({ name: 'write_file', builtin: true }, settings)).toBe(false);
    expect(isToolSelected({ name: 'get_issue', builtin: false }, settings)).toBe(true);
  });

  it('tools.exclude removes any tool, but a command restriction leaves the shell tool offered', () => {
    const settings = { excludeTools: ['web_fetch', 'get_issue', 'run_shell_command(rm)'] };
    expect(isToolSelected({ name: 'web_fetch', builtin: true }, settings)).toBe(false);
    expect(isToolSelected({ name: 'get_issue', builtin: false }, settings)).toBe(false);
    expect(isToolSelected({ name: 'run_shell_command', builtin: true }, settings)).toBe(true);
    expect(isToolSelected({ name: 'glob', builtin: true }, {})).toBe(true);
  });
});
