/**
 * Why `serve` could not listen, as a usage error (exit code 42) that says what to change: a port
 * another program holds, one this user may not open, a host that is not this machine's. Node
 * reports these as a bare `listen EADDRINUSE: address already in use 127.0.0.1:41242`.
 */
import { errorCode, UsageError } from '../../platform/errors.js';
import { DEFAULT_PORT } from './serve-args.js';

export function listenError(error: unknown, host: string, port: number): unknown {
  const code = errorCode(error);
  const where = `${host}:${port}`;
  const which = port === DEFAULT_PORT ? `port ${port} (the default)` : `port ${port}`;
  const another = 'choose another with --port PORT (--port 0 picks a free one)';
  switch (code) {
    case 'EADDRINUSE':
      return new UsageError(
        `Cannot listen on ${where}: ${which} is in use by another program (EADDRINUSE). Stop that program, or ${another}.`,
        undefined,
        { cause: error },
      );
    case 'EACCES':
      return new UsageError(
        `Cannot listen on ${where}: this user may not open ${which} (EACCES; ports below 1024 need privileges). ${capitalised(another)}.`,
        undefined,
        { cause: error },
      );
    case 'EADDRNOTAVAIL':
      return new UsageError(
        `Cannot listen on ${where}: --host ${host} is not an address of this machine (EADDRNOTAVAIL). Use one of its addresses, or 127.0.0.1 (the default) or 0.0.0.0.`,
        undefined,
        { cause: error },
      );
    default:
      return error;
  }
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
