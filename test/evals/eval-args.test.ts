// The flags of npm run eval: the configuration, live or offline, and clear mistakes.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseAgentSettings } from '../../src/config/settings.js';
import { resolveModelConfig } from '../../src/model/model-configs.js';
import { DEFAULT_MODEL } from '../../src/model/model-table.js';
import {
  configName,
  DEFAULT_FANOUT,
  EVAL_USAGE,
  parseEvalArgs,
  thinkingSettings,
} from '../../evals/harness/eval-args.js';

const parse = (argv: string[], env: NodeJS.ProcessEnv = {}) => parseEvalArgs(argv, env);

describe('parseEvalArgs', () => {
  it('defaults: every kind, offline without credentials, fanout as action.yml, two at a time', () => {
    expect(parse([])).toMatchObject({
      kinds: ['review', 'fix', 'triage'],
      ids: [],
      mode: 'offline',
      fanout: DEFAULT_FANOUT,
      thinking: undefined,
      concurrency: 2,
      summary: undefined,
    });
    expect(readFileSync('action.yml', 'utf8')).toMatch(
      new RegExp(`review_fanout_lines:\\n[^]*?default: '${DEFAULT_FANOUT}'`),
    );
    expect(parse([], { GEMINI_API_KEY: 'k' })).toMatchObject({ mode: 'live' });
    expect(parse([], { GOOGLE_GENAI_USE_VERTEXAI: 'true' })).toMatchObject({ mode: 'live' });
    expect(parse(['--offline'], { GEMINI_API_KEY: 'k' })).toMatchObject({ mode: 'offline' });
    expect(parse(['--record'])).toMatchObject({ mode: 'record' });
    expect(parse([], { GITHUB_STEP_SUMMARY: '/tmp/s.md' })).toMatchObject({ summary: '/tmp/s.md' });
  });

  it('reads the configuration and the selection', () => {
    const options = parse([
      '--kind',
      'fix',
      '--kind',
      'review',
      '--case',
      'js-a',
      '--model',
      'pro',
      '--fanout',
      '0',
      '--thinking',
      'low',
      '--concurrency',
      '3',
    ]);
    expect(options).toMatchObject({
      kinds: ['fix', 'review'],
      ids: ['js-a'],
      model: 'pro',
      fanout: 0,
      thinking: 'LOW',
      concurrency: 3,
    });
    expect(configName({ fanout: 0, thinking: 'LOW' })).toBe('fanout0-thinkinglow');
    expect(configName({ fanout: 800, thinking: undefined })).toBe('fanout800-thinkingdefault');
  });

  it('says what was expected', () => {
    expect(() => parse(['--kind', 'lint'])).toThrow(
      '--kind expects one of review, fix, triage, got "lint".',
    );
    expect(() => parse(['--fanout=-1'])).toThrow(
      '--fanout expects a whole number (0 or more), got "-1".',
    );
    expect(() => parse(['--concurrency', '0'])).toThrow(
      '--concurrency expects a whole number of 1 or more',
    );
    expect(() => parse(['--thinking', 'huge'])).toThrow(
      '--thinking expects one of MINIMAL, LOW, MEDIUM, HIGH, XHIGH',
    );
    expect(() => parse(['--offline', '--record'])).toThrow('give one');
    expect(() => parse(['--recordings', '../x'])).toThrow(
      '--recordings expects the name of a folder',
    );
    expect(() => parse(['--bogus'])).toThrow(/bogus[^]*npm run eval -- --help/);
    expect(parse(['--help'])).toBe('help');
    expect(EVAL_USAGE).toContain('--thinking LEVEL');
  });

  it('sets the thinking level of the main agent and its subagents, as the product reads the settings input', () => {
    for (const model of [DEFAULT_MODEL, 'flash']) {
      const text = thinkingSettings(model, 'LOW');
      const settings = parseAgentSettings(JSON.parse(text), { source: 'settings', text, env: {} });
      for (const scope of [undefined, 'codebase_investigator']) {
        const resolved = resolveModelConfig(settings.modelConfigs, {
          requested: model,
          ...(scope !== undefined ? { scope } : {}),
        });
        expect(
          resolved.generateContentConfig.thinkingConfig?.thinkingLevel,
          `${model} ${scope ?? 'core'}`,
        ).toBe('LOW');
      }
    }
  });

  it('sets the thinking level through the settings input, as docs/model-settings.md describes', () => {
    expect(JSON.parse(thinkingSettings('flash', 'LOW'))).toEqual({
      modelConfigs: {
        overrides: [
          {
            match: { model: 'flash' },
            modelConfig: { generateContentConfig: { thinkingConfig: { thinkingLevel: 'LOW' } } },
          },
        ],
      },
    });
  });
});
