// Strings that break code built by pasting text: comment and template terminators, every kind of quote, escapes,
// line terminators JavaScript treats specially, invisible and bidirectional characters, ill-formed UTF-16, and
// keys that mean something to JavaScript objects or JSON Schema. Each injection attempt would declare `__pwned`
// if it ever became code.

export const PWNED = '__pwned';

export const HOSTILE: readonly string[] = [
  `*/ export const ${PWNED} = 1; /*`,
  `\`; export const ${PWNED} = 1; \``,
  `\${globalThis.${PWNED} = 1}`,
  `"; export const ${PWNED} = 1; "`,
  `'; export const ${PWNED} = 1; '`,
  `\\"; export const ${PWNED} = 1; //`,
  '</script><script>alert(1)</script><!--',
  `quotes ' " \` “ ” ‘ ’ « » „ ‹ ›`,
  'back\\slash \\u0041 \\n \\x41 \\',
  'line\u2028separator\u2029paragraph',
  `newline\n export const ${PWNED} = 1;\r\n// `,
  'nul\u0000byte and \u0007 bell and \u001b[31m escape',
  'lone high \uD800 and lone low \uDC00 surrogates',
  'right-to-left \u202Eevil\u202C override \u2066isolate\u2069',
  'zero\u200Bwidth\uFEFFbom',
  '{{ not an argument }} and {{{triple}}}',
  '__proto__',
  'constructor',
  '$ref',
  'toString',
  'hasOwnProperty',
];

/** 100 kB, with terminators in the middle. */
export const HUGE = 'A'.repeat(50_000) + `*/ \`\${x}\` "'` + 'B'.repeat(50_000);

/**
 * Property names in JSON Schemas and prompt arguments. Names every object inherits (`__proto__`, `constructor`)
 * are refused there by validation, because the SDK's validator would see them on every object (see
 * check-inherited-names); they appear as resource names, definition names, `_meta` keys and values instead.
 */
export const HOSTILE_KEYS: readonly string[] = [
  'prototype',
  '$ref',
  `*/ export const ${PWNED} = 1; /*`,
  '"\'`${x}`',
  'a\u2028b',
  'nul\u0000key',
  '__proto__x',
  '',
];

/** Keys of published objects that are not validated (what `_meta` keys hold, `experimental`): anything goes. */
export const HOSTILE_META_KEYS: readonly string[] = ['__proto__', 'constructor', 'toString', ...HOSTILE_KEYS];
