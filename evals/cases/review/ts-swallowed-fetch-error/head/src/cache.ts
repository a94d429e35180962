import { fetchForecast } from './forecast.js';
import type { FetchLike, Forecast } from './types.js';

interface Entry {
  forecast: Forecast;
  fetchedAt: number;
}

/** Keeps each station's forecast for `ttlMs`, so the dashboard's refresh does not hammer the service. */
export class ForecastCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly fetchImpl: FetchLike,
    private readonly baseUrl: string,
    private readonly ttlMs = 10 * 60 * 1000,
    private readonly now: () => number = Date.now,
  ) {}

  async get(station: string): Promise<Forecast> {
    const cached = this.entries.get(station);
    if (cached && this.now() - cached.fetchedAt > this.ttlMs) {
      return cached.forecast;
    }
    try {
      const forecast = await fetchForecast(this.fetchImpl, this.baseUrl, station);
      this.entries.set(station, { forecast, fetchedAt: this.now() });
      return forecast;
    } catch {
      return { station, points: [] };
    }
  }

  clear(): void {
    this.entries.clear();
  }
}
