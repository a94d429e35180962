/**
 * The stdio transport for MCP servers the run starts. The SDK's own stdio transport merges some of
 * this process's environment (HOME, PATH, USER, …) into the server's; this one starts the server
 * with exactly the environment it is given (the allow-listed one, through the run's sandbox), as
 * the leader of its own process group so that closing it also ends whatever it started (`npx`
 * starts the real server as a child).
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { deserializeMessage, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { errorCode, errorMessage } from '../../platform/errors.js';
import { killProcessGroup, reportProcessGroup } from '../../platform/process-group.js';
import type { SandboxCommand } from '../../platform/sandbox/sandbox-types.js';
import { BoundedLineReader, McpMessageTooLarge } from './mcp-message-limits.js';

/** How many of the server's last stderr lines are kept for the log when it fails. */
const STDERR_TAIL_LINES = 20;
/** A longer stderr line is cut; the log needs the gist, not a dump. */
const STDERR_LINE_CHARS = 500;
/**
 * How long a server gets to exit by itself once its stdin is closed (many do), before its process
 * group gets SIGTERM; and how long after that before SIGKILL.
 */
const DEFAULT_EOF_GRACE_MS = 500;
const DEFAULT_TERM_GRACE_MS = 2000;

export interface ProcessStdioTransportOptions {
  /** The program as prepared by `ToolProcesses.prepare` (sandbox-wrapped, scrubbed environment). */
  command: SandboxCommand;
  /** Each line the server writes to stderr (servers log there). */
  onStderrLine?: (line: string) => void;
  /** Milliseconds between closing stdin and SIGTERM (default 500). */
  eofGraceMs?: number;
  /** Milliseconds between SIGTERM and SIGKILL (default 2000). */
  termGraceMs?: number;
  /** Bytes one message may take (default: `MAX_MCP_MESSAGE_BYTES`). */
  maxMessageBytes?: number;
}

