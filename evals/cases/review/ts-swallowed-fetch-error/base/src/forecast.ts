import type { FetchLike, Forecast } from './types.js';

export class ForecastError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ForecastError';
  }
}

export async function fetchForecast(
  fetchImpl: FetchLike,
  baseUrl: string,
  station: string,
): Promise<Forecast> {
  const url = `${baseUrl}/v2/stations/${encodeURIComponent(station)}/forecast`;
  const response = await fetchImpl(url, { signal: AbortSignal.timeout(5000) });
  if (!response.ok) {
    throw new ForecastError(`forecast for ${station} failed with HTTP ${response.status}`, response.status);
  }
  const body = (await response.json()) as Partial<Forecast>;
  if (!Array.isArray(body.points)) {
    throw new ForecastError(`forecast for ${station} has no points`);
  }
  return { station, points: body.points };
}
