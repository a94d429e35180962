/**
 * A fleet campaign's key: the name that makes each repository's run of it idempotent. It names
 * the campaign's branch in every repository (`<branch_prefix>campaign-<key>`, so a re-run updates
 * the one pull request instead of opening a second), and its tracking issue in the central
 * repository. Lowercase letters, digits and single `.`, `_` or `-` between them, at most 64
 * characters: a branch name as it stands, with no two spellings of one key.
 */
import { ConfigurationError } from '../platform/errors.js';

const KEY = /^[a-z0-9]+(?:[._-][a-z0-9]+)*$/;
export const CAMPAIGN_KEY_MAX = 64;

/** The key, or a ConfigurationError naming `where` (the input or flag it came from). */
export function checkCampaignKey(key: string, where: { input: string }): string {
  if (key.length <= CAMPAIGN_KEY_MAX && KEY.test(key) && !key.endsWith('.lock')) return key;
  throw new ConfigurationError(
    `expected a campaign key of lowercase letters and digits joined by single ".", "_" or "-", at most ${String(CAMPAIGN_KEY_MAX)} characters (e.g. "node-24-2026-12"), got ${JSON.stringify(key.slice(0, CAMPAIGN_KEY_MAX + 10))}.`,
    where,
  );
}
