// Redaction that cannot be cut in half (issues 13 and 19): runContracts returned
// the secrets it was given (renderJson wrote the password); a cut excerpt showed
// the first 32 hex characters of the live token 88 times; a password with " or \
// leaked in its JSON-escaped form.
import { createServer } from 'node:http';
import t from 'tap';
import { main } from '../../cli/contracts.js';
import { REPORTERS } from '../../contracts/reporters/index.js';
import { runContracts } from '../../contracts/runner.js';
import { encodings, givenSecrets, redact, redactor } from '../../lib/redact.js';
import { ENCODERS, PASSWORDS } from '../helpers/backend-encoders.js';
import { capture, FILE_REPORTERS } from '../helpers/cli-io.js';
import { spec } from '../helpers/mock.js';

/** This process's CPU time since `started`, in ms: the work done, however busy the machine. */
const cpuMs = (started: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(started);
  return (user + system) / 1000;
};

const PASSWORD = 'p@ss "quoted" \\back & more=1';
const EMAIL = 'qa@example.com';
const TOKEN = 'f3a1c9e07b5d4e2a9c8b7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a';

/** Every form of a secret the reports must not hold. */
function leaks(text: string): string[] {
  const basic = Buffer.from(`${EMAIL}:${PASSWORD}`).toString('base64');
  const forms = [...encodings(PASSWORD), ...encodings(TOKEN), basic, TOKEN.slice(0, 12), TOKEN.slice(-12)];
  return forms.filter((f) => text.includes(f));
}

t.test('every encoding of a secret is masked', async (t) => {
  const basic = Buffer.from(`${EMAIL}:${PASSWORD}`).toString('base64');
  const secrets = givenSecrets({ credentials: { email: EMAIL, password: PASSWORD, token: TOKEN } });
  t.ok(secrets.includes(basic), 'the Basic-auth form of email:password is a secret');
  const samples = [
    `raw ${PASSWORD} end`,
    `json ${JSON.stringify({ password: PASSWORD, note: PASSWORD })}`,
    `twice ${JSON.stringify(JSON.stringify({ note: PASSWORD }))}`,
    `form a=${encodeURIComponent(PASSWORD).replace(/%20/g, '+')}&b=${encodeURIComponent(PASSWORD)}`,
    `basic Authorization: Basic ${basic}`,
    `cut ${JSON.stringify(`...${TOKEN}`).slice(0, 40)}...`,
    `cut at the end ${TOKEN.slice(0, 33)}`,
    `quoted cut "${TOKEN.slice(0, 20)}"`,
  ];
  for (const s of samples) t.same(leaks(redact(s, secrets)), [], s.slice(0, 12));
  t.equal(
    redact('a normal sentence about passwords', secrets),
    'a normal sentence about passwords',
    'ordinary text untouched',
  );
});

