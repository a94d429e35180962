export interface ForecastPoint {
  time: string;
  temperatureC: number;
  precipitationMm: number;
}

export interface Forecast {
  station: string;
  points: ForecastPoint[];
}

export interface WidgetRow {
  label: string;
  temperature: string;
  rain: boolean;
}

export type FetchLike = (url: string, init?: { signal?: AbortSignal }) => Promise<{
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}>;
