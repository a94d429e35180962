/**
 * Telemetry for a run: resolved from the settings and the environment, and — only when it is on —
 * the OpenTelemetry chunk loaded and started. Off, this costs one object lookup: none of the SDK is
 * loaded. On, it never stands in the way of the run: a setup that fails, or an outfile that cannot
 * be written, is one warning.
 */
import type { AgentSettings } from '../config/settings-types.js';
import { errorMessage } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import type { Redact } from '../platform/redaction.js';
import { createRedactor, secretEnvironmentValues } from '../platform/redaction.js';
import { outfileProblem } from './outfile.js';
import type { Telemetry, TelemetryRun } from './telemetry.js';
import { resolveTelemetryConfig } from './telemetry-config.js';

export interface StartTelemetryOptions {
  settings: AgentSettings;
  env: Readonly<Record<string, string | undefined>>;
  /** A relative `outfile` is resolved against this folder. */
  baseDirectory: string;
  run: TelemetryRun;
  logger: Logger;
  /**
   * The run's redactor; the collector's header values are registered with it. Default: one that
   * knows the environment's credential-named variables.
   */
  redactor?: { redact: Redact; register: (secret: string) => unknown };
}

/**
 * The run's telemetry, or undefined when it is off. A configuration error (a mistyped protocol)
 * throws a `ConfigurationError`; anything else that goes wrong is one warning and no telemetry.
 */
export async function startTelemetry(
  options: StartTelemetryOptions,
): Promise<Telemetry | undefined> {
  const { settings, logger } = options;
  const resolved = resolveTelemetryConfig({
    settings: settings.telemetry,
    source: settings.source,
    env: options.env,
    baseDirectory: options.baseDirectory,
  });
  for (const warning of resolved.warnings) logger.warning(warning);
  const { config } = resolved;
  if (config === undefined) return undefined;
  const redactor =
    options.redactor ?? createRedactor({ secrets: secretEnvironmentValues(options.env) });
  for (const secret of resolved.secrets) redactor.register(secret);
  if (config.destination.kind === 'file') {
    const file = config.destination.path;
    const problem = await outfileProblem(file);
    if (problem !== undefined) {
      logger.warning(
        redactor.redact(
          `Telemetry is off: its outfile ${file} cannot be written: ${problem}. The run goes on without it.`,
        ),
      );
      return undefined;
    }
  }
  try {
    const { createOtelTelemetry } = await import('./otel/otel-telemetry.js');
    return await createOtelTelemetry({
      config,
      run: options.run,
      redact: redactor.redact,
      warn: (message) => {
        logger.warning(message);
      },
    });
  } catch (error) {
    logger.warning(`Telemetry is off: it could not be started (${errorMessage(error)}).`);
    return undefined;
  }
}
