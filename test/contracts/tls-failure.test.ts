// A fetch that fails on the server's certificate is named a TLS failure, with
// its cause and what to do (NODE_EXTRA_CA_CERTS and the mock's CA file), in the
// run's abort and in the world probe's notice, which never calls it "no
// connection". Undici's shape: TypeError('fetch failed') whose cause carries
// OpenSSL's or Node's code. test/e2e/contracts-tls.test.ts meets a real one.
import t from 'tap';
import { runContracts } from '../../contracts/runner.js';
import { RunAborted } from '../../contracts/types.js';
import { createTransport } from '../../lib/http.js';
import { MOCK_CA_FILE, TLS_CODES, tlsFailure } from '../../lib/tls-failure.js';
import { spec } from '../helpers/mock.js';

const failing = (code: string, message: string) => async () => {
  throw new TypeError('fetch failed', { cause: Object.assign(new Error(message), { code }) });
};

/** code, OpenSSL's or Node's words, what the message must also say. */
const CASES: Array<[string, string, RegExp]> = [
  [
    'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    'unable to verify the first certificate',
    /NODE_EXTRA_CA_CERTS=\.mcs-mock\/ca\.pem/,
  ],
  [
    'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
    'unable to get local issuer certificate',
    /NODE_EXTRA_CA_CERTS=\.mcs-mock\/ca\.pem/,
  ],
  [
    'SELF_SIGNED_CERT_IN_CHAIN',
    'self-signed certificate in certificate chain',
    /NODE_EXTRA_CA_CERTS=\.mcs-mock\/ca\.pem/,
  ],
  ['DEPTH_ZERO_SELF_SIGNED_CERT', 'self-signed certificate', /self-signed; .*NODE_EXTRA_CA_CERTS=\.mcs-mock\/ca\.pem/],
  ['CERT_HAS_EXPIRED', 'certificate has expired', /has expired; restarting the mock with --https/],
  [
    'ERR_TLS_CERT_ALTNAME_INVALID',
    "Hostname/IP does not match certificate's altnames: IP: 10.0.0.9 is not in the cert's list: 127.0.0.1",
    /does not name the host.*localhost, 127\.0\.0\.1/,
  ],
  ['ERR_SSL_WRONG_VERSION_NUMBER', 'wrong version number', /handshake failed.*http:\/\/ or https:\/\//],
];

t.test('each TLS code: named TLS, its code and words, its cause and the fix', async (t) => {
  t.equal(MOCK_CA_FILE, '.mcs-mock/ca.pem');
  for (const [code, words, fix] of CASES) {
    const transport = createTransport('https://127.0.0.1:1/api/v1', failing(code, words), 5000);
    const out = await transport.send({ method: 'POST', path: '/user/signin', body: {} });
    t.equal(out.fault?.kind, 'tls', `${code}: a TLS fault`);
    t.match(out.fault?.message, /^TLS: /, `${code}: says TLS`);
    t.ok(out.fault?.message.includes(`${code}: ${words}`), `${code}: its code and words`);
    t.match(out.fault?.message, fix, `${code}: what to do`);
    if (TLS_CODES[code]) t.ok(out.fault?.message.includes(TLS_CODES[code]!.cause), `${code}: its cause`);
  }
});

t.test('a network fault that is no TLS failure is classified as before', async (t) => {
  for (const [code, kind] of [
    ['ECONNREFUSED', 'refused'],
    ['ENOTFOUND', 'dns'],
    ['ECONNRESET', 'reset'],
    ['EHOSTUNREACH', 'network'],
  ] as const) {
    const out = await createTransport('https://x.test', failing(code, code), 5000).send({ method: 'GET', path: '/' });
    t.equal(out.fault?.kind, kind, code);
    t.equal(tlsFailure(new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) })), undefined);
  }
});

t.test('the run aborts naming the TLS failure; the probe does not call it "no connection"', async (t) => {
  for (const [code, words] of CASES) {
    const notices: string[] = [];
    const err = await runContracts(
      {
        baseUrl: 'https://127.0.0.1:1',
        credentials: { email: 'demo@example.com', password: 'demo-password' },
        timeoutMs: 5000,
        onNotice: (l) => notices.push(l),
        fetch: failing(code, words),
      },
      await spec(),
    ).catch((e: unknown) => e);
    t.ok(err instanceof RunAborted, `${code}: the run cannot happen`);
    t.match((err as Error).message, new RegExp(`^cannot reach https://127\\.0\\.0\\.1:1/api/v1: TLS: .*${code}`));
    const probe = notices.find((n) => n.includes('/__mock/worlds'));
    t.match(probe, new RegExp(`failed: TLS: .*${code}`), `${code}: the probe names it`);
    t.notMatch(probe, /no connection/, `${code}: not "no connection"`);
  }
});
