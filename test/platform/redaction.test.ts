import { describe, expect, it } from 'vitest';
import {
  MIN_SECRET_LENGTH,
  createRedactor,
  redactTokenShapes,
  secretEnvironmentValues,
} from '../../src/platform/redaction.js';

// Fake credentials in the real formats (none of them is valid anywhere).
const GITHUB_PAT = 'ghp_' + 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8';
const FINE_GRAINED =
  'github_pat_' + '11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ';
const GOOGLE_KEY = 'AIza' + 'SyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY';
// AI Studio's auth key: `AQ.` and a URL-safe token (https://ai.google.dev/gemini-api/docs/api-key).
const GOOGLE_AUTH_KEY = 'AQ.' + 'Ab8RN6LmZq3vT0xKp_7sYc2dWfH9uJeB-4gNaQiXoV1rE5tM';
const OAUTH = 'ya29.' + 'a0AfH6SMBx3kVj_Ls9q-7rT8uVwXyZ0123456789';
const AWS_KEY = 'AKIA' + 'IOSFODNN7EXAMPLE';
const SLACK = 'xoxb-' + '1234567890-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx';
const JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.' +
  'eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIn0.' +
  'SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';
const PRIVATE_KEY = [
  '-----BEGIN RSA PRIVATE KEY-----',
  'MIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM9Oi+Z9E9BQ4VQFW+6sh9FBz7TVwm',
  'uJZsTMbjQnH0a8Z1YpN7E1Vf1JX0JgYMWc9bWZx1fD2Qd8m6oX8P3kJ4UO3HEsGi',
  '-----END RSA PRIVATE KEY-----',
].join('\n');

describe('token shapes', () => {
  it.each([
    ['a classic GitHub token', `token=${GITHUB_PAT} used`, 'token=*** used'],
    ['a GitHub installation token', `ghs_${'x'.repeat(36)}`, '***'],
    ['a fine-grained GitHub token', `GH_PAT: ${FINE_GRAINED}`, 'GH_PAT: ***'],
    ['a Google API key', `key=${GOOGLE_KEY}&alt=sse`, 'key=***&alt=sse'],
    ['a Google auth key', `x-goog-api-key: ${GOOGLE_AUTH_KEY}.`, 'x-goog-api-key: ***.'],
    ['a Google auth key in a URL', `?key=${GOOGLE_AUTH_KEY}&alt=sse`, '?key=***&alt=sse'],
    ['a Google OAuth access token', `access ${OAUTH}.`, 'access ***.'],
    ['a Google refresh token', 'refresh 1//0gLq2Wm8hT9kYCgYIARAAGBASNwF-L9Ir', 'refresh ***'],
    ['an AWS access key id', `aws ${AWS_KEY} here`, 'aws *** here'],
    [
      'a named AWS secret key',
      'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      'aws_secret_access_key = ***',
    ],
    ['a Slack token', `slack ${SLACK}`, 'slack ***'],
    [
      'a Slack webhook',
      'POST https://hooks.slack.com/services/T000/B000/XXXXXXXXXXXXXXXX now',
      'POST https://hooks.slack.com/services/*** now',
    ],
    ['a JWT', `id_token: ${JWT}`, 'id_token: ***'],
    ['a private key block', `key:\n${PRIVATE_KEY}\nend`, 'key:\n***\nend'],
    [
      'a cut-off private key block',
      `-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9u`,
      '***',
    ],
    ['a bearer token', 'curl -H "Bearer abc123def456ghi"', 'curl -H "Bearer ***"'],
    [
      'an Authorization header with a scheme',
      'Authorization: Basic dXNlcjpwYXNz\nAccept: */*',
      'Authorization: Basic ***\nAccept: */*',
    ],
    ['an Authorization header without a scheme', 'authorization=abc123def456', 'authorization=***'],
    [
      'a password in a URL',
      'git clone https://x-access-token:s3cr3t-value@github.com/o/r.git',
      'git clone https://x-access-token:***@github.com/o/r.git',
    ],
  ])('redacts %s', (_name, text, expected) => {
    expect(createRedactor().redact(text)).toBe(expected);
  });

  it('keeps serialized JSON valid when a private key is cut off inside a string', () => {
    const json = JSON.stringify({
      output: '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC',
      next: 'kept',
    });
    const redacted = redactTokenShapes(json);
    expect(JSON.parse(redacted)).toEqual({ output: '***', next: 'kept' });
  });

  it('ends a cut-off private key block at the first blank line', () => {
    const text =
      '-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIBkg4LVWM9nuwNSk\nAwEHoUQDQgAE\n\nThe build failed.';
    expect(redactTokenShapes(text)).toBe('***\n\nThe build failed.');
  });

  it('leaves ordinary text, commit SHAs, UUIDs and look-alikes alone', () => {
    const text = [
      'Fixed in 4f2a0c9b7e3d1a6f8c5b2e9d0a7c4f1b3e6d9a2c (short 4f2a0c9).',
      'Run 550e8400-e29b-41d4-a716-446655440000 finished.',
      'Use Bearer authentication; the Authorization: header carries it.',
      'The prefix ghp_ marks classic tokens, AIza marks API keys, AKIA marks AWS keys.',
      'New keys start with AQ. instead; see the FAQ.AddingKeysToYourWorkflowFile page.',
      'See https://github.com/octo-org/hello-world/pull/7 and mailto:dev@example.com.',
      'sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      '-----BEGIN PUBLIC KEY-----',
      'A sentence with the word token, secret and password in it.',
    ].join('\n');
    expect(createRedactor({ secrets: ['not-in-the-text'] }).redact(text)).toBe(text);
  });
});

