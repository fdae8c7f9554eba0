// A status line for runs that take a while (type-checking handlers, big imports): shown on a terminal only, after a
// short delay so quick runs print nothing, and erased when the work is done. Pipes and CI logs never see it.

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

/** Starts a status line; call the returned function when done. `label` may change with `update`. */
export function startProgress(
  label: string,
  stream: ProgressStream = process.stderr,
  delayMs = 400,
): { update(label: string): void; done(): void } {
  if (stream.isTTY !== true || process.env.TERM === 'dumb') return { update: () => {}, done: () => {} };
  const started = Date.now();
  let text = label;
  let frame = 0;
  let shown = false;
  const draw = () => {
    shown = true;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    stream.write(`\r\x1b[K${FRAMES[frame++ % FRAMES.length]} ${text} (${seconds} s)`);
  };
  let ticker: NodeJS.Timeout | undefined;
  const delay = setTimeout(() => {
    draw();
    ticker = setInterval(draw, 100);
    ticker.unref();
  }, delayMs);
  delay.unref();
  return {
    update: (next) => {
      text = next;
    },
    done: () => {
      clearTimeout(delay);
      clearInterval(ticker);
      if (shown) stream.write('\r\x1b[K');
    },
  };
}
