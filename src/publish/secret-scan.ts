/**
 * The secret scan of what the agent wrote: credential shapes (GitHub tokens, Google API keys in
 * both formats, AWS, npm and Slack tokens, private key blocks, hard-coded passwords that look random) and the run's own secret
 * values in any encoding the redactor knows (plain, Base64, hex, URL-encoded, reversed).
 *
 * Only lines the change adds are scanned: a modified file is compared with its previous version,
 * so a fixture that held a fake key before the run does not block every later change to its file.
 * A finding names the rule and the line, never the matched text — the report must not become the
 * leak it prevents.
 */
import { createRedactor } from '../platform/redaction.js';

export interface SecretFinding {
  /** A stable id, e.g. `github-token`. */
  rule: string;
  /** What it looks like, for the report: "a GitHub token". */
  description: string;
  /** 1-based line in the new content; absent for binary content. */
  line?: number;
}

interface Rule {
  id: string;
  description: string;
  pattern: RegExp;
  /** Rejects a match that is a known placeholder rather than a credential. */
  accept?: (match: RegExpExecArray) => boolean;
}

const BEFORE = '(?<![A-Za-z0-9_])';
const AFTER = '(?![A-Za-z0-9_])';

const RULES: readonly Rule[] = [
  {
    id: 'github-token',
    description: 'a GitHub token',
    pattern: new RegExp(
      `${BEFORE}(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{40,})${AFTER}`,
    ),
  },
  {
    id: 'google-api-key',
    description: 'a Google API key',
    pattern: new RegExp(`${BEFORE}AIza[0-9A-Za-z_-]{35}(?![A-Za-z0-9_-])`),
  },
  {
    // AI Studio's auth keys, bound to a service account, replace the `AIza` keys
    // (https://ai.google.dev/gemini-api/docs/api-key): `AQ.` and a URL-safe token.
    id: 'google-auth-key',
    description: 'a Google AI Studio auth key',
    pattern: new RegExp(`${BEFORE}AQ\\.[0-9A-Za-z_-]{20,}(?:\\.[0-9A-Za-z_-]+)*`),
    accept: (match) => !PLACEHOLDER.test(match[0].slice(3)),
  },
  {
    id: 'aws-access-key-id',
    description: 'an AWS access key id',
    pattern: /(?<![A-Z0-9])(?:AKIA|ASIA)[0-9A-Z]{16}(?![A-Z0-9])/,
    // AWS's own documentation key, used in countless examples.
    accept: (match) => !match[0].endsWith('EXAMPLE'),
  },
  {
    id: 'aws-secret-access-key',
    description: 'an AWS secret access key',
    pattern: /aws_?secret_?access_?key["']?\s*[:=]\s*["']?[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+])/i,
    accept: (match) => !/EXAMPLEKEY/.test(match[0]),
  },
  {
    id: 'private-key',
    description: 'a private key',
    pattern: /-----BEGIN (?:[A-Z0-9]+ ){0,3}PRIVATE KEY(?: BLOCK)?-----/,
  },
  {
    id: 'slack-token',
    description: 'a Slack token',
    pattern: new RegExp(`${BEFORE}xox[abposr]-[0-9A-Za-z]{8,}-[0-9A-Za-z-]{8,}`),
  },
  {
    id: 'slack-webhook',
    description: 'a Slack webhook URL',
    pattern:
      /https:\/\/hooks\.slack\.com\/services\/T[A-Z0-9]{6,}\/B[A-Z0-9]{6,}\/[A-Za-z0-9]{16,}/,
  },
  {
    id: 'npm-token',
    description: 'an npm token',
    pattern: new RegExp(`${BEFORE}npm_[A-Za-z0-9]{36}${AFTER}`),
  },
  {
    id: 'password-assignment',
    description: 'a hard-coded password or secret',
    // `password = "…"`, `"client_secret": "…"`, `API_KEY: '…'`: a credential-named key and a
    // quoted value without spaces.
    pattern:
      /(?:pass(?:word|wd)?|secret|api_?key|access_?token|auth_?token|private_?key)["']?\s*(?::|=>?|:=)\s*(["'`])([^\s"'`]{16,200})\1/i,
    accept: (match) => looksRandom(match[2] ?? ''),
  },
];

/** Words that mark a value as an example, not a credential. */
const PLACEHOLDER = /example|sample|dummy|placeholder|changeme|your|xxxx|fake|test|\$\{|\{\{|<|%s/i;

/**
 * A value that reads like a generated secret: long, several character classes, high entropy,
 * and no placeholder words. Deliberately strict; a missed password is better than a scan that
 * blocks ordinary code and so gets switched off.
 */
function looksRandom(value: string): boolean {
  if (value.length < 16 || PLACEHOLDER.test(value)) return false;
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((c) => c.test(value)).length;
  return classes >= 3 && entropy(value) >= 3.5;
}

/** Shannon entropy in bits per character. */
function entropy(text: string): number {
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

export interface SecretScanner {
  /**
   * Findings in the lines `content` adds to `previous` (all lines when there is no previous
   * version). At most `limit` findings (default 5).
   */
  scan(content: Buffer, previous?: Buffer, options?: { limit?: number }): SecretFinding[];
}

const KNOWN_SECRET: Omit<SecretFinding, 'line'> = {
  rule: 'known-secret',
  description: 'a secret value of this run',
};

/** A scanner for the token shapes and, when given, the run's secret values. */
export function createSecretScanner(
  options: { knownSecrets?: readonly string[] } = {},
): SecretScanner {
  const secrets = (options.knownSecrets ?? []).filter((value) => value.trim() !== '');
  const known = secrets.length === 0 ? undefined : createRedactor({ secrets });
  const hasKnownValue = (text: string) => known?.containsKnown(text) ?? false;

  const scanText = (text: string, line: number | undefined, findings: SecretFinding[]) => {
    const at = line === undefined ? {} : { line };
    if (hasKnownValue(text)) findings.push({ ...KNOWN_SECRET, ...at });
    for (const rule of RULES) {
      const match = rule.pattern.exec(text);
      if (match && (rule.accept?.(match) ?? true)) {
        findings.push({ rule: rule.id, description: rule.description, ...at });
      }
    }
  };

  return {
    scan(content, previous, scanOptions = {}) {
      const limit = scanOptions.limit ?? 5;
      const findings: SecretFinding[] = [];
      if (isBinary(content)) {
        // No lines to compare: the whole content is looked at, as bytes.
        scanText(content.toString('latin1'), undefined, findings);
        return findings.slice(0, limit);
      }
      const before = new Set(previous === undefined ? [] : lines(previous.toString('utf8')));
      const after = lines(content.toString('utf8'));
      for (const [index, text] of after.entries()) {
        if (before.has(text)) continue;
        scanText(text, index + 1, findings);
        if (findings.length >= limit) break;
      }
      return findings.slice(0, limit);
    },
  };
}

/** Lines without their line breaks (a CR-LF checkout compares equal to an LF blob). */
function lines(text: string): string[] {
  return text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
}

/** Git's own test: a NUL byte in the first 8,000 bytes. */
export function isBinary(content: Buffer): boolean {
  return content.subarray(0, 8000).includes(0);
}

/** "line 3 looks like a GitHub token (rule github-token)" — never the value itself. */
export function describeFinding(finding: SecretFinding): string {
  const where = finding.line === undefined ? 'the content' : `line ${finding.line}`;
  return `${where} looks like ${finding.description} (rule ${finding.rule})`;
}
