// A reproduction's curl command sends the request the check sent, whatever its
// size: the 1 MiB body of the too-large probe was written out in the command and
// cut with the result's texts (16 KiB), leaving an open quote. Each command here
// is run by a shell against a server that echoes what it received.
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import t from 'tap';
import { detachDeep } from '../../lib/limits.js';
import { CURL_BODY, reproduction } from '../../lib/reproduce.js';

const exec = promisify(execFile);
const received: string[] = [];
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push(Buffer.concat(chunks).toString());
    res.end('{}');
  });
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
t.teardown(() => server.close());
const { port } = server.address() as { port: number };

const MiB = 1024 * 1024;
// [what, the body sent, what the command holds]
const table: Array<[string, string, RegExp]> = [
  ['a small body', '{"keyword":"it\'s"}', /--data-raw '\{"keyword":"it'\\''s"\}'$/],
  ['a body of 1 MiB, one character repeated', `{"keyword":"${'x'.repeat(MiB)}"}`, /\| curl .*--data-binary @-$/s],
  [
    'a long body with no run to make it from',
    JSON.stringify({ ids: Array.from({ length: 3000 }, (_, i) => i * 7919) }),
    /^# body\.json: the request's body, \d+ characters .*--data-binary @body\.json$/s,
  ],
];

t.test('the curl command sends the very body, however long', async (t) => {
  for (const [name, raw, holds] of table) {
    const out = {
      request: { method: 'POST', path: '/client/list', raw, headers: { 'content-type': 'application/json' } },
      status: 413,
      headers: {},
      text: '{}',
      ms: 1,
    };
    // As the report keeps it: every text of a result is cut at RESULT_TEXT.
    const { curl } = detachDeep(reproduction(`http://127.0.0.1:${port}/api/v1`, out, (s) => s));
    t.match(curl, holds, `${name}: the command`);
    t.ok(curl.length < 2 * CURL_BODY, `${name}: a command of ${curl.length} characters`);
    const dir = await mkdtemp(join(tmpdir(), 'mcs-curl-'));
    await writeFile(join(dir, 'body.json'), raw);
    received.length = 0;
    await exec('sh', ['-c', curl], { cwd: dir });
    t.equal(received.length, 1, `${name}: one request`);
    t.ok(received[0] === raw, `${name}: the body received is the body sent (${received[0]?.length} of ${raw.length})`);
  }
});
