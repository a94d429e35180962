/**
 * Secret redaction for every text that leaves the run: comments, log lines, step outputs, job
 * summary, transcript, commit messages. The model is assumed hostile, so a secret must not get
 * out plainly nor in a simple disguise.
 *
 * Two layers:
 * - **Known values** (the GitHub token, the model key, credential-named environment variables):
 *   replaced as they are, URL-encoded, JSON-escaped, Base64 (standard and URL-safe alphabet, at
 *   any byte offset, so a token inside `base64("x-access-token:" + token)` is caught), hex and
 *   reversed. Values shorter than `MIN_SECRET_LENGTH` are ignored: masking `true` or `1234`
 *   would shred ordinary text while protecting nothing worth the name.
 * - **Token shapes**, for secrets we were never told about: GitHub tokens, Google API keys (the
 *   classic `AIza…` and AI Studio's auth keys `AQ.…`) and OAuth tokens, AWS access keys, Slack
 *   tokens and webhooks, JWTs, private key blocks, `Bearer` and `Authorization:` credentials and
 *   passwords in URLs. Commit SHAs, UUIDs and ordinary prose
 *   are left alone; shapes are chosen by their fixed prefixes, not by "looks random".
 */
import { escapeRegExp } from './text.js';

/** What a secret is replaced with, as on the runner's own log. */
export const REDACTED = '***';

/** Known values (and their encodings) shorter than this many characters are not redacted. */
export const MIN_SECRET_LENGTH = 8;

/** Replaces every secret in a text with `***`. */
export type Redact = (text: string) => string;

export interface Redactor {
  /** The text with every known secret value and token shape replaced by `***`. */
  readonly redact: Redact;
  /**
   * Adds a secret value: from now on it is redacted, and the runner is told to mask it in the log
   * (`setSecret`). Returns false when the value is too short to be redacted (or empty).
   */
  readonly register: (secret: string | undefined) => boolean;
  /**
   * Whether `text` holds a registered value in any of its encodings. Token-shape redaction does
   * not count: a known value inside a token shape (`Bearer <token>`) is still found.
   */
  readonly containsKnown: (text: string) => boolean;
}

export interface RedactorOptions {
  secrets?: readonly (string | undefined)[];
  /** Told about every registered value; `core.setSecret` in the Action. */
  setSecret?: (value: string) => void;
}

/**
 * The part of the Base64 encoding of `bytes` that does not depend on what surrounds them, for
 * each of the three positions the value can have relative to Base64's 3-byte groups.
 */
function base64Fragments(bytes: Buffer): string[] {
  const fragments: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    // The first group mixes in bytes before the value, the last incomplete one bytes after it.
    const start = offset === 0 ? 0 : 4;
    const end = Math.floor((offset + bytes.length) / 3) * 4;
    if (end > start) fragments.push(encoded.slice(start, end));
  }
  return fragments;
}

