/**
 * The transcript: every AgentEvent of a session as one JSON line, in the order emitted. Lines are
 * appended synchronously, so none is lost or reordered even if the process ends abruptly after a
 * listener returns.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AgentEvent, AgentEventListener } from './events.js';
import { makeDirectorySync } from '../platform/make-directory.js';

export interface TranscriptWriterOptions {
  /** Applied to each line before it is written (secret redaction); the identity only in tests. */
  redact: (line: string) => string;
}

/** An `AgentEventListener` (pass it to the session) that also knows its file and can close it. */
export interface TranscriptWriter extends AgentEventListener {
  readonly path: string;
  /** Closes the file. Events arriving later are still appended (the file is reopened). */
  close(): void;
}

/** Opens (creating folders as needed) a JSONL file for appending events to. */
export function createTranscriptWriter(
  filePath: string,
  options: TranscriptWriterOptions,
): TranscriptWriter {
  const target = path.resolve(filePath);
  // Not Node's recursive mkdir, which never returns for a folder under /proc (make-directory.ts).
  makeDirectorySync(path.dirname(target));
  let fd: number | undefined = fs.openSync(target, 'a');

  const write = (event: AgentEvent): void => {
    const line = JSON.stringify(event);
    const text = `${options.redact(line)}\n`;
    fd ??= fs.openSync(target, 'a');
    fs.writeSync(fd, text);
  };

  return Object.assign(write, {
    path: target,
    close(): void {
      if (fd === undefined) return;
      fs.closeSync(fd);
      fd = undefined;
    },
  });
}
