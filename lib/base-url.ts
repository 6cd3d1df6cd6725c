// Where the service is: the mock's own address is every tool's default, and a
// base URL is read one way by the contract suite and the proxy.

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 4010;
/** The mock's address as `npm start` serves it: the default of the MSW handlers and the examples. */
export const DEFAULT_BASE_URL = `http://${DEFAULT_HOST}:${DEFAULT_PORT}`;

/** What is wrong with a base URL (`must be ...`), or undefined when it is one. */
export function baseUrlProblem(input: unknown): string | undefined {
  if (typeof input !== 'string' || !URL.canParse(input)) return 'must be a URL such as https://staging.example.com';
  const url = new URL(input);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http or https URL';
  if (url.search || url.hash) return 'must be a URL with no query or fragment';
  return undefined;
}

/** `https://h/api/v1/` and `https://h` both give base `https://h` and API base `https://h/api/v1`; throws a TypeError for what is no base URL (see baseUrlProblem). */
export function normalizeBaseUrl(input: string, prefix = '/api/v1'): { baseUrl: string; apiBase: string } {
  const problem = baseUrlProblem(input);
  if (problem) throw new TypeError(`the base URL ${problem}, not ${JSON.stringify(input)}`);
  const url = new URL(input);
  let path = url.pathname.replace(/\/+$/, '');
  // An empty prefix (an API served at the root) removes nothing: slice(0, -0) would remove everything.
  if (prefix && path.endsWith(prefix)) path = path.slice(0, -prefix.length);
  const baseUrl = `${url.origin}${path}`;
  return { baseUrl, apiBase: `${baseUrl}${prefix}` };
}

/** What is wrong with a base path (`must be ...`), or undefined: `/`, `` or a path such as `/api/v1`. */
export function basePathProblem(input: unknown): string | undefined {
  if (typeof input !== 'string') return 'must be a path such as /api/v1, or / for none';
  if (input !== '' && !input.startsWith('/')) return 'must start with / (such as /api/v1), or be / or empty for none';
  if (/[?#\s\\]|%|(^|\/)\.\.?(\/|$)/.test(input))
    return 'must be a plain path (no query, fragment, space, backslash, percent sign, . or .. segment)';
  return undefined;
}

/** `/api/v1/` gives `/api/v1`; `/` and `` give `` (the paths at the root). */
export function normalizeBasePath(input: string): string {
  return input.replace(/\/+$/, '');
}