t.test(
  'regression: runContracts returns a report with no secret, and no reporter writes one, against a server that echoes everything',
  async (t) => {
    // A hostile deployment: signs anyone in with a long token, then echoes each
    // request (headers, body, URL-encoded body) back in its answers.
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        if (req.url?.endsWith('/user/signin'))
          return res.end(
            JSON.stringify({ message: 'Signed in successfully.', data: { api_token: TOKEN, echo: body } }),
          );
        const credential = String(req.headers.authorization ?? req.headers['x-api-token'] ?? '');
        const echoes = [
          credential,
          body,
          encodeURIComponent(body),
          Buffer.from(`${EMAIL}:${PASSWORD}`).toString('base64'),
        ];
        // Padded so that excerpts cut at every position inside the secrets.
        const data = [0, 30, 60, 90, 100, 105, 110].flatMap((pad) =>
          echoes.map((e) => ({ id: `${'x'.repeat(pad)}${e}` })),
        );
        res.statusCode = credential ? 200 : 401;
        res.end(JSON.stringify({ message: `${credential} ${body}`, data, status: credential }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    t.teardown(() => server.close());
    const { port } = server.address() as { port: number };
    const report = await runContracts(
      {
        baseUrl: `http://127.0.0.1:${port}`,
        credentials: { email: EMAIL, password: PASSWORD },
        timeoutMs: 5000,
        deadlineMs: 60_000,
      },
      await spec(),
    );
    t.ok(report.summary.checks.failed > 0, 'the echoing server fails, as it should');
    t.notOk('secrets' in report, 'the report carries no secret list');
    t.same(leaks(JSON.stringify(report)), [], 'the returned report');
    for (const [name, render] of Object.entries(REPORTERS)) t.same(leaks(render(report)), [], `the ${name} reporter`);
    t.comment(
      report.results
        .filter((r) => r.verdict === 'fail')
        .slice(0, 6)
        .flatMap((r) => r.problems.map((p) => `${p.message} | ${p.actual}`))
        .join('\n'),
    );
    t.match(JSON.stringify(report), /\[REDACTED\]/, 'the secrets were there, masked');
  },
);

/** A JWT-like token of `length` characters (base64url segments and dots), the same for a length every time. */
function longToken(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let x = length * 2654435761;
  let out = 'eyJhbGciOiJIUzI1NiJ9.';
  while (out.length < length) {
    x = (x * 1103515245 + 12345) >>> 0;
    out += out.length % 97 === 96 ? '.' : alphabet[x % 64];
  }
  return out.slice(0, length);
}

t.test(
  'regression: a long token exhausted memory (one regex of every prefix of every form): plain search from 1 to 100,000 characters',
  async (t) => {
    // [length, masked]: under 4 characters a secret is not hunted (it would mask ordinary words).
    const rows: Array<[number, boolean]> = [
      [1, false],
      [3, false],
      [4, true],
      [7, true],
      [8, true],
      [9, true],
      [16, true],
      [64, true],
      [1000, true],
      [4000, true],
      [10_000, true],
      [100_000, true],
    ];
    for (const [length, masked] of rows) {
      const token = longToken(length);
      const half = token.slice(0, Math.floor(length / 2));
      const text = `a ${token} b ${JSON.stringify({ api: token })} c "${half}..." d ${half}`;
      // CPU time, not wall time: a loaded machine stretches the latter (2 MiB took 110 to 409 ms in CI runs).
      const started = process.cpuUsage();
      const out = redactor([token])(text);
      const ms = cpuMs(started);
      // A cut piece is masked from 8 characters on, before a cut mark ("...", a quote, the end).
      const piece = masked && half.length >= 8 ? '[REDACTED]' : half;
      const expected = masked ? `a [REDACTED] b {"api":"[REDACTED]"} c "${piece}..." d ${piece}` : text;
      t.equal(out, expected, `${length} characters`);
      t.ok(ms < 1000, `${length} characters redacted in ${ms.toFixed(1)} ms of CPU`);
    }
    const token = longToken(100_000);
    const big = `${'x'.repeat(1 << 20)} ${token} ${'y'.repeat(1 << 20)}`;
    const started = process.cpuUsage();
    const out = redact(big, [token, longToken(50_000), 'demo-password']);
    const ms = cpuMs(started);
    t.equal(out.length, big.length - token.length + '[REDACTED]'.length, 'a 2 MiB text with a 100,000-character token');
    t.ok(ms < 2000, `in ${ms.toFixed(0)} ms of CPU`);
  },
);

const EMAIL_OF = 'qa+tester@example.com';

t.test(
  "regression: a password echoed in a backend's own escaping leaked (PHP, Python, JavaScript encoders)",
  async (t) => {
    const rows: Array<[string, (s: string) => string, (pw: string) => string]> = [
      ...ENCODERS.map(([name, enc]): [string, (s: string) => string, (pw: string) => string] => [
        name,
        enc,
        (pw) => pw,
      ]),
      ['base64 of email:password', (s) => Buffer.from(s).toString('base64'), (pw) => `${EMAIL_OF}:${pw}`],
      [
        'base64 of email:password in PHP JSON (\\/)',
        (s) => Buffer.from(s).toString('base64').replaceAll('/', '\\/'),
        (pw) => `${EMAIL_OF}:${pw}`,
      ],
    ];
    for (const password of PASSWORDS) {
      const clean = redactor(givenSecrets({ credentials: { email: EMAIL_OF, password } }));
      for (const [name, encode, input] of rows) {
        const form = encode(input(password));
        t.equal(clean(`before ${form} after`), 'before [REDACTED] after', `${name}: ${JSON.stringify(password)}`);
        // Cut after ten characters of the password, inside the escape of the eleventh (as an excerpt may be).
        const chars = Array.from(input(password));
        const [head, next] = [10, 11].map((n) => encode(chars.slice(0, n).join('')));
        const cut = form.startsWith(next!)
          ? form.slice(0, head!.length + Math.ceil((next!.length - head!.length) / 2))
          : form.slice(0, Math.ceil(form.length * 0.6));
        t.equal(clean(`"${cut}..."`), '"[REDACTED]..."', `${name}, cut inside: ${JSON.stringify(password)}`);
      }
    }
  },
);

t.test('what is not a secret stays as it was', async (t) => {
  const password = 'correct horse battery';
  const clean = redactor(givenSecrets({ credentials: { email: EMAIL_OF, password } }));
  const rows = [
    'a normal sentence about passwords',
    `seven of it "${password.slice(0, 7)}..." is not masked`,
    '{"message":"The given data was invalid.","errors":{"email":["taken"]}}',
    'caf\\u00e9 &amp; %C3%A9 \\x41 &eacute; &#233; + 100%',
    'correct-horse battery, correct horse and more',
  ];
  for (const row of rows) t.equal(clean(row), row, row);
});

t.test(
  "regression: a server echoing the sign-in in its backend's escaping leaked the password into every reporter and stdout",
  async (t) => {
    const password = PASSWORDS[3]!;
    const token = longToken(8000);
    // Every way the echo is written, and every way a reporter escapes that again (JSON, XML, HTML).
    const forms = new Set<string>();
    for (const [, outer] of ENCODERS) {
      forms.add(outer(token));
      for (const [, inner] of ENCODERS) forms.add(outer(inner(password)));
    }
    forms.add(Buffer.from(`${EMAIL_OF}:${password}`).toString('base64'));
    forms.add(token.slice(0, 24)).add(token.slice(-24));
    const jsonForms = ENCODERS.filter(([n]) => /JSON|PHP json|Python json|\\u/.test(n));
    const server = createServer({ maxHeaderSize: 1 << 20 }, (req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        if (req.url?.endsWith('/user/signin')) {
          res.setHeader('content-type', 'application/json');
          return res.end(JSON.stringify({ message: 'Signed in successfully.', data: { api_token: token } }));
        }
        const sent = `${body} ${password} ${token}`;
        if (req.url?.endsWith('/plans/index')) {
          // An error page as a framework renders it: the request in HTML, escaped its own way.
          res.statusCode = 500;
          res.setHeader('content-type', 'text/html; charset=utf-8');
          return res.end(
            `<!doctype html><title>Error</title><pre>${ENCODERS.map(([, e]) => e(sent)).join('\n')}</pre>`,
          );
        }
        res.setHeader('content-type', 'application/json');
        res.end(echoes.get(sent) ?? echoes.set(sent, echo(sent)).get(sent));
      });
    });
    /** JSON encoders write the string's content as it stands; the rest go into a JSON string. */
    const echoes = new Map<string, string>();
    const echo = (sent: string) => {
      const items = [
        ...jsonForms.map(([, e]) => `"${e(sent)}"`),
        ...ENCODERS.filter((e) => !jsonForms.includes(e)).map(([, e]) => JSON.stringify(e(sent))),
      ];
      const id = items.map((x, i) => `{"id":${x},"n":"${'x'.repeat(i * 7)}"}`);
      return `{"message":${items[1]},"data":[${id.join(',')}]}`;
    };
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    t.teardown(() => server.close());
    const { port } = server.address() as { port: number };
    const io = capture();
    const code = await main(
      [
        '--base-url',
        `http://127.0.0.1:${port}`,
        '--email',
        EMAIL_OF,
        '--reporter',
        'human',
        ...FILE_REPORTERS,
        '--deadline',
        '120',
      ],
      { MCS_PASSWORD: password },
      io,
    );
    t.equal(code, 1, 'the echoing server fails');
    const outputs: Array<[string, string]> = [
      ['stdout', io.out.join('\n')],
      ['stderr', io.err.join('\n')],
      ...[...io.files].map(([name, text]): [string, string] => [name, text]),
    ];
    t.equal(outputs.length, 5, 'stdout, stderr and three report files');
    for (const [name, text] of outputs) {
      const leaked = [...forms].filter((f) => text.includes(f));
      t.same(
        leaked.map((f) => f.slice(0, 60)),
        [],
        `no form of the password or token in ${name}`,
      );
    }
    t.match(io.files.get('r.json'), /\[REDACTED\]/, 'the echoes were there, masked');
  },
);
