// The forecast both tools answer with: get_forecast for the model (and the view it opens), refresh_forecast for the
// view's units switch.
import { lookup, toFahrenheit } from './climate.js';

export type Units = 'metric' | 'imperial';

export interface Day {
  date: string;
  summary: string;
  high: number;
  low: number;
}

/** `days` days from 2026-01-01 in `units`; undefined for a city without data. */
export function forecast(city: string, days: number, units: Units): { city: string; units: Units; days: Day[] } | undefined {
  const climate = lookup(city);
  if (!climate) return undefined;
  const convert = (c: number) => (units === 'imperial' ? toFahrenheit(c) : c);
  const start = Date.UTC(2026, 0, 1);
  return {
    city,
    units,
    days: Array.from({ length: days }, (_, i) => ({
      date: new Date(start + i * 86_400_000).toISOString().slice(0, 10),
      summary: climate.summaries[i % climate.summaries.length],
      high: convert(climate.high + (i % 3)),
      low: convert(climate.low - (i % 2)),
    })),
  };
}

/** The forecast as one line per day: what the model and hosts without the view read. */
export function summary(f: { city: string; units: Units; days: Day[] }): string {
  const unit = f.units === 'imperial' ? '°F' : '°C';
  return [`${f.city}:`, ...f.days.map((d) => `${d.date} ${d.summary}, high ${d.high}${unit}, low ${d.low}${unit}`)].join('\n');
}
