import type { ResourceTemplateHandler } from '../../generated/types.gen.js';
import { lookup } from '../../data/climate.js';

/** Resource template "city_weather": Current conditions in a city, as one line of text. */
export const cityWeather: ResourceTemplateHandler<'city_weather'> = async (uri, variables, ctx) => {
  const climate = lookup(variables.city);
  const text = climate ? `${variables.city}: ${climate.summaries[0]}, ${climate.high}°C` : `${variables.city}: no data`;
  return { contents: [{ uri: uri.href, mimeType: 'text/plain', text }] };
};
