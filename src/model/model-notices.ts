/**
 * What a run says about the model it runs on, once: that the table marks it deprecated or its
 * shutdown is near (so a pinned model does not stop working without warning), and that the API
 * answered with another model than the one asked for (an alias, or a model Google routes on).
 */
import type { ModelStatus } from '@google/genai';
import { MODEL_TABLE, bareName, findModel } from './model-table.js';
import type { ModelTable } from './model-table.js';

/** How close a shutdown must be for a run on a model still called stable to warn of it. */
export const SHUTDOWN_WARNING_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A line to warn with, once per run, for a model the table marks deprecated or whose shutdown is
 * at most 30 days away (or past), naming the replacement; undefined for every other model.
 */
export function lifecycleNotice(
  name: string,
  today: Date,
  table: ModelTable = MODEL_TABLE,
): string | undefined {
  const entry = findModel(name, table);
  if (entry === undefined) return undefined;
  const source = table.sources['deprecations'] ?? 'the Gemini API deprecations page';
  const instead = entry.replacement === undefined ? '' : `; Google recommends ${entry.replacement}`;
  const shutdown = entry.shutdown;
  if (shutdown === undefined) {
    if (entry.stage !== 'deprecated') return undefined;
    const answered =
      entry.routed === true && entry.replacement !== undefined
        ? `: Google answers its requests with ${entry.replacement}`
        : instead;
    return `The model ${entry.name} is deprecated${answered} (${source}).`;
  }
  const daysLeft = Math.round((Date.parse(`${shutdown}T00:00:00Z`) - utcDay(today)) / DAY_MS);
  if (entry.stage !== 'deprecated' && daysLeft > SHUTDOWN_WARNING_DAYS) return undefined;
  const deprecated = entry.stage === 'deprecated' ? ' is deprecated and' : '';
  const when =
    daysLeft <= 0
      ? `was shut down on ${shutdown}`
      : `shuts down on ${shutdown}, in ${daysLeft === 1 ? '1 day' : `${String(daysLeft)} days`}`;
  return `The model ${entry.name}${deprecated} ${when}${instead} (${source}).`;
}

/** Midnight (UTC) of the day `time` falls on: shutdowns are whole days. */
function utcDay(time: Date): number {
  return Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), time.getUTCDate());
}

/**
 * A line saying which model answered, when the response's `modelVersion` names another model
 * than the request did; undefined when it is the same model (a version suffix such as `-001`
 * on the same name counts as the same).
 */
export function routedNotice(asked: string, answered: string | undefined): string | undefined {
  if (answered === undefined || answered.trim() === '') return undefined;
  const request = bareName(asked.trim());
  const response = bareName(answered.trim());
  const sameModel =
    response === request ||
    (response.startsWith(`${request}-`) && /^\d{3}$/.test(response.slice(request.length + 1)));
  if (sameModel) return undefined;
  return `The model ${request} was asked for, and ${response} answered (the API routed the request to it).`;
}

/** The API's stages that mean a model is on its way out (`ModelStage`). */
const LEAVING_STAGES: ReadonlySet<string> = new Set(['LEGACY', 'DEPRECATED', 'RETIRED']);

/**
 * A line for a model the API itself reports as on its way out (a response's `modelStatus`: a
 * leaving stage, or a retirement at most 30 days away), so a run warns even before the table
 * knows; undefined otherwise.
 */
export function apiLifecycleNotice(
  name: string,
  status: ModelStatus | undefined,
  today: Date,
): string | undefined {
  if (status === undefined) return undefined;
  const stage = status.modelStage;
  const retires = status.retirementTime === undefined ? NaN : Date.parse(status.retirementTime);
  const daysLeft = Number.isNaN(retires)
    ? undefined
    : Math.round((utcDay(new Date(retires)) - utcDay(today)) / DAY_MS);
  const leaving = stage !== undefined && LEAVING_STAGES.has(stage);
  if (!leaving && (daysLeft === undefined || daysLeft > SHUTDOWN_WARNING_DAYS)) return undefined;
  const parts = [
    leaving ? `as ${stage.toLowerCase()}` : undefined,
    daysLeft === undefined
      ? undefined
      : `retiring on ${new Date(retires).toISOString().slice(0, 10)}`,
  ].filter((part) => part !== undefined);
  const message = status.message?.trim().replace(/[.\s]+$/, '');
  return `The API reports the model ${bareName(name)} ${parts.join(', ')}${message ? `: ${message}` : ''}.`;
}
