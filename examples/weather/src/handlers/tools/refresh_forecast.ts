import type { ToolHandler } from '../../generated/types.gen.js';
import { structured, toolError } from '../../generated/context.gen.js';
import { forecast, summary } from '../../data/forecast.js';

/** Tool "refresh_forecast": The forecast again, in the units the view asks for (called by the forecast view only). */
export const refreshForecast: ToolHandler<'refresh_forecast'> = async (input) => {
  const result = forecast(input.city, input.days, input.units);
  if (!result) return toolError(`No forecast for ${input.city}: try Paris, Tokyo or Lima.`);
  return structured(result, summary(result));
};
