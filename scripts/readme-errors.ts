// The table of the mock's error codes in docs/mock.md, rendered from the
// catalogue (mock/errors.ts) between marker comments by `npm run readme`, so
// the codes a client sees in `x-mock-error` are all written down, and only those.
import { fileURLToPath } from 'node:url';
import { type ErrorCatalogue, type ErrorFactory, errorCatalogue } from '../mock/errors.js';
import type { LoadedSpec } from '../spec/load.js';
import { replaceSection } from '../spec/render-readme.js';

export const MOCK_DOC_PATH = fileURLToPath(new URL('../docs/mock.md', import.meta.url));

export const ERROR_CODES_SECTION = ['<!-- error-codes:start (npm run readme) -->', '<!-- error-codes:end -->'] as const;

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function shapeOf(name: string, e: ErrorFactory<never>): string {
  // Not the spec's: Laravel's JSON, a proxy's HTML page, the operation's answer spoiled, or no answer at all.
  if (name === 'FORCED_OUTSIDE_SPEC') return "the kind's own (docs/mock.md, faults outside the spec)";
  if (e.statusCode === undefined) return "the documented response's example";
  if (e.shape === 'status') return '`{status: "error", message}`';
  return name === 'VALIDATION' ? '`{message, status, errors}`' : '`{message, status}`';
}

/** One row per code, by status then code. */
export function renderErrorCodes(catalogue: ErrorCatalogue): string {
  const entries = Object.entries(catalogue) as Array<[string, ErrorFactory<never>]>;
  const rows = entries
    .sort(([a, x], [b, y]) => (x.statusCode ?? 999) - (y.statusCode ?? 999) || a.localeCompare(b))
    .map(([name, e]) => {
      const status = e.statusCode === undefined ? 'the forced one' : String(e.statusCode);
      return `| \`${e.code}\` | ${status} | ${shapeOf(name, e)} | ${cell(e.means)} |`;
    });
  return ['| Code (`x-mock-error`) | Status | Shape | What it means |', '|---|---|---|---|', ...rows].join('\n');
}

export function renderMockDoc(text: string, spec: LoadedSpec): string {
  return replaceSection(text, ERROR_CODES_SECTION, renderErrorCodes(errorCatalogue(spec)));
}
