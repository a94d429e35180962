import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSmartEditTool } from '../../src/tools/smart-edit.js';
import { isBuildError } from '../../src/tools/tool-types.js';
import type { ToolHarness } from './tool-harness.js';
import { errorPart, makeTempDir, outputPart, removeTempDirs, toolHarness } from './tool-harness.js';

let root: string;
let harness: ToolHarness;
let file: string;

beforeEach(async () => {
  root = await makeTempDir('smart-edit-');
  harness = await toolHarness(root, {
    tools: (workspace) => [createSmartEditTool({ workspace })],
  });
  file = path.join(root, 'runner.ts');
});
afterEach(removeTempDirs);

const lines = (...text: string[]) => text.join('\n');
const success = (callId = 'call-1') =>
  outputPart(callId, 'smart_edit', `Successfully modified file: ${file} (1 replacements).`);
const instruction = 'Report progress after starting the job.';

describe('smart_edit: tolerant matching', () => {
  it('matches despite missing indentation and re-indents new_string to the file', async () => {
    await writeFile(
      file,
      lines(
        'export class Runner {',
        '    run(job: Job) {',
        '        if (job.ready) {',
        '            job.start();',
        '        }',
        '    }',
        '}',
        '',
      ),
    );
    const completed = await harness.call('smart_edit', {
      file_path: 'runner.ts',
      instruction,
      old_string: lines('if (job.ready) {', '  job.start();', '}'),
      new_string: lines('if (job.ready) {', '  job.start();', '  report(job);', '}'),
    });
    expect(completed.responseParts).toEqual(success());
    expect(await readFile(file, 'utf8')).toBe(
      lines(
        'export class Runner {',
        '    run(job: Job) {',
        '        if (job.ready) {',
        '            job.start();',
        '            report(job);',
        '        }',
        '    }',
        '}',
        '',
      ),
    );
  });

  it('ignores trailing whitespace differences', async () => {
    await writeFile(file, 'const a = 1;   \nconst b = 2;\t\nconst c = 3;\n');
    expect(
      await harness.respond('smart_edit', {
        file_path: file,
        instruction,
        old_string: 'const a = 1;\nconst b = 2;',
        new_string: 'const a = 1;\nconst b = 20;',
      }),
    ).toEqual(success());
    expect(await readFile(file, 'utf8')).toBe('const a = 1;\nconst b = 20;\nconst c = 3;\n');
  });

  it('matches tokens whose spacing differs inside a line', async () => {
    await writeFile(file, 'const total = compute( price,tax );\n');
    expect(
      await harness.respond('smart_edit', {
        file_path: file,
        instruction,
        old_string: 'compute(price, tax)',
        new_string: 'compute(price, tax, discount)',
      }),
    ).toEqual(success());
    expect(await readFile(file, 'utf8')).toBe('const total = compute(price, tax, discount);\n');
  });

  it('keeps a CRLF file CRLF, byte for byte', async () => {
    await writeFile(file, Buffer.from('function f() {\r\n\tif (a) {\r\n\t\tb();\r\n\t}\r\n}\r\n'));
    expect(
      await harness.respond('smart_edit', {
        file_path: file,
        instruction,
        old_string: 'if (a) {\n    b();\n}',
        new_string: 'if (a) {\n    b();\n    c();\n}',
      }),
    ).toEqual(success());
    expect(await readFile(file)).toEqual(
      Buffer.from('function f() {\r\n\tif (a) {\r\n\t\tb();\r\n\t\tc();\r\n\t}\r\n}\r\n'),
    );
  });

  it('keeps the byte-order mark and the absence of a final newline', async () => {
    await writeFile(file, Buffer.from('\uFEFFlet x =  1;', 'utf8'));
    await harness.respond('smart_edit', {
      file_path: file,
      instruction,
      old_string: 'let x = 1;',
      new_string: 'let x = 2;\n',
    });
    expect(await readFile(file)).toEqual(Buffer.from('\uFEFFlet x = 2;', 'utf8'));
  });

  it('returns the diff of what it wrote', async () => {
    await writeFile(file, 'a();\n  b();\nc();\n');
    const completed = await harness.call('smart_edit', {
      file_path: file,
      instruction,
      old_string: 'b();',
      new_string: 'b(1);',
    });
    expect(completed.result.returnDisplay).toMatchObject({
      fileDiff:
        '--- a/runner.ts\n+++ b/runner.ts\n@@ -1,3 +1,3 @@\n a();\n-  b();\n+  b(1);\n c();\n',
      diffStat: {
        model_added_lines: 1,
        model_removed_lines: 1,
        model_added_chars: 7,
        model_removed_chars: 6,
      },
    });
  });
});

describe('smart_edit: refusals', () => {
  it('refuses an ambiguous match and changes nothing', async () => {
    const content = lines('if (a) {', '  run();', '}', 'if (b) {', '    run();', '}', '');
    await writeFile(file, content);
    const completed = await harness.call('smart_edit', {
      file_path: file,
      instruction,
      old_string: 'run();  ',
      new_string: 'walk();',
    });
    expect(completed.responseParts).toEqual(
      errorPart(
        'call-1',
        'smart_edit',
        `Failed to edit, Expected 1 occurrence but found 2 for old_string in file: ${file}`,
      ),
    );
    expect(completed.result.error?.type).toBe('edit_expected_occurrence_mismatch');
    expect(await readFile(file, 'utf8')).toBe(content);
  });

  it('reports text that is not in the file with the replace wording', async () => {
    await writeFile(file, 'a();\n');
    expect(
      await harness.respond('smart_edit', {
        file_path: file,
        instruction,
        old_string: 'b();',
        new_string: 'c();',
      }),
    ).toEqual(
      errorPart(
        'call-1',
        'smart_edit',
        `Failed to edit, 0 occurrences found for old_string in ${file}. No edits made. The exact text in old_string was not found. Ensure you're not escaping content incorrectly and check whitespace, indentation, and context. Use read_file tool to verify.`,
      ),
    );
  });

  it('reports identical strings as no change', async () => {
    await writeFile(file, 'a();\n');
    expect(
      await harness.respond('smart_edit', {
        file_path: file,
        instruction,
        old_string: 'a();',
        new_string: 'a();',
      }),
    ).toEqual(
      errorPart(
        'call-1',
        'smart_edit',
        `No changes to apply. The old_string and new_string are identical in file: ${file}`,
      ),
    );
  });

  it('needs an instruction', async () => {
    const [part] = await harness.respond('smart_edit', {
      file_path: file,
      old_string: 'a',
      new_string: 'b',
    });
    expect(part?.functionResponse?.response?.error).toMatch(
      /^Invalid parameters for smart_edit: instruction: /,
    );
  });

  it('describes itself and its call for the transcript', () => {
    const tool = createSmartEditTool({ workspace: harness.workspace });
    expect(tool.kind).toBe('edit');
    expect(tool.description).toContain('there is no automatic correction');
    const built = tool.build({ file_path: file, instruction, old_string: 'a', new_string: 'b' });
    if (isBuildError(built)) throw new Error(built.error);
    expect(built.describe()).toBe('Edit runner.ts');
    expect(built.locations()).toEqual(['runner.ts']);
  });
});