/** The forms a value takes when something encodes it on the way out. */
function encodings(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  const base64 = base64Fragments(bytes);
  const uri = encodeURIComponent(value);
  return [
    value,
    uri,
    uri.replace(/%20/g, '+'),
    JSON.stringify(value).slice(1, -1),
    ...base64,
    ...base64.map((fragment) => fragment.replace(/\+/g, '-').replace(/\//g, '_')),
    bytes.toString('hex'),
    bytes.toString('hex').toUpperCase(),
    Array.from(value).reverse().join(''),
  ];
}

/** A credential after `Bearer` or `Authorization:`, as opposed to a word of prose. */
function looksLikeToken(value: string): boolean {
  return (value.length >= MIN_SECRET_LENGTH && /\d/.test(value)) || value.length >= 24;
}

type Replacer = (match: string, ...groups: string[]) => string;

const redactAll: Replacer = () => REDACTED;
/** Keeps the first group (a label such as `Bearer `) and redacts the second when token-like. */
const redactTokenAfterLabel: Replacer = (match, label = '', token = '') =>
  looksLikeToken(token) ? `${label}${REDACTED}` : match;
const redactAfterLabel: Replacer = (_match, label = '') => `${label}${REDACTED}`;

const BEFORE = '(?<![A-Za-z0-9_])';
const AFTER = '(?![A-Za-z0-9_-])';
const TOKEN_SHAPES: readonly (readonly [RegExp, Replacer])[] = [
  // GitHub personal, OAuth, user-to-server, installation and refresh tokens; fine-grained PATs.
  [
    new RegExp(`${BEFORE}(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})`, 'g'),
    redactAll,
  ],
  // Google API keys: classic (`AIza` + 35) and AI Studio's service-account-bound auth keys (`AQ.`
  // + a URL-safe token, dots allowed inside; https://ai.google.dev/gemini-api/docs/api-key).
  // Then OAuth access and refresh tokens.
  [new RegExp(`${BEFORE}AIza[0-9A-Za-z_-]{30,}${AFTER}`, 'g'), redactAll],
  [new RegExp(`${BEFORE}AQ\\.[0-9A-Za-z_-]{20,}(?:\\.[0-9A-Za-z_-]+)*`, 'g'), redactAll],
  [new RegExp(`${BEFORE}ya29\\.[0-9A-Za-z_-]{16,}(?:\\.[0-9A-Za-z_-]+)*`, 'g'), redactAll],
  [new RegExp(`${BEFORE}1//0[0-9A-Za-z_-]{20,}`, 'g'), redactAll],
  // AWS access key ids, and secret keys where they are named.
  [new RegExp(`${BEFORE}(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}${AFTER}`, 'g'), redactAll],
  [
    /(aws_secret_access_key|aws_session_token)(\s*[:=]\s*["']?)[A-Za-z0-9/+=]{16,}/gi,
    (_match, name = '', separator = '') => `${name}${separator}${REDACTED}`,
  ],
  // Slack tokens and incoming webhooks.
  [new RegExp(`${BEFORE}xox[abposre]-[0-9A-Za-z-]{10,}`, 'g'), redactAll],
  [/(https:\/\/hooks\.slack\.com\/services\/)[A-Za-z0-9/]+/g, redactAfterLabel],
  // JWTs: header and payload are Base64 JSON objects, so both start with `eyJ`.
  [
    new RegExp(`${BEFORE}eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]*`, 'g'),
    redactAll,
  ],
  // `Authorization: Basic …` / `: Bearer …` / `: token …`: the credentials, whatever they look like.
  [
    /(\bauthorization["']?\s*[:=]\s*["']?(?:basic|bearer|token|digest|negotiate)\s+)([^\s"',;]{4,})/gi,
    redactAfterLabel,
  ],
  // `Authorization: …` without a scheme, and a bare `Bearer …`: only what looks like a token, so
  // "Bearer authentication" in prose survives.
  [/(\bauthorization["']?\s*[:=]\s*["']?)([^\s"',;]+)/gi, redactTokenAfterLabel],
  [/(\bbearer\s+)([A-Za-z0-9._~+/-]+=*)/gi, redactTokenAfterLabel],
  // Passwords in URLs: `https://user:password@host`.
  // The schemes are listed: an open pattern would try every word boundary in long text.
  [
    /(\b(?:https?|git|ssh|ftps?|wss?|redis|postgres(?:ql)?|mysql|mongodb(?:\+srv)?|amqps?):\/\/[^\s/:@]+:)[^\s/@]+(?=@)/gi,
    redactAfterLabel,
  ],
];

const PEM_BEGIN = /-----BEGIN[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----/g;
const PEM_END = /-----END[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----/g;
/** Base64 lines after a header (a blank line ends them), the line breaks real or written `\n`. */
const PEM_BODY = /(?:(?:\r?\n|(?:\\r)?\\n)[A-Za-z0-9+/=]+)*/y;

/**
 * Private key blocks, header to footer; a cut-off block up to where its Base64 lines end, which
 * keeps serialized JSON valid. A scan rather than one regular expression, so that text full of
 * headers without footers costs linear time.
 */
function redactPrivateKeys(text: string): string {
  let result = '';
  let position = 0;
  let footerAhead = true;
  PEM_BEGIN.lastIndex = 0;
  for (let begin = PEM_BEGIN.exec(text); begin !== null; begin = PEM_BEGIN.exec(text)) {
    const headerEnd = begin.index + begin[0].length;
    let footer: RegExpExecArray | null = null;
    if (footerAhead) {
      PEM_END.lastIndex = headerEnd;
      footer = PEM_END.exec(text);
      // No footer after this header means none after any later header either.
      footerAhead = footer !== null;
    }
    let end: number;
    if (footer !== null) {
      end = footer.index + footer[0].length;
    } else {
      PEM_BODY.lastIndex = headerEnd;
      PEM_BODY.exec(text);
      end = PEM_BODY.lastIndex;
    }
    result += `${text.slice(position, begin.index)}${REDACTED}`;
    position = end;
    PEM_BEGIN.lastIndex = end;
  }
  return result + text.slice(position);
}

/** Applies the token shapes; exported for callers that have no known values at hand. */
export function redactTokenShapes(text: string): string {
  let result = redactPrivateKeys(text);
  for (const [pattern, replacer] of TOKEN_SHAPES) {
    result = result.replace(pattern, replacer);
  }
  return result;
}

/**
 * A redactor for known values (given now or registered later) and token shapes. `redact` is a
 * plain function, so it can be handed to renderers and sinks as it is.
 */
export function createRedactor(options: RedactorOptions = {}): Redactor {
  const variants = new Set<string>();
  const told = new Set<string>();
  let known: RegExp | undefined;

  const register = (secret: string | undefined): boolean => {
    if (secret === undefined) return false;
    // A multi-line secret (a private key, a JSON credentials file) may leak one line at a time.
    const values = [secret, ...secret.split(/\r?\n/).map((line) => line.trim())].filter(
      (value) => value.length >= MIN_SECRET_LENGTH,
    );
    if (values.length === 0) return false;
    for (const value of values) {
      for (const variant of encodings(value)) {
        if (variant.length >= MIN_SECRET_LENGTH) variants.add(variant);
      }
      if (!told.has(value)) {
        told.add(value);
        options.setSecret?.(value);
      }
    }
    // Longest first, so a value is never half-replaced by a shorter one it contains.
    const sorted = [...variants].sort((a, b) => b.length - a.length);
    known = new RegExp(sorted.map(escapeRegExp).join('|'), 'g');
    return true;
  };

  const redact: Redact = (text) => {
    const withoutKnown = known === undefined ? text : text.replace(known, REDACTED);
    return redactTokenShapes(withoutKnown);
  };

  const containsKnown = (text: string): boolean => {
    if (known === undefined) return false;
    known.lastIndex = 0;
    return known.test(text);
  };

  for (const secret of options.secrets ?? []) register(secret);
  return { redact, register, containsKnown };
}

/**
 * Credential-named variables: `GITHUB_TOKEN`, `GEMINI_API_KEY`, `INPUT_GITHUB_TOKEN`, `NPM_TOKEN`,
 * `CLIENT_SECRET`, `DB_PASSWORD`. Only the suffix counts for `_TOKEN` and `_KEY`, so
 * `ACTIONS_ID_TOKEN_REQUEST_URL` (a URL) and `INPUT_MODEL` are not taken for secrets.
 */
const SECRET_NAME = /(?:_TOKEN|_KEY|_PASSWD)$|^TOKEN$|SECRET|PASSWORD/i;

/**
 * The values of the environment variables named like credentials (the job token, model keys,
 * the runner's runtime and OIDC request tokens, `INPUT_*` keys, `NPM_TOKEN`, …), to register with
 * a redactor before anything is posted.
 */
export function secretEnvironmentValues(
  env: Readonly<Record<string, string | undefined>>,
): string[] {
  return Object.entries(env)
    .filter(([name, value]) => value !== undefined && value !== '' && SECRET_NAME.test(name))
    .map(([, value]) => value ?? '');
}
