/**
 * The JavaScript scan: walks the search directory itself (ignored and excluded directories
 * pruned, symlinks never followed), reads each selected text file and tests its lines. Always
 * available, and the reference the other strategies are held to. Files come in path order.
 */
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { walkFiles } from '../file-walk.js';
import type { WalkedFile } from '../file-walk.js';
import { BINARY_SNIFF_BYTES, isBinaryContent } from './match-collector.js';
import { hasSkippedExtension } from './skipped-extensions.js';
import type { SearchRequest, SearchStrategy } from './types.js';

export function createJsScanStrategy(): SearchStrategy {
  return {
    name: 'JavaScript scan',
    ordered: true,
    async search(request) {
      for await (const file of filesToScan(request)) {
        request.signal.throwIfAborted();
        if (file.isSymbolicLink) continue;
        if (hasSkippedExtension(path.posix.basename(file.relativePath))) continue;
        if (!request.selectsFile(file.relativePath)) continue;
        const lines = await readLines(request, file.relativePath);
        if (lines === null) continue;
        if ((await scanLines(lines, file.relativePath, request)) === 'enough') break;
      }
      return { kind: 'searched' };
    },
  };
}

async function* filesToScan(request: SearchRequest): AsyncGenerator<WalkedFile> {
  if (request.targetFile !== null) {
    const absolutePath = path.join(request.searchDir, request.targetFile);
    const stats = await lstat(absolutePath).catch(() => null);
    if (stats?.isFile()) {
      yield { absolutePath, relativePath: request.targetFile, isSymbolicLink: false };
    }
    return;
  }
  yield* walkFiles(request.searchDir, {
    signal: request.signal,
    skipDirectory: (relativePath) => request.prunesDirectory(relativePath),
  });
}

async function scanLines(
  lines: readonly string[],
  relativePath: string,
  request: SearchRequest,
): Promise<'more' | 'enough'> {
  for (const index of request.matchLines(lines)) {
    const verdict = await request.collect({
      filePath: relativePath,
      lineNumber: index + 1,
      line: lines[index] ?? '',
    });
    if (verdict === 'enough') return 'enough';
  }
  return 'more';
}

/**
 * The lines of a text file as the other strategies see them: UTF-8, a byte-order mark dropped,
 * `\n` or `\r\n` ending a line, and no empty "line" after a final line break. Null for files
 * that are too large, binary or unreadable.
 */
async function readLines(request: SearchRequest, relativePath: string): Promise<string[] | null> {
  const bytes = await request.readFile(relativePath);
  if (bytes === null || isBinaryContent(bytes.subarray(0, BINARY_SNIFF_BYTES))) return null;
  let text = bytes.toString('utf8');
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  if (text === '') return [];
  const lines = text.split(/\r?\n/u);
  if (text.endsWith('\n')) lines.pop();
  return lines;
}