describe('known secret values', () => {
  const secret = 'canary-Secret-42/xyz';

  it('are redacted as they are and in common encodings', () => {
    const { redact } = createRedactor({ secrets: [secret] });
    const encoded = {
      plain: `value ${secret} end`,
      url: `q=${encodeURIComponent(secret)}&x=1`,
      json: JSON.stringify({ s: 'say "hi" ' + secret }),
      hex: Buffer.from(secret).toString('hex'),
      hexUpper: Buffer.from(secret).toString('hex').toUpperCase(),
      reversed: Array.from(secret).reverse().join(''),
    };
    for (const [how, text] of Object.entries(encoded)) {
      expect(redact(text), how).not.toContain(secret);
      expect(redact(text), how).toContain('***');
    }
    expect(redact(encoded.plain)).toBe('value *** end');
    expect(redact(encoded.url)).toBe('q=***&x=1');
    expect(redact(encoded.hex)).toBe('***');
  });

  it('are redacted inside Base64 at every byte offset, in both alphabets', () => {
    const { redact } = createRedactor({ secrets: [secret] });
    for (const prefix of ['', 'a', 'ab', 'x-access-token:']) {
      for (const suffix of ['', '?', '!!']) {
        const encoded = Buffer.from(`${prefix}${secret}${suffix}`).toString('base64');
        const urlSafe = Buffer.from(`${prefix}${secret}${suffix}`).toString('base64url');
        for (const text of [encoded, urlSafe]) {
          const redacted = redact(`AUTHORIZATION: basic ${text}`);
          expect(redacted).toContain('***');
          // What is left of the encoding can no longer be decoded to the secret.
          const leftover = redacted.replace('AUTHORIZATION: basic ', '').split('***');
          expect(leftover.join('').length).toBeLessThan(12);
        }
      }
    }
  });

  it('are redacted line by line when they span lines', () => {
    const { redact } = createRedactor({ secrets: ['first-line-value\nsecond-line-value'] });
    expect(redact('printed: second-line-value')).toBe('printed: ***');
  });

  it('prefer the longest match, so no part of a longer secret survives', () => {
    const { redact } = createRedactor({ secrets: ['abcdefgh', 'abcdefgh-ijklmnop'] });
    expect(redact('x abcdefgh-ijklmnop y')).toBe('x *** y');
  });

  it('can be registered later, and are passed to setSecret once each', () => {
    const told: string[] = [];
    const redactor = createRedactor({ setSecret: (value) => told.push(value) });
    expect(redactor.redact('late-secret-value')).toBe('late-secret-value');
    expect(redactor.register('late-secret-value')).toBe(true);
    expect(redactor.register('late-secret-value')).toBe(true);
    expect(redactor.redact('late-secret-value')).toBe('***');
    expect(told).toEqual(['late-secret-value']);
  });

  it(`ignore empty values and values shorter than ${MIN_SECRET_LENGTH} characters`, () => {
    const told: string[] = [];
    const redactor = createRedactor({
      secrets: ['', undefined, 'true', '1234567'],
      setSecret: (value) => told.push(value),
    });
    expect(redactor.register('')).toBe(false);
    expect(redactor.register('short')).toBe(false);
    expect(redactor.redact('true 1234567 short text')).toBe('true 1234567 short text');
    expect(told).toEqual([]);
  });

  it('treat regular-expression characters literally', () => {
    const { redact } = createRedactor({ secrets: ['a.b*c+d?(e)[f]'] });
    expect(redact('a.b*c+d?(e)[f] and aXb*c+d?(e)[f]')).toBe('*** and aXb*c+d?(e)[f]');
  });
});

describe('secretEnvironmentValues', () => {
  it('collects credential-named variables and nothing else', () => {
    expect(
      secretEnvironmentValues({
        GITHUB_TOKEN: 'job-token-value',
        INPUT_GEMINI_API_KEY: 'model-key-value',
        ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc-request-token',
        ACTIONS_ID_TOKEN_REQUEST_URL: 'https://token.actions.example/',
        NPM_TOKEN: 'npm-token-value',
        DB_PASSWORD: 'db-password-value',
        CLIENT_SECRET_ID: 'client-secret-id',
        INPUT_MODEL: 'gemini-2.5-pro',
        GITHUB_REPOSITORY: 'octo-org/hello-world',
        EMPTY_TOKEN: '',
      }).sort(),
    ).toEqual(
      [
        'client-secret-id',
        'db-password-value',
        'job-token-value',
        'model-key-value',
        'npm-token-value',
        'oidc-request-token',
      ].sort(),
    );
  });
});
