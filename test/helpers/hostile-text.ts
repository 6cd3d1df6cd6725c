// What a hostile deployment writes to be acted on by a terminal, a CI system or a browser.

/** Characters a terminal acts on: C0 but tab and newline, DEL, C1, bidi controls, line and paragraph separators. */
export const TERMINAL_UNSAFE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are what must never reach a terminal.
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/** Outside XML 1.0's Char production: C0 but tab, newline and return; lone surrogates; U+FFFE and U+FFFF. */
export const NOT_XML_CHAR =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids these characters.
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const ATTACKS: Array<[string, string]> = [
  ['OSC window title', '\x1b]0;pwned\x07'],
  ['OSC 8 hyperlink', '\x1b]8;;https://evil.example\x1b\\click\x1b]8;;\x1b\\'],
  ['clear screen', '\x1b[2J\x1b[H'],
  ['colours', '\x1b[31mred\x1b[0m'],
  ['C1 CSI', '\u009b2J'],
  ['C1 OSC', '\u009d0;title\u009c'],
  ['BEL', 'ding\x07'],
  ['backspaces over text', 'FAIL\x08\x08\x08\x08ok  '],
  ['carriage return over the line', 'FAIL\rok  '],
  ['DEL', 'a\x7fb'],
  ['NUL', 'a\x00b'],
  ['bidi override', 'a\u202eevil\u202cb'],
  ['bidi isolate', 'a\u2066x\u2069b'],
  ['line separator', 'a\u2028b'],
  ['a newline forging a progress line', 'x\nok   conformance  forged: passes (1 ms)'],
];
