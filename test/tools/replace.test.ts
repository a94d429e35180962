import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ToolScheduler } from '../../src/agent/scheduler.js';
import { denyAllConfirmer } from '../../src/agent/confirmer.js';
import type { ToolCallData } from '../../src/agent/events.js';
import { silentLogger } from '../../src/platform/logger.js';
import type { FileWriter } from '../../src/tools/file-io.js';
import { ToolRegistry } from '../../src/tools/registry.js';
import { createReplaceTool } from '../../src/tools/replace.js';
import { isBuildError } from '../../src/tools/tool-types.js';
import type { ToolHarness } from './tool-harness.js';
import { errorPart, makeTempDir, outputPart, removeTempDirs, toolHarness } from './tool-harness.js';

let root: string;
let harness: ToolHarness;
let file: string;

const harnessWith = (writeFile?: FileWriter) =>
  toolHarness(root, {
    tools: (workspace) => [createReplaceTool({ workspace, ...(writeFile ? { writeFile } : {}) })],
  });

beforeEach(async () => {
  root = await makeTempDir('replace-');
  harness = await harnessWith();
  file = path.join(root, 'app.ts');
});
afterEach(removeTempDirs);

const noOccurrence = (target: string) =>
  `Failed to edit, 0 occurrences found for old_string in ${target}. No edits made. The exact text in old_string was not found. Ensure you're not escaping content incorrectly and check whitespace, indentation, and context. Use read_file tool to verify.`;

describe('replace: success', () => {
  it('replaces one occurrence and returns the diff', async () => {
    await writeFile(file, 'const a = 1;\nconst b = 2;\nconst c = 3;\n');
    const completed = await harness.call('replace', {
      file_path: 'app.ts',
      old_string: 'const b = 2;',
      new_string: 'const b = 20;',
    });
    expect(completed.responseParts).toEqual(
      outputPart('call-1', 'replace', `Successfully modified file: ${file} (1 replacements).`),
    );
    expect(await readFile(file, 'utf8')).toBe('const a = 1;\nconst b = 20;\nconst c = 3;\n');
    expect(completed.result.returnDisplay).toEqual({
      fileName: 'app.ts',
      filePath: file,
      fileDiff: [
        '--- a/app.ts',
        '+++ b/app.ts',
        '@@ -1,3 +1,3 @@',
        ' const a = 1;',
        '-const b = 2;',
        '+const b = 20;',
        ' const c = 3;',
        '',
      ].join('\n'),
      originalContent: 'const a = 1;\nconst b = 2;\nconst c = 3;\n',
      newContent: 'const a = 1;\nconst b = 20;\nconst c = 3;\n',
      diffStat: {
        model_added_lines: 1,
        model_removed_lines: 1,
        model_added_chars: 13,
        model_removed_chars: 12,
      },
    });
  });

  it('replaces every occurrence when expected_replacements says how many', async () => {
    await writeFile(file, 'log(1);\nlog(2);\nlog(3);\n');
    expect(
      await harness.respond('replace', {
        file_path: file,
        old_string: 'log(',
        new_string: 'logger.info(',
        expected_replacements: 3,
      }),
    ).toEqual(
      outputPart('call-1', 'replace', `Successfully modified file: ${file} (3 replacements).`),
    );
    expect(await readFile(file, 'utf8')).toBe(
      'logger.info(1);\nlogger.info(2);\nlogger.info(3);\n',
    );
  });

  it('ignores an `instruction`, which the current Gemini CLI sends to this tool', async () => {
    await writeFile(file, 'a\n');
    expect(
      await harness.respond('replace', {
        file_path: file,
        instruction: 'Rename a to b.',
        old_string: 'a',
        new_string: 'b',
      }),
    ).toEqual(
      outputPart('call-1', 'replace', `Successfully modified file: ${file} (1 replacements).`),
    );
    expect(await readFile(file, 'utf8')).toBe('b\n');
  });

  it('inserts `$` sequences literally', async () => {
    await writeFile(file, 'price = X;\n');
    await harness.respond('replace', { file_path: file, old_string: 'X', new_string: "'$&$1'" });
    expect(await readFile(file, 'utf8')).toBe("price = '$&$1';\n");
  });

  it('creates a new file (and its directories) when old_string is empty', async () => {
    const target = path.join(root, 'src', 'util', 'new.ts');
    const completed = await harness.call('replace', {
      file_path: 'src/util/new.ts',
      old_string: '',
      new_string: 'export {};\n',
    });
    expect(completed.responseParts).toEqual(
      outputPart('call-1', 'replace', `Created new file: ${target} with provided content.`),
    );
    expect(await readFile(target, 'utf8')).toBe('export {};\n');
    expect(completed.result.returnDisplay).toMatchObject({
      originalContent: null,
      fileDiff: '--- /dev/null\n+++ b/src/util/new.ts\n@@ -0,0 +1,1 @@\n+export {};\n',
    });
  });

  it('keeps CRLF line endings, the byte-order mark and the final newline', async () => {
    await writeFile(file, Buffer.from('\uFEFFfirst\r\nsecond\r\nthird\r\n', 'utf8'));
    await harness.respond('replace', {
      file_path: file,
      old_string: 'second\r\nthird',
      new_string: 'two\nlines\nnow',
    });
    expect(await readFile(file)).toEqual(
      Buffer.from('\uFEFFfirst\r\ntwo\r\nlines\r\nnow\r\n', 'utf8'),
    );
  });

  it('edits UTF-16 files in their encoding', async () => {
    const utf16 = (text: string) =>
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    await writeFile(file, utf16('héllo wörld\n'));
    await harness.respond('replace', { file_path: file, old_string: 'wörld', new_string: 'wélt' });
    expect(await readFile(file)).toEqual(utf16('héllo wélt\n'));
  });
});

