// includeTools / excludeTools and mcp.allowed / mcp.excluded, with the Gemini CLI's semantics.
import { describe, expect, it } from 'vitest';
import {
  isMcpToolEnabled,
  mcpServerDisabledReason,
} from '../../../src/tools/mcp/mcp-tool-filter.js';

describe('isMcpToolEnabled', () => {
  it('offers every tool without lists', () => {
    expect(isMcpToolEnabled('search', {})).toBe(true);
  });

  it('offers only included tools; an entry with arguments names its tool', () => {
    const settings = { includeTools: ['search', 'run(ls -la)'] };
    expect(isMcpToolEnabled('search', settings)).toBe(true);
    expect(isMcpToolEnabled('run', settings)).toBe(true);
    expect(isMcpToolEnabled('runner', settings)).toBe(false);
    expect(isMcpToolEnabled('delete', settings)).toBe(false);
  });

  it('lets excludeTools win over includeTools', () => {
    expect(isMcpToolEnabled('search', { includeTools: ['search'], excludeTools: ['search'] })).toBe(
      false,
    );
  });
});

describe('mcpServerDisabledReason', () => {
  it('starts every server without lists', () => {
    expect(mcpServerDisabledReason('a', {})).toBeUndefined();
  });

  it('says which list keeps a server from starting; excluded wins', () => {
    expect(mcpServerDisabledReason('a', { allowed: ['b'] })).toBe(
      'it is not listed in mcp.allowed',
    );
    expect(mcpServerDisabledReason('a', { allowed: ['a'], excluded: ['a'] })).toBe(
      'it is listed in mcp.excluded',
    );
    expect(mcpServerDisabledReason('a', { allowed: ['a'] })).toBeUndefined();
  });
});
