// Manifest strings that reach comments, Markdown and the terminal. A NUL makes git treat a file as binary (its later
// changes vanish from review), bidirectional controls make code read differently from how it runs (CVE-2021-42574),
// raw HTML in Markdown can hide what follows (`<!--`), and C0 and C1 controls are commands to a terminal (ESC, CSI).
// String literals keep every character exactly; these helpers are for prose only.

const HIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Invisible and direction-changing characters written out as `\uXXXX`, so a reader sees that they are there. */
export function showHidden(s: string): string {
  return s.replace(HIDDEN, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
}

/** Text for Markdown prose: hidden characters shown, and HTML inert (`<`, `>` and `&` as entities). */
export function markdownText(s: string): string {
  return showHidden(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** JSON for a file people review: two-space indents, hidden characters as `\uXXXX` escapes (the same value). */
export function reviewableJson(value: unknown): string {
  return `${showHidden(JSON.stringify(value, null, 2))}\n`;
}
