import { describe, expect, it } from 'vitest';
import { createSecretScanner, describeFinding } from '../../src/publish/secret-scan.js';

const GITHUB_TOKEN = `ghp_${'A1b2C3d4E5'.repeat(3)}abcdef`;

function scan(text: string, previous?: string, knownSecrets: string[] = []) {
  return createSecretScanner({ knownSecrets }).scan(
    Buffer.from(text),
    previous === undefined ? undefined : Buffer.from(previous),
  );
}

describe('secret scan', () => {
  it.each([
    ['a GitHub token', `const token = "${GITHUB_TOKEN}";`, 'github-token'],
    ['a fine-grained token', `github_pat_${'11ABCDEFG0'.repeat(5)}_xyz`, 'github-token'],
    ['a Google API key', `key: AIza${'SyA1b2C3d4'.repeat(3)}12345`, 'google-api-key'],
    [
      'a Google AI Studio auth key',
      `GEMINI_API_KEY=AQ.Ab8RN6${'Lm3vT0xKp_7sYc2dWf'.repeat(2)}`,
      'google-auth-key',
    ],
    ['an AWS key id', 'aws_access_key_id = AKIAZ7Q3R5T6Y8U9I0OP', 'aws-access-key-id'],
    [
      'an AWS secret',
      `aws_secret_access_key = "${'wJalrXUtnF'.repeat(4)}"`,
      'aws-secret-access-key',
    ],
    ['a private key', '-----BEGIN OPENSSH PRIVATE KEY-----', 'private-key'],
    ['a Slack token', 'xoxb-1234567890-abcdefghijklmnop', 'slack-token'],
    [
      'a Slack webhook',
      'https://hooks.slack.com/services/T0123456/B0123456/abcdefghijklmnopqrstuvwx',
      'slack-webhook',
    ],
    [
      'an npm token',
      `//registry.npmjs.org/:_authToken=npm_${'a1B2c3D4e5'.repeat(3)}abcdef`,
      'npm-token',
    ],
    ['a random password', 'DB_PASSWORD = "q8#Vx!2pL@9zR$4tKw7&"', 'password-assignment'],
  ])('flags %s', (_name, line, rule) => {
    expect(scan(`first line\n${line}\n`).map((finding) => finding.rule)).toContain(rule);
    expect(scan(`first line\n${line}\n`)[0]?.line).toBe(2);
  });

  it.each([
    ['AWS documentation keys', 'AKIAIOSFODNN7EXAMPLE'],
    ['placeholder passwords', 'password = "your-password-goes-here-please"'],
    ['low-entropy passwords', 'password = "aaaaaaaaaaaaaaaaaaaa"'],
    ['environment lookups', 'password = process.env.DB_PASSWORD'],
    ['prose about tokens', 'Set GITHUB_TOKEN and the ghp_ prefix explains the token type.'],
    ['placeholder auth keys', 'GEMINI_API_KEY=AQ.your-auth-key-from-ai-studio'],
    ['prose about auth keys', 'Auth keys start with AQ. and classic keys with AIza.'],
  ])('leaves %s alone', (_name, line) => {
    expect(scan(line)).toEqual([]);
  });

  it('finds the run’s own secret values, also encoded', () => {
    const secret = 'my-model-key-1234567890';
    expect(scan(`key=${secret}`, undefined, [secret])[0]?.rule).toBe('known-secret');
    expect(scan(Buffer.from(secret).toString('base64'), undefined, [secret])[0]?.rule).toBe(
      'known-secret',
    );
    expect(scan(secret.split('').reverse().join(''), undefined, [secret])[0]?.rule).toBe(
      'known-secret',
    );
    expect(scan('nothing here', undefined, [secret])).toEqual([]);
  });

  it('finds a known value where a token shape surrounds it (an Authorization header)', () => {
    const secret = 'run-secret-value-0987654321';
    const found = scan(
      `curl -H "Authorization: Bearer ${secret}" https://example.com\n`,
      undefined,
      [secret],
    );
    expect(found.map((finding) => finding.rule)).toContain('known-secret');
  });

  it('scans only the lines a change adds', () => {
    const fixture = `const fake = "${GITHUB_TOKEN}";\n`;
    expect(scan(`${fixture}const more = 1;\n`, fixture)).toEqual([]);
    expect(scan(`${fixture}const leak = "${GITHUB_TOKEN}x";\n`, fixture)).toEqual([
      { rule: 'github-token', description: 'a GitHub token', line: 2 },
    ]);
    // A checkout with CR-LF line ends compares equal to the LF version.
    expect(scan(fixture.replace('\n', '\r\n'), fixture)).toEqual([]);
  });

  it('scans binary content as a whole', () => {
    const content = Buffer.concat([Buffer.from([0, 1, 2]), Buffer.from(GITHUB_TOKEN)]);
    expect(createSecretScanner().scan(content)).toEqual([
      { rule: 'github-token', description: 'a GitHub token' },
    ]);
  });

  it('describes a finding without the secret', () => {
    const [finding] = scan(`x\n${GITHUB_TOKEN}`);
    expect(finding && describeFinding(finding)).toBe(
      'line 2 looks like a GitHub token (rule github-token)',
    );
  });
});
