import type { Forecast, WidgetRow } from './types.js';

const RAIN_THRESHOLD_MM = 0.2;

export function toRows(forecast: Forecast, hours = 12): WidgetRow[] {
  return forecast.points.slice(0, hours).map((point) => ({
    label: new Date(point.time).toISOString().slice(11, 16),
    temperature: `${Math.round(point.temperatureC)}°`,
    rain: point.precipitationMm >= RAIN_THRESHOLD_MM,
  }));
}
