/**
 * The server's bearer token: from `--token-file`, else `GEMINI_AGENT_A2A_TOKEN`, else a new
 * random one the server prints once. Never from the command line, where `ps` would show it.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { errorMessage, UsageError } from '../../platform/errors.js';

export const TOKEN_VARIABLE = 'GEMINI_AGENT_A2A_TOKEN';
/** Shorter tokens are refused: they could be guessed. */
export const MIN_TOKEN_LENGTH = 16;

export interface ServerToken {
  value: string;
  /** Where it came from, for the start-up line. */
  source: 'file' | 'environment' | 'generated';
}

export async function resolveToken(options: {
  tokenFile: string | undefined;
  env: Readonly<Record<string, string | undefined>>;
}): Promise<ServerToken> {
  if (options.tokenFile !== undefined) {
    let text: string;
    try {
      text = await readFile(options.tokenFile, 'utf8');
    } catch (error) {
      throw new UsageError(
        `--token-file: cannot read "${path.resolve(options.tokenFile)}" (${errorMessage(error)}).`,
      );
    }
    return { value: checkedToken('--token-file', text.trim()), source: 'file' };
  }
  const fromEnv = options.env[TOKEN_VARIABLE];
  if (fromEnv !== undefined && fromEnv !== '') {
    return { value: checkedToken(TOKEN_VARIABLE, fromEnv.trim()), source: 'environment' };
  }
  return { value: randomBytes(32).toString('base64url'), source: 'generated' };
}

function checkedToken(where: string, token: string): string {
  if (token.length < MIN_TOKEN_LENGTH || /\s/.test(token)) {
    throw new UsageError(
      `${where} expects a token of at least ${MIN_TOKEN_LENGTH} characters without spaces (for example: openssl rand -hex 32).`,
    );
  }
  return token;
}

/**
 * Checks `Authorization: Bearer <token>` in constant time. Both sides are hashed first, so the
 * comparison takes as long whatever the length of what was sent.
 */
export function bearerChecker(token: string): (header: string | undefined) => boolean {
  const expected = digest(token);
  return (header) => {
    const match = /^Bearer ([^\s]+)$/i.exec(header ?? '');
    const given = digest(match?.[1] ?? '');
    return timingSafeEqual(given, expected) && match !== null;
  };
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
