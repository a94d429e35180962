// docs/telemetry.md against the code: every signal name the code emits is documented, every
// variable and setting the doc names is one the code reads, and the doc's settings example turns
// telemetry on exactly as it says.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EVENTS, METRICS, SPANS } from '../../src/telemetry/signal-names.js';
import { resolveTelemetryConfig } from '../../src/telemetry/telemetry-config.js';
import type { TelemetrySettings } from '../../src/config/settings-types.js';
import { codeBlocks } from './markdown.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const doc = await readFile(path.join(ROOT, 'docs/telemetry.md'), 'utf8');
const configSource = await readFile(path.join(ROOT, 'src/telemetry/telemetry-config.ts'), 'utf8');
const schemaSource = await readFile(path.join(ROOT, 'src/config/settings-schema.ts'), 'utf8');

describe('docs/telemetry.md', () => {
  it('names every event, metric and span the code emits', () => {
    const names = [...Object.values(EVENTS), ...Object.values(METRICS), ...Object.values(SPANS)];
    expect(names.filter((name) => !doc.includes(`\`${name}\``))).toEqual([]);
  });

  it('names only environment variables the code reads', () => {
    const variables = new Set(doc.match(/\b(?:GEMINI_TELEMETRY|OTEL)_[A-Z_]+[A-Z]\b/g) ?? []);
    expect(variables.size).toBeGreaterThan(8);
    // `…_LOGS_ENDPOINT` and the like are built from the signal names in the code.
    const perSignal = /^OTEL_EXPORTER_OTLP_(LOGS|METRICS|TRACES)_ENDPOINT$/;
    expect(
      [...variables].filter((name) => !perSignal.test(name) && !configSource.includes(name)),
    ).toEqual([]);
  });

  it('names only settings the schema has', () => {
    const settings = new Set(doc.match(/`telemetry\.([a-zA-Z]+)`/g) ?? []);
    expect(settings.size).toBe(7);
    const missing = [...settings]
      .map((quoted) => quoted.slice('`telemetry.'.length, -1))
      .filter((key) => !new RegExp(`^\\s+${key}:`, 'm').test(schemaSource));
    expect(missing).toEqual([]);
  });

  it('has a settings example that sends OTLP/HTTP to the collector example, prompts kept out', () => {
    const json = codeBlocks(doc).find((block) => block.lang === 'json');
    const settings = (JSON.parse(json?.text ?? '{}') as { telemetry: TelemetrySettings }).telemetry;
    const resolved = resolveTelemetryConfig({
      settings,
      source: 'docs/telemetry.md',
      env: {},
      baseDirectory: ROOT,
    });
    expect(resolved.warnings).toEqual([]);
    expect(resolved.config?.logPrompts).toBe(false);
    expect(resolved.config?.destination).toMatchObject({
      kind: 'otlp',
      protocol: 'http',
      urls: { traces: 'http://localhost:4318/v1/traces' },
    });
    const collector = codeBlocks(doc).find((block) => block.text.includes('receivers:'));
    expect(collector?.text).toContain('endpoint: 0.0.0.0:4318');
  });
});
