import type { ToolHandler } from '../../generated/types.gen.js';
import { structured, toolError } from '../../generated/context.gen.js';
import { forecast, summary } from '../../data/forecast.js';

/** Tool "get_forecast": Daily forecast for a city, up to 7 days ahead. */
export const getForecast: ToolHandler<'get_forecast'> = async (input, ctx) => {
  const result = forecast(input.city, input.days, input.units);
  if (!result) return toolError(`No forecast for ${input.city}: try Paris, Tokyo or Lima.`);
  await ctx.log.info(`forecast for ${input.city}: ${result.days.length} days`);
  // The structured forecast for the view (and clients that read it), and a summary for the model and text-only hosts.
  return structured(result, summary(result));
};