describe('replace: failures leave the file unchanged', () => {
  beforeEach(async () => {
    await writeFile(file, 'x = 1;\ny = 2;\nx = 1;\n');
  });
  const unchanged = async () => {
    expect(await readFile(file, 'utf8')).toBe('x = 1;\ny = 2;\nx = 1;\n');
  };

  it('reports 0 occurrences', async () => {
    const completed = await harness.call('replace', {
      file_path: file,
      old_string: 'z = 3;',
      new_string: 'z = 4;',
    });
    expect(completed.responseParts).toEqual(errorPart('call-1', 'replace', noOccurrence(file)));
    expect(completed.result.error?.type).toBe('edit_no_occurrence_found');
    await unchanged();
  });

  it('reports more occurrences than expected', async () => {
    const completed = await harness.call('replace', {
      file_path: 'app.ts',
      old_string: 'x = 1;',
      new_string: 'x = 2;',
    });
    expect(completed.responseParts).toEqual(
      errorPart(
        'call-1',
        'replace',
        `Failed to edit, Expected 1 occurrence but found 2 for old_string in file: ${file}`,
      ),
    );
    expect(completed.result.error?.type).toBe('edit_expected_occurrence_mismatch');
    await unchanged();
  });

  it('reports fewer occurrences than expected', async () => {
    expect(
      await harness.respond('replace', {
        file_path: file,
        old_string: 'y = 2;',
        new_string: 'y = 3;',
        expected_replacements: 2,
      }),
    ).toEqual(
      errorPart(
        'call-1',
        'replace',
        `Failed to edit, Expected 2 occurrences but found 1 for old_string in file: ${file}`,
      ),
    );
    await unchanged();
  });

  it('reports identical old_string and new_string as no change', async () => {
    const completed = await harness.call('replace', {
      file_path: file,
      old_string: 'y = 2;',
      new_string: 'y = 2;',
    });
    expect(completed.responseParts).toEqual(
      errorPart(
        'call-1',
        'replace',
        `No changes to apply. The old_string and new_string are identical in file: ${file}`,
      ),
    );
    expect(completed.result.error?.type).toBe('edit_no_change');
    await unchanged();
  });

  it('refuses to create a file that already exists', async () => {
    const completed = await harness.call('replace', {
      file_path: file,
      old_string: '',
      new_string: 'fresh',
    });
    expect(completed.responseParts).toEqual(
      errorPart('call-1', 'replace', `File already exists, cannot create: ${file}`),
    );
    expect(completed.result.error?.type).toBe('attempt_to_create_existing_file');
    await unchanged();
  });

  it('reports a missing file', async () => {
    const missing = path.join(root, 'missing.ts');
    const completed = await harness.call('replace', {
      file_path: 'missing.ts',
      old_string: 'a',
      new_string: 'b',
    });
    expect(completed.responseParts).toEqual(
      errorPart('call-1', 'replace', `File not found: ${missing}`),
    );
    expect(completed.result.error?.type).toBe('file_not_found');
    expect(await readdir(root)).toEqual(['app.ts']);
  });

  it('refuses to edit a file that is not text', async () => {
    const binary = path.join(root, 'blob.bin');
    await writeFile(binary, Buffer.from([0x61, 0xff, 0xfe, 0x62, 0x0a]));
    const completed = await harness.call('replace', {
      file_path: binary,
      old_string: 'a',
      new_string: 'c',
    });
    expect(completed.responseParts).toEqual(
      errorPart(
        'call-1',
        'replace',
        `Cannot edit ${binary}: it is not text in a supported encoding (UTF-8, or UTF-16/UTF-32 with a byte-order mark). No edits made. Use write_file to replace its whole content.`,
      ),
    );
    expect(await readFile(binary)).toEqual(Buffer.from([0x61, 0xff, 0xfe, 0x62, 0x0a]));
  });

  it('refuses a fractional or zero expected_replacements', async () => {
    expect(
      await harness.respond('replace', {
        file_path: file,
        old_string: 'x',
        new_string: 'y',
        expected_replacements: 1.5,
      }),
    ).toEqual(errorPart('call-1', 'replace', 'expected_replacements must be a positive integer.'));
    const [part] = await harness.respond('replace', {
      file_path: file,
      old_string: 'x',
      new_string: 'y',
      expected_replacements: 0,
    });
    expect(part?.functionResponse?.response?.error).toMatch(
      /^Invalid parameters for replace: expected_replacements: /,
    );
    await unchanged();
  });

  it('refuses paths outside the workspace and inside .git', async () => {
    const outside = path.resolve(root, '..', 'elsewhere.ts');
    expect(
      await harness.respond('replace', {
        file_path: '../elsewhere.ts',
        old_string: '',
        new_string: 'x',
      }),
    ).toEqual(
      errorPart(
        'call-1',
        'replace',
        `Path not in workspace: Attempted path "${outside}" resolves outside the allowed workspace directories: ${root}`,
      ),
    );
    const config = path.join(root, '.git', 'config');
    expect(
      await harness.respond('replace', {
        file_path: '.git/config',
        old_string: '',
        new_string: 'x',
      }),
    ).toEqual(
      errorPart(
        'call-2',
        'replace',
        `Path not in workspace: Attempted path "${config}" is inside a .git directory, which tools may not write to.`,
      ),
    );
    expect(await readdir(root)).toEqual(['app.ts']);
  });

  it('refuses a directory', async () => {
    await mkdir(path.join(root, 'src'));
    const completed = await harness.call('replace', {
      file_path: 'src',
      old_string: 'a',
      new_string: 'b',
    });
    expect(completed.responseParts).toEqual(
      errorPart('call-1', 'replace', `Path is a directory, not a file: ${path.join(root, 'src')}`),
    );
    expect(completed.result.error?.type).toBe('target_is_directory');
  });

  it('writes nothing once the call is cancelled', async () => {
    const built = createReplaceTool({ workspace: harness.workspace }).build({
      file_path: file,
      old_string: 'y = 2;',
      new_string: 'y = 3;',
    });
    if (isBuildError(built)) throw new Error(built.error);
    const controller = new AbortController();
    controller.abort();
    const result = await built.execute(controller.signal);
    expect(result.error?.type).toBe('cancelled');
    await unchanged();
  });

  it('reports a write failure with its type', async () => {
    harness = await harnessWith(() =>
      Promise.reject(Object.assign(new Error('ENOSPC: no space left'), { code: 'ENOSPC' })),
    );
    const completed = await harness.call('replace', {
      file_path: file,
      old_string: 'y = 2;',
      new_string: 'y = 3;',
    });
    expect(completed.responseParts).toEqual(
      errorPart('call-1', 'replace', `No space left on device: ${file} (ENOSPC)`),
    );
    expect(completed.fatal).toBe(true);
    await unchanged();
  });
});

