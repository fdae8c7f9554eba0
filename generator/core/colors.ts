// Colour for people at a terminal, nothing for pipes, files and CI logs: only when the stream is a TTY, never when
// NO_COLOR is set to anything (https://no-color.org), never on a dumb terminal.

export interface Painter {
  red(s: string): string;
  yellow(s: string): string;
  green(s: string): string;
  cyan(s: string): string;
  dim(s: string): string;
  bold(s: string): string;
}

const sgr = (open: number, close: number) => (s: string) => `\x1b[${open}m${s}\x1b[${close}m`;

const COLOR: Painter = { red: sgr(31, 39), yellow: sgr(33, 39), green: sgr(32, 39), cyan: sgr(36, 39), dim: sgr(2, 22), bold: sgr(1, 22) };
const same = (s: string) => s;
export const PLAIN: Painter = { red: same, yellow: same, green: same, cyan: same, dim: same, bold: same };

export function colorEnabled(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return stream.isTTY === true && env.TERM !== 'dumb';
}

export function painter(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): Painter {
  return colorEnabled(stream, env) ? COLOR : PLAIN;
}
