import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSystemInstruction } from '../../src/agent/system-prompt.js';
import { silentLogger } from '../../src/platform/logger.js';
import { createSaveMemoryTool } from '../../src/tools/save-memory.js';
import type { SaveMemoryToolOptions } from '../../src/tools/save-memory.js';
import { errorPart, makeTempDir, outputPart, removeTempDirs, toolHarness } from './tool-harness.js';

afterEach(removeTempDirs);

interface Setup {
  home: string;
  memoryPath: string;
  respond(fact: string): Promise<unknown[]>;
}

async function setup(options: Partial<SaveMemoryToolOptions> = {}): Promise<Setup> {
  const home = await makeTempDir('home-');
  const workspace = await makeTempDir();
  const harness = await toolHarness(workspace, {
    tools: () => [createSaveMemoryTool({ homeDir: home, ...options })],
  });
  return {
    home,
    memoryPath: options.memoryPath ?? path.join(home, '.gemini', 'GEMINI.md'),
    respond: (fact) => harness.respond('save_memory', { fact }),
  };
}

const remembered = (fact: string) =>
  JSON.stringify({ success: true, message: `Okay, I've remembered that: "${fact}"` });

describe('save_memory', () => {
  it('creates ~/.gemini/GEMINI.md with the memories section when it does not exist', async () => {
    const s = await setup();

    expect(await s.respond('My favorite color is blue')).toEqual(
      outputPart(
        'call-1',
        'save_memory',
        '{"success":true,"message":"Okay, I\'ve remembered that: \\"My favorite color is blue\\""}',
      ),
    );
    expect(await readFile(s.memoryPath, 'utf8')).toBe(
      '## Gemini Added Memories\n- My favorite color is blue\n',
    );
    // The file is the user's alone.
    expect((await stat(s.memoryPath)).mode & 0o777).toBe(0o600);
  });

  it('appends the section after the existing content, which it leaves intact', async () => {
    const s = await setup();
    await mkdir(path.dirname(s.memoryPath), { recursive: true });
    await writeFile(s.memoryPath, '# My notes\n\nUse tabs.');

    await s.respond('The build uses pnpm');
    await s.respond('Tests live in test/');

    expect(await readFile(s.memoryPath, 'utf8')).toBe(
      '# My notes\n\nUse tabs.\n\n## Gemini Added Memories\n- The build uses pnpm\n- Tests live in test/\n',
    );
  });

  it('adds to the end of an existing section, before the next one', async () => {
    const s = await setup();
    await mkdir(path.dirname(s.memoryPath), { recursive: true });
    await writeFile(
      s.memoryPath,
      '# Intro\n\n## Gemini Added Memories\n- first fact\n\n## Other\nkeep me\n',
    );

    expect(await s.respond('second fact')).toEqual(
      outputPart('call-1', 'save_memory', remembered('second fact')),
    );
    expect(await readFile(s.memoryPath, 'utf8')).toBe(
      '# Intro\n\n## Gemini Added Memories\n- first fact\n- second fact\n\n## Other\nkeep me\n',
    );
  });

  it('saves one line without leading dashes or angle brackets', async () => {
    const s = await setup();
    const parts = await s.respond('  -- - line one\nline two </user_memory> ');
    expect(parts).toEqual(
      outputPart('call-1', 'save_memory', remembered('line one line two  /user_memory ')),
    );
    expect(await readFile(s.memoryPath, 'utf8')).toBe(
      '## Gemini Added Memories\n- line one line two  /user_memory \n',
    );
  });

  it('refuses a fact that is empty once cleaned', async () => {
    const s = await setup();
    const facts = ['', '  ', '---'];
    for (const [i, fact] of facts.entries()) {
      expect(await s.respond(fact)).toEqual(
        errorPart(`call-${i + 1}`, 'save_memory', 'Parameter "fact" must be a non-empty string.'),
      );
    }
    await expect(stat(s.memoryPath)).rejects.toThrow('ENOENT');
  });

  it('reports a file it cannot write as memory_tool_execution_error', async () => {
    const home = await makeTempDir('home-');
    const memoryPath = path.join(home, 'GEMINI.md');
    await mkdir(memoryPath);
    const workspace = await makeTempDir();
    const harness = await toolHarness(workspace, {
      tools: () => [createSaveMemoryTool({ homeDir: home, memoryPath })],
    });

    const completed = await harness.call('save_memory', { fact: 'x' });

    const detail = 'EISDIR: illegal operation on a directory, read';
    expect(completed.responseParts).toEqual(errorPart('call-1', 'save_memory', detail));
    expect(completed.result).toEqual({
      llmContent: JSON.stringify({
        success: false,
        error: `Failed to save memory. Detail: ${detail}`,
      }),
      returnDisplay: `Error saving memory: ${detail}`,
      error: { message: detail, type: 'memory_tool_execution_error' },
    });
  });

  it('keeps every fact when calls run at once', async () => {
    const home = await makeTempDir('home-');
    const tool = createSaveMemoryTool({ homeDir: home });
    const signal = new AbortController().signal;
    const run = (fact: string) => {
      const invocation = tool.build({ fact });
      if ('error' in invocation) throw new Error(invocation.error);
      return invocation.execute(signal);
    };
    await Promise.all([run('alpha'), run('beta'), run('gamma')]);
    expect(await readFile(path.join(home, '.gemini', 'GEMINI.md'), 'utf8')).toBe(
      '## Gemini Added Memories\n- alpha\n- beta\n- gamma\n',
    );
  });

  it('is loaded into the next session’s system instruction', async () => {
    const s = await setup();
    await s.respond('I prefer tabs over spaces');
    const workspace = await makeTempDir();

    const instruction = await loadSystemInstruction({
      workspaceRoot: workspace,
      contextFileNames: ['GEMINI.md'],
      userMemoryPath: s.memoryPath,
      toolNames: [],
      logger: silentLogger,
    });

    expect(instruction).toContain(
      `--- Context from: ${s.memoryPath} ---\n## Gemini Added Memories\n- I prefer tabs over spaces\n--- End of Context from: ${s.memoryPath} ---`,
    );
  });

  it('describes the call with the memory file it writes', async () => {
    const home = await makeTempDir('home-');
    const tool = createSaveMemoryTool({ homeDir: home });
    expect(tool.kind).toBe('think');
    const invocation = tool.build({ fact: '- Likes tea' });
    if ('error' in invocation) throw new Error(invocation.error);
    expect(invocation.describe()).toBe('Remember "Likes tea" in ~/.gemini/GEMINI.md');
    expect(invocation.locations()).toEqual([path.join(home, '.gemini', 'GEMINI.md')]);
    expect(await invocation.confirmationDetails(new AbortController().signal)).toEqual({
      type: 'info',
      title: 'Confirm Memory Save: ~/.gemini/GEMINI.md',
      prompt: 'Add "- Likes tea" under "## Gemini Added Memories" in ~/.gemini/GEMINI.md',
    });
  });
});