describe('replace: describing and confirming', () => {
  it('describes edits and creations with the workspace-relative path', () => {
    const tool = createReplaceTool({ workspace: harness.workspace });
    expect(tool.kind).toBe('edit');
    const edit = tool.build({ file_path: file, old_string: 'a', new_string: 'b' });
    const create = tool.build({ file_path: 'src/new.ts', old_string: '', new_string: 'b' });
    if (isBuildError(edit) || isBuildError(create)) throw new Error('build failed');
    expect(edit.describe()).toBe('Edit app.ts');
    expect(edit.locations()).toEqual(['app.ts']);
    expect(create.describe()).toBe('Create src/new.ts');
  });

  it('computes the confirmation diff without touching the file', async () => {
    await writeFile(file, 'a\nb\n');
    const built = createReplaceTool({ workspace: harness.workspace }).build({
      file_path: 'app.ts',
      old_string: 'b',
      new_string: 'B',
    });
    if (isBuildError(built)) throw new Error(built.error);
    expect(await built.confirmationDetails(new AbortController().signal)).toEqual({
      type: 'edit',
      title: 'Confirm Edit: app.ts',
      fileName: 'app.ts',
      filePath: file,
      fileDiff: '--- a/app.ts\n+++ b/app.ts\n@@ -1,2 +1,2 @@\n a\n-b\n+B\n',
      originalContent: 'a\nb\n',
      newContent: 'a\nB\n',
    });
    expect(await readFile(file, 'utf8')).toBe('a\nb\n');
  });

  it('asks a plain question when the edit cannot apply, and the model then reads why', async () => {
    await writeFile(file, 'a\n');
    const built = createReplaceTool({ workspace: harness.workspace }).build({
      file_path: 'app.ts',
      old_string: 'zzz',
      new_string: 'B',
    });
    if (isBuildError(built)) throw new Error(built.error);
    expect(await built.confirmationDetails(new AbortController().signal)).toEqual({
      type: 'info',
      title: 'Confirm Edit: app.ts',
      prompt: `Edit app.ts: the edit cannot be applied (${noOccurrence(file)})`,
    });
  });

  it('lets a policy deny the change it was shown, and the file stays as it was', async () => {
    await writeFile(file, 'keep\n');
    const registry = new ToolRegistry();
    registry.register(createReplaceTool({ workspace: harness.workspace }));
    const updates: ToolCallData[] = [];
    const scheduler = new ToolScheduler({
      registry,
      confirmer: denyAllConfirmer,
      logger: silentLogger,
      onUpdate: (update) => updates.push(structuredClone(update)),
    });
    await scheduler.run(
      [
        {
          callId: 'c1',
          name: 'replace',
          args: { file_path: 'app.ts', old_string: 'keep', new_string: 'lose' },
        },
      ],
      new AbortController().signal,
    );
    const asked = updates.find((update) => update.confirmation_request)?.confirmation_request;
    expect(asked?.details).toEqual({
      file_edit_details: {
        file_name: 'app.ts',
        file_path: file,
        old_content: 'keep\n',
        new_content: 'lose\n',
        formatted_diff: '--- a/app.ts\n+++ b/app.ts\n@@ -1,1 +1,1 @@\n-keep\n+lose\n',
      },
    });
    expect(await readFile(file, 'utf8')).toBe('keep\n');
  });
});
