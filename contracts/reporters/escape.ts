// Escaping at the output: whatever a deployment put in an answer is shown as
// text, never acted on. A terminal acts on control characters (window titles,
// clearing, colours, hyperlinks, a carriage return over the line) and bidi
// controls reorder what is read; XML 1.0 forbids C0 controls, lone surrogates,
// U+FFFE and U+FFFF. Each such character is shown as `\uXXXX` instead.

/** Characters no report shows as they are: C0 and DEL and C1, bidi controls, line and paragraph
 *  separators, the noncharacters U+FFFE and U+FFFF, and lone surrogates. */
const UNSAFE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters escaped.
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const shown = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** The text with every unsafe character shown as `\uXXXX`, but those in `keep` (e.g. '\n\t'). */
export function visible(s: unknown, keep = ''): string {
  const text = String(s);
  UNSAFE.lastIndex = 0;
  if (!UNSAFE.test(text)) return text;
  return text.replace(UNSAFE, (c) => (keep.includes(c) ? c : shown(c)));
}

/** Text for a terminal: newlines and tabs kept (the output's own lines), every other control shown. */
export const terminalText = (s: unknown): string => visible(s, '\n\t');

/** One line for a terminal: a newline in it is shown too, so no answer can forge a line of the report. */
export const terminalLine = (s: unknown): string => visible(s);

/** Text made safe for HTML content and attribute values (a CRLF is a line end; a lone return is shown). */
export const escapeHtml = (s: unknown): string =>
  visible(String(s).replaceAll('\r\n', '\n'), '\n\t').replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const XML: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  '"': '&quot;',
  "'": '&apos;',
  '\n': '&#10;',
  '\t': '&#9;',
  '\r': '&#13;',
};

/** Text made safe for XML 1.0: markup escaped, the rest visible. In an attribute (a parser would make
 *  them spaces) tab, newline and return are character references; in content only the return is. */
export const escapeXml = (s: unknown, attribute = true): string =>
  visible(s, '\n\t\r').replace(attribute ? /[<>&"'\n\t\r]/g : /[<>&"'\r]/g, (c) => XML[c]!);
