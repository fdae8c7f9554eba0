// The forecast view (MCP Apps): hosts that render views show get_forecast's result here, as a chart of each day's
// high and low with the figures below it. The °C/°F switch calls refresh_forecast, a tool for views only, through the
// host. Yours to edit (mcp-gen created it once); ./app.gen.js follows mcp.yaml, so `mcp-gen check` reports the line
// here when a field this code reads leaves the manifest.
import { App, applyDocumentTheme, applyHostStyleVariables, type McpUiHostContext } from '@modelcontextprotocol/ext-apps';
import { callServerTool, onToolInput, onToolResult, type ToolInput, type ToolOutput, type ToolResult } from './app.gen.js';

const app = new App({ name: 'forecast_view', version: '1.0.0' });
let input: ToolInput | undefined;
let shown: ToolOutput | undefined;

// Set before connect(): the host sends the tool's input and result as soon as the view is connected.
onToolInput(app, (received) => {
  input = received;
  byId('status').textContent = `Forecast for ${received.city}…`;
});
onToolResult(app, show);
// An error thrown in a handler above reaches app.onerror, not the page: tell the host, which shows or logs it.
app.onerror = (error) => {
  app.sendLog({ level: 'error', logger: 'forecast_view', data: String(error?.message ?? error) }).catch(() => {});
};
app.onhostcontextchanged = followHost;

byId('units').addEventListener('click', async (event) => {
  const button = event.currentTarget as HTMLButtonElement;
  if (!input || !shown) return;
  button.disabled = true;
  try {
    const units = shown.units === 'metric' ? 'imperial' : 'metric';
    show(await callServerTool(app, 'refresh_forecast', { city: shown.city, days: shown.days.length, units }));
  } finally {
    button.disabled = false;
  }
});

function show(result: ToolResult<ToolOutput>): void {
  const forecast = result.structuredContent;
  if (!forecast || result.isError) {
    shown = undefined;
    byId('status').textContent = result.content?.map((c) => (c.type === 'text' ? c.text : '')).join('\n') || 'No forecast';
    byId('chart').replaceChildren();
    byId('days').replaceChildren();
    return;
  }
  shown = forecast;
  const unit = forecast.units === 'metric' ? '°C' : '°F';
  byId('status').textContent = `${forecast.city}, ${forecast.days.length} day${forecast.days.length === 1 ? '' : 's'} (${unit})`;
  byId('units').textContent = forecast.units === 'metric' ? 'Show °F' : 'Show °C';
  byId('chart').replaceChildren(chart(forecast.days, unit));
  byId('days').replaceChildren(
    ...forecast.days.map((day) => row([day.date, day.summary, `${day.high}${unit}`, `${day.low}${unit}`])),
  );
}

type Day = ToolOutput['days'][number];

/** Each day's high and low as two lines over the days, labelled with their values. */
function chart(days: readonly Day[], unit: string): SVGSVGElement {
  const width = 520;
  const height = 160;
  const pad = 28;
  const values = days.flatMap((d) => [d.high, d.low]);
  const top = Math.max(...values) + 2;
  const bottom = Math.min(...values) - 2;
  const x = (i: number) => pad + (days.length === 1 ? (width - 2 * pad) / 2 : (i * (width - 2 * pad)) / (days.length - 1));
  const y = (v: number) => pad / 2 + ((top - v) / (top - bottom || 1)) * (height - pad * 1.5);
  const svg = svgElement('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': `Highs and lows in ${unit}` });
  for (const [key, css] of [
    ['high', 'high'],
    ['low', 'low'],
  ] as const) {
    const points = days.map((d, i) => `${x(i)},${y(d[key])}`).join(' ');
    svg.append(svgElement('polyline', { points, class: css }));
    days.forEach((d, i) => {
      svg.append(svgElement('circle', { cx: x(i), cy: y(d[key]), r: 3.5, class: css }));
      const label = svgElement('text', { x: x(i), y: y(d[key]) + (key === 'high' ? -8 : 16), class: 'value' });
      label.textContent = `${d[key]}°`;
      svg.append(label);
    });
  }
  days.forEach((d, i) => {
    const label = svgElement('text', { x: x(i), y: height - 4, class: 'date' });
    label.textContent = d.date.slice(5);
    svg.append(label);
  });
  return svg;
}

function svgElement<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Record<string, string | number>): SVGElementTagNameMap[K] {
  const node = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  return node;
}

/** A table row; values are shown as text, never as markup. */
function row(cells: string[]): HTMLTableRowElement {
  const tr = document.createElement('tr');
  for (const cell of cells) tr.insertCell().textContent = cell;
  return tr;
}

function byId(id: string): HTMLElement {
  const found = document.getElementById(id);
  if (!found) throw new Error(`index.html has no element #${id}`);
  return found;
}

/** The host's theme and style variables, when it sends them. */
function followHost(context: McpUiHostContext): void {
  if (context.theme) applyDocumentTheme(context.theme);
  if (context.styles?.variables) applyHostStyleVariables(context.styles.variables);
}

await app.connect();
const context = app.getHostContext();
if (context) followHost(context);