export class ProcessStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport['onmessage'];

  private child: ChildProcess | undefined;
  private readonly reader: BoundedLineReader;
  /** Why the transport stopped the server itself (a message past the limit). */
  private failure: string | undefined;
  private readonly stderrTail: string[] = [];
  private stderrCarry = '';
  private exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private exited: Promise<void> | undefined;
  private closedNotified = false;

  constructor(private readonly options: ProcessStdioTransportOptions) {
    this.reader = new BoundedLineReader(options.maxMessageBytes);
  }

  start(): Promise<void> {
    if (this.child) return Promise.reject(new Error('The MCP server process was already started.'));
    const [file, ...args] = this.options.command.argv;
    if (file === undefined) return Promise.reject(new Error('No command to start.'));
    return new Promise((resolve, reject) => {
      let child: ChildProcess;
      try {
        child = spawn(file, args, {
          env: { ...this.options.command.env },
          cwd: this.options.command.cwd,
          stdio: ['pipe', 'pipe', 'pipe'],
          detached: true,
        });
      } catch (error) {
        reject(startError(file, error));
        return;
      }
      this.child = child;
      reportProcessGroup(child.pid);
      this.exited = new Promise((done) => {
        child.once('close', (code, signal) => {
          this.flushStderr();
          this.exit = { code, signal };
          done();
          this.notifyClosed();
        });
      });
      child.on('error', (error) => {
        // Before `spawn` this is the start failing (command not found); after, a lost pipe.
        reject(startError(file, error));
        this.onerror?.(error);
      });
      child.once('spawn', () => {
        resolve();
      });
      child.stdin?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('data', (chunk: Buffer) => {
        this.receive(chunk);
      });
      child.stderr?.on('error', (error) => this.onerror?.(error));
      child.stderr?.setEncoding('utf8');
      child.stderr?.on('data', (text: string) => {
        this.receiveStderr(text);
      });
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || this.exit !== undefined || stdin.destroyed) {
      return Promise.reject(new Error('Not connected'));
    }
    return new Promise((resolve) => {
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once('drain', resolve);
    });
  }

  /**
   * Closes stdin (a well-behaved server exits), then ends the whole process group: SIGTERM, and
   * SIGKILL after the grace period. Never throws.
   */
  async close(): Promise<void> {
    const child = this.child;
    if (child?.pid === undefined) {
      this.notifyClosed();
      return;
    }
    const termGrace = this.options.termGraceMs ?? DEFAULT_TERM_GRACE_MS;
    try {
      child.stdin?.end();
    } catch {
      // Already gone.
    }
    if (this.exit === undefined) {
      await waitAtMost(this.exited, this.options.eofGraceMs ?? DEFAULT_EOF_GRACE_MS);
    }
    // Also when the leader has exited: what it started may still run in its group.
    await killProcessGroup(child.pid, { graceMs: termGrace }).catch(() => undefined);
    if (this.exit === undefined) await waitAtMost(this.exited, termGrace);
    this.reader.clear();
    this.notifyClosed();
  }

  /** The process id of the server (or of the sandbox wrapper); undefined before it started. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /**
   * Why the transport stopped the server (`it sent a message of more than … bytes …`); undefined
   * unless it did.
   */
  failureDescription(): string | undefined {
    return this.failure;
  }

  /** How the process ended, e.g. `exited with code 1`; undefined while it runs. */
  exitDescription(): string | undefined {
    if (this.exit === undefined) return undefined;
    if (this.exit.signal !== null) return `was killed by ${this.exit.signal}`;
    return `exited with code ${this.exit.code ?? '(none)'}`;
  }

  /** The last lines the server wrote to stderr, oldest first. */
  lastStderrLines(): string[] {
    return [...this.stderrTail];
  }

  private receive(chunk: Buffer): void {
    // Once stopped for a message past the limit, nothing more is read from it.
    if (this.failure !== undefined) return;
    let lines: string[];
    try {
      lines = this.reader.append(chunk);
    } catch (error) {
      if (!(error instanceof McpMessageTooLarge)) throw error;
      // The stream cannot be trusted any more: nothing more is read from it (the server blocks
      // on its next write), the server is stopped, and its calls fail saying why.
      this.failure = `${error.message}, so it was stopped`;
      this.child?.stdout?.destroy();
      this.onerror?.(error);
      void this.close();
      return;
    }
    for (const line of lines) {
      if (line.trim() === '') continue;
      let message: JSONRPCMessage;
      try {
        message = deserializeMessage(line);
      } catch (error) {
        // A line that is not JSON-RPC (a server printing to stdout): skipped, the next may be fine.
        this.onerror?.(
          new Error(`The server wrote a line that is not JSON-RPC: ${errorMessage(error)}`),
        );
        continue;
      }
      this.onmessage?.(message);
    }
  }

  private receiveStderr(text: string): void {
    const lines = (this.stderrCarry + text).split('\n');
    this.stderrCarry = lines.pop() ?? '';
    for (const line of lines) this.stderrLine(line);
  }

  private flushStderr(): void {
    if (this.stderrCarry !== '') this.stderrLine(this.stderrCarry);
    this.stderrCarry = '';
  }

  private stderrLine(raw: string): void {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '') return;
    const cut = line.length > STDERR_LINE_CHARS ? `${line.slice(0, STDERR_LINE_CHARS)}…` : line;
    this.stderrTail.push(cut);
    if (this.stderrTail.length > STDERR_TAIL_LINES) this.stderrTail.shift();
    this.options.onStderrLine?.(cut);
  }

  private notifyClosed(): void {
    if (this.closedNotified) return;
    this.closedNotified = true;
    this.onclose?.();
  }
}

/** A server's last stderr lines as a log section (empty when there are none). */
export function stderrSection(lines: readonly string[]): string {
  if (lines.length === 0) return '';
  return `\nThe last lines it wrote to stderr:\n${lines.map((line) => `  ${line}`).join('\n')}`;
}

function startError(file: string, error: unknown): Error {
  if (errorCode(error) === 'ENOENT') {
    return new Error(`the command "${file}" was not found (check "command" and PATH)`);
  }
  return new Error(`"${file}" could not be started: ${errorMessage(error)}`);
}

async function waitAtMost(promise: Promise<void> | undefined, ms: number): Promise<void> {
  if (promise === undefined) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    promise,
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
      timer.unref();
    }),
  ]);
  clearTimeout(timer);
}
