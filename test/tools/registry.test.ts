import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../../src/tools/define-tool.js';
import { editDistance, ToolRegistry } from '../../src/tools/registry.js';
import type { Tool, ToolKind } from '../../src/tools/tool-types.js';

function tool(name: string, kind: ToolKind = 'read'): Tool {
  return defineTool({
    name,
    displayName: name,
    description: `The ${name} tool.`,
    kind,
    parameters: z.object({ value: z.string() }),
    invocation: () => ({
      describe: () => name,
      locations: () => [],
      confirmationDetails: () => Promise.resolve({ type: 'info', title: name, prompt: name }),
      execute: () => Promise.resolve({ llmContent: name, returnDisplay: name }),
    }),
  });
}

const BUILTIN_NAMES = [
  'read_file',
  'write_file',
  'replace',
  'list_directory',
  'glob',
  'search_file_content',
  'read_many_files',
  'run_shell_command',
  'web_fetch',
  'google_web_search',
  'save_memory',
];

function registryOf(names: string[]): ToolRegistry {
  const registry = new ToolRegistry();
  for (const name of names) registry.register(tool(name));
  return registry;
}

describe('ToolRegistry', () => {
  it('finds tools by name and by alias, and lists names in registration order', () => {
    const registry = new ToolRegistry();
    const grep = tool('search_file_content', 'search');
    registry.register(tool('read_file'));
    registry.register(grep, { aliases: ['grep_search'] });
    expect(registry.get('search_file_content')).toBe(grep);
    expect(registry.get('grep_search')).toBe(grep);
    expect(registry.get('grep')).toBeUndefined();
    expect(registry.names()).toEqual(['read_file', 'search_file_content']);
    expect(registry.tools().map((t) => t.name)).toEqual(['read_file', 'search_file_content']);
  });

  it('leaves out the tools settings exclude, aliases included', () => {
    const registry = new ToolRegistry();
    registry.register(tool('read_file'));
    registry.register(tool('search_file_content', 'search'), { aliases: ['grep_search'] });
    registry.retain((candidate) => candidate.name !== 'search_file_content');
    expect(registry.names()).toEqual(['read_file']);
    expect(registry.get('grep_search')).toBeUndefined();
    expect(registry.notFoundMessage('grep_search')).toContain('"read_file"');
  });

  it('throws when a name or alias is already taken', () => {
    const registry = new ToolRegistry();
    registry.register(tool('read_file'), { aliases: ['cat'] });
    expect(() => {
      registry.register(tool('read_file'));
    }).toThrow('A tool named "read_file" is already registered.');
    expect(() => {
      registry.register(tool('cat'));
    }).toThrow('A tool named "cat" is already registered.');
    expect(() => {
      registry.register(tool('view'), { aliases: ['read_file'] });
    }).toThrow('A tool named "read_file" is already registered.');
    expect(registry.get('view')).toBeUndefined();
  });

  it('declares every tool, or those the filter keeps, without aliases', () => {
    const registry = new ToolRegistry();
    registry.register(tool('read_file'));
    registry.register(tool('run_shell_command', 'execute'), { aliases: ['shell'] });
    const all = registry.declarations();
    expect(all.map((declaration) => declaration.name)).toEqual(['read_file', 'run_shell_command']);
    expect(all[0]).toEqual({
      name: 'read_file',
      description: 'The read_file tool.',
      parametersJsonSchema: {
        type: 'object',
        properties: { value: { type: 'string' } },
        required: ['value'],
      },
    });
    const readOnly = registry.declarations((candidate) => candidate.kind !== 'execute');
    expect(readOnly.map((declaration) => declaration.name)).toEqual(['read_file']);
  });
});

describe('ToolRegistry.notFoundMessage', () => {
  it('suggests the three closest names', () => {
    const registry = registryOf(BUILTIN_NAMES);
    expect(registry.notFoundMessage('read_files')).toBe(
      'Tool "read_files" not found. Did you mean one of: "read_file", "write_file", "read_many_files"?',
    );
    expect(registry.notFoundMessage('grep')).toBe(
      'Tool "grep" not found. Did you mean one of: "glob", "replace", "read_file"?',
    );
  });

  it('suggests the only tool there is, and nothing when there are none', () => {
    expect(registryOf(['read_file']).notFoundMessage('cat')).toBe(
      'Tool "cat" not found. Did you mean "read_file"?',
    );
    expect(new ToolRegistry().notFoundMessage('cat')).toBe('Tool "cat" not found.');
  });

  it('keeps registration order between equally close names', () => {
    expect(registryOf(['bb', 'ab', 'ba']).notFoundMessage('aa')).toBe(
      'Tool "aa" not found. Did you mean one of: "ab", "ba", "bb"?',
    );
    expect(registryOf(['ba', 'ab']).notFoundMessage('zz')).toBe(
      'Tool "zz" not found. Did you mean one of: "ba", "ab"?',
    );
  });
});

describe('editDistance', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('', '')).toBe(0);
    expect(editDistance('abc', '')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('read_file', 'read_files')).toBe(1);
    expect(editDistance('flaw', 'lawn')).toBe(2);
  });
});
