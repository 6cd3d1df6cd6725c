// The reset link's token in every near miss of its path (issue 29's attack
// pass): the proxy's log (test/e2e/proxy-log.test.ts), the mock's journal
// (test/mock/journal/path-secrets.test.ts) and lib/secret-paths.ts's own test
// show it in none.

export interface NearMiss {
  name: string;
  method: 'GET' | 'POST';
  /** The URL as the app sends it, the API's base path included. */
  url: string;
  /** The token's own spellings that must not show. */
  forms: string[];
}

const pctAll = (s: string) => [...s].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');

/** One row per way a path can carry the token; `token` is made distinct per row (its tail names the row). */
export function nearMisses(token: string): NearMiss[] {
  const rows: Array<[string, 'GET' | 'POST', (tok: string) => string]> = [
    ['the operation itself', 'POST', (k) => `/api/v1/user/reset_password/${k}`],
    ['a trailing slash', 'POST', (k) => `/api/v1/user/reset_password/${k}/`],
    ['a double slash', 'POST', (k) => `/api/v1//user/reset_password/${k}`],
    ['another method (GET)', 'GET', (k) => `/api/v1/user/reset_password/${k}`],
    ['an extra segment', 'POST', (k) => `/api/v1/user/reset_password/${k}/x`],
    ['GET with an extra segment', 'GET', (k) => `/api/v1/user/reset_password/${k}/more/x`],
    ['the token percent-encoded', 'POST', (k) => `/api/v1/user/reset_password/${pctAll(k)}`],
    [
      'the token half percent-encoded',
      'GET',
      (k) => `/api/v1/user/reset_password/${k.replace(/[a-f]/g, (c) => pctAll(c))}`,
    ],
    ['an upper-case path', 'POST', (k) => `/API/V1/USER/RESET_PASSWORD/${k}`],
    ['an encoded slash', 'POST', (k) => `/api/v1/user/reset_password%2F${k}`],
    ['no base path', 'POST', (k) => `/user/reset_password/${k}`],
    ['a dot segment after it', 'GET', (k) => `/api/v1/user/reset_password/${k}/..`],
    ['an encoded underscore', 'POST', (k) => `/api/v1/user/reset%5Fpassword/${k}`],
  ];
  return rows.map(([name, method, url], i) => {
    const tok = `${token}${String(i).padStart(2, '0')}`;
    return { name, method, url: url(tok), forms: [tok, pctAll(tok), tok.slice(0, 12), tok.slice(-12)] };
  });
}
