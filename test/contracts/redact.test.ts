// Redaction that cannot be cut in half (issues 13 and 19): runContracts returned
// the secrets it was given (renderJson wrote the password); a cut excerpt showed
// the first 32 hex characters of the live token 88 times; a password with " or \
// leaked in its JSON-escaped form.
import { createServer } from 'node:http';
import t from 'tap';
import { encodings, givenSecrets, redact } from '../../contracts/redact.js';
import { REPORTERS } from '../../contracts/reporters/index.js';
import { runContracts } from '../../contracts/runner.js';
import { spec } from '../helpers/mock.js';

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
