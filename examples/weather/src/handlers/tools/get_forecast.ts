import type { ToolHandler } from '../../generated/types.gen.js';
import { structured, toolError } from '../../generated/context.gen.js';
import { lookup, toFahrenheit } from '../../data/climate.js';

/** Tool "get_forecast": Daily forecast for a city, up to 7 days ahead. */
export const getForecast: ToolHandler<'get_forecast'> = async (input, ctx) => {
  const climate = lookup(input.city);
  if (!climate) return toolError(`No forecast for ${input.city}: try Paris, Tokyo or Lima.`);
  const units = input.units;
  const convert = (c: number) => (units === 'imperial' ? toFahrenheit(c) : c);
  const start = Date.UTC(2026, 0, 1);
  const days = Array.from({ length: input.days }, (_, i) => ({
    date: new Date(start + i * 86_400_000).toISOString().slice(0, 10),
    summary: climate.summaries[i % climate.summaries.length],
    high: convert(climate.high + (i % 3)),
    low: convert(climate.low - (i % 2)),
  }));
  await ctx.log.info(`forecast for ${input.city}: ${days.length} days`);
  return structured({ city: input.city, units, days });
};
