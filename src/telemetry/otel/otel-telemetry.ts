/**
 * Telemetry on: the entry of the bundle's OpenTelemetry chunk, loaded by `start-telemetry.ts` only
 * when telemetry is enabled, so a run without it never loads the SDK.
 */
import { createHash } from 'node:crypto';
import type { Attributes } from '@opentelemetry/api';
import type { Redact } from '../../platform/redaction.js';
import { SERVICE_NAME } from '../signal-names.js';
import type { Telemetry, TelemetryRun } from '../telemetry.js';
import type { TelemetryConfig } from '../telemetry-config.js';
import { createExporters } from './exporters.js';
import type { Exporters } from './pipeline.js';
import { startPipeline } from './pipeline.js';
import { redactedAttributes } from './redacted-attributes.js';
import { RunSignals } from './run-signals.js';
import { SignalWriter } from './signal-writer.js';

export interface OtelTelemetryOptions {
  config: TelemetryConfig;
  run: TelemetryRun;
  redact: Redact;
  /** Told once, on the first failed export (or a shutdown that ran out of time). */
  warn: (message: string) => void;
  /** Replace the configured exporters (tests). */
  exporters?: Exporters;
  now?: () => number;
}

export async function createOtelTelemetry(options: OtelTelemetryOptions): Promise<Telemetry> {
  const { config, run, redact } = options;
  const now = options.now ?? Date.now;
  const where = describeDestination(config);
  let warned = false;
  const problem = (detail: string) => {
    if (warned) return;
    warned = true;
    options.warn(
      redact(
        `Telemetry to ${where} failed: ${detail.replace(/[.\s]+$/, '')}. The run goes on without it; further telemetry errors are not shown.`,
      ),
    );
  };
  const pipeline = startPipeline({
    exporters: options.exporters ?? (await createExporters(config)),
    resource: resourceAttributes(config, run, redact),
    exportTimeoutMs: config.exportTimeoutMs,
    onProblem: problem,
  });
  const writer = new SignalWriter({ ...pipeline, redact, authType: run.authType });
  const signals = new RunSignals(writer, { run, logPrompts: config.logPrompts });
  signals.configLoaded(new Date(now()), repositoryHash(run.github.repository));
  return {
    observeSession: (prompt) => signals.observeSession(prompt),
    async shutdown() {
      signals.closeOpenSessions(new Date(now()));
      if (!(await pipeline.shutdown())) {
        problem(`the last export did not finish within ${config.exportTimeoutMs + 1000} ms`);
      }
    },
  };
}

/**
 * The resource of every signal: the service, the session and the GitHub run. Built by hand — no
 * detectors, so no command line, user name or host leaves with it.
 */
function resourceAttributes(
  config: TelemetryConfig,
  run: TelemetryRun,
  redact: Redact,
): Attributes {
  const { github } = run;
  return redactedAttributes(redact, {
    'service.name': SERVICE_NAME,
    ...config.resourceAttributes,
    'service.version': run.version,
    'session.id': run.sessionId,
    // The keys run-gemini-cli's collector adds (scripts/collector-gcp.yaml.template), and more.
    'github.repository': github.repository,
    'github.workflow': github.workflow,
    'github.run_id': github.runId,
    'github.run_attempt': github.runAttempt,
    'github.event_name': github.eventName,
    'github.issue.number': github.issueNumber,
    'github.pr.number': github.pullRequestNumber,
    'gemini_agent.mode': run.mode,
  });
}

/** The Gemini CLI's `github_repository_hash`: SHA-256 of `owner/name`. */
function repositoryHash(repository: string | undefined): string | undefined {
  return repository === undefined
    ? undefined
    : createHash('sha256').update(repository).digest('hex');
}

function describeDestination(config: TelemetryConfig): string {
  const { destination } = config;
  if (destination.kind === 'file') return destination.path;
  return `${destination.urls.logs} (OTLP/${destination.protocol === 'grpc' ? 'gRPC' : 'HTTP'})`;
}
