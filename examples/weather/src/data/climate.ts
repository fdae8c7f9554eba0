// Static climate data, so the example answers the same way everywhere, offline.
export interface Climate {
  /** Typical daily high and low in °C. */
  high: number;
  low: number;
  summaries: string[];
}

export const CLIMATE: Record<string, Climate> = {
  paris: { high: 16, low: 8, summaries: ['Light rain', 'Overcast', 'Sunny spells'] },
  tokyo: { high: 20, low: 13, summaries: ['Clear', 'Humid', 'Showers'] },
  lima: { high: 22, low: 17, summaries: ['Coastal fog', 'Cloudy', 'Mild sun'] },
};

export function lookup(city: string): Climate | undefined {
  return Object.hasOwn(CLIMATE, city.toLowerCase()) ? CLIMATE[city.toLowerCase()] : undefined;
}

export const toFahrenheit = (c: number): number => Math.round((c * 9) / 5 + 32);
