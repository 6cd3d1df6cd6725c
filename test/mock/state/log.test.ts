// --state-file's log: a write appends its change, the log is read back on load
// (a torn last line dropped, stale lines skipped, anything else refused) and is
// compacted into the state file when it passes its bound.

import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { buildMock } from '../../../mock/build.js';
import { readState } from '../../../mock/state/file.js';
import { spec } from '../../helpers/mock.js';
import { onFile } from '../../helpers/state-file.js';

t.test('a write appends the change to a log: it costs the size of the change, not of the state', async (t) => {
  const m = await onFile(t, { clients: 2000 });
  // A large state: 1,500 clients changed, about 2 MB.
  for (let id = 1; id <= 1500; id++) m.app.mock.store.updateClient(id, { address: `${id} ${'x'.repeat(1000)}` });
  t.equal((await m.rename('First')).statusCode, 200);
  const base = statSync(m.file);
  const logBefore = statSync(`${m.file}.log`, { throwIfNoEntry: false })?.size ?? 0;
  for (let i = 0; i < 10; i++) t.equal((await m.rename(`Name ${i}`)).statusCode, 200);
  const after = statSync(m.file);
  t.same([after.ino, after.size, after.mtimeMs], [base.ino, base.size, base.mtimeMs], 'the base is not rewritten');
  const grown = statSync(`${m.file}.log`).size - logBefore;
  t.ok(grown > 0 && grown < 10 * 2048, `the log grew by ${grown} bytes for 10 updates`);
  await m.app.close();
  t.equal(statSync(`${m.file}.log`).size, 0, 'a clean stop compacts: the log is empty');
  const saved = await readState(m.file, await spec());
  t.equal(saved!.overlay.clients.find((c) => c.id === m.client.id)?.record?.name, 'Name 9');
  t.equal(JSON.parse(readFileSync(m.file, 'utf8')).version, 3, 'a version 3 file');
});

t.test('the log on load: a torn last line is dropped, stale lines skipped, anything else refused', async (t) => {
  // Three acknowledged renames, and the files as they stood before the clean stop compacted them.
  const m = await onFile(t);
  for (const name of ['A', 'B', 'C']) t.equal((await m.rename(name)).statusCode, 200);
  const base = readFileSync(m.file, 'utf8');
  const log = readFileSync(`${m.file}.log`, 'utf8');
  await m.app.close();
  const compacted = readFileSync(m.file, 'utf8');
  const all = log.split('\n').slice(0, -1);
  // The sign-in's line, then one line a rename.
  const head = all
    .slice(0, -3)
    .map((l) => `${l}\n`)
    .join('');
  const [a, b, c] = all.slice(-3) as [string, string, string];
  const k = all.length - 3;
  const nOf = (line: string) => JSON.parse(line).n as number;
  const entry = JSON.parse(c);
  const rows: Array<{ what: string; base?: string; log: string; name?: string; message?: RegExp }> = [
    { what: 'intact', log, name: 'C' },
    { what: 'a torn last line (a crash mid-append)', log: log.slice(0, log.length - 20), name: 'B' },
    {
      what: 'a last line of zeros (a crash before the data reached the disk)',
      log: `${head}${a}\n${b}\n${'\0'.repeat(300)}`,
      name: 'B',
    },
    { what: 'a last line of garbage with its newline', log: `${head}${a}\n${b}\n{"n":9,"c":[[\n`, name: 'B' },
    { what: 'stale lines (a crash after compaction, before the log was emptied)', base: compacted, log, name: 'C' },
    {
      what: 'a bad line before the last',
      log: `${head}${a}\n{"n":2\n${c}\n`,
      message: new RegExp(`state\\.json\\.log: line ${k + 2}: is not valid JSON`),
    },
    {
      what: 'a missing line',
      log: `${head}${a}\n${c}\n`,
      message: new RegExp(`state\\.json\\.log: line ${k + 2}: is change ${nOf(c)}, but change ${nOf(b)} is missing`),
    },
    {
      what: 'an unknown collection',
      log: `${head}${a}\n${JSON.stringify({ n: nOf(b), c: [['planets', 1, {}]] })}\n`,
      message: new RegExp(`state\\.json\\.log: line ${k + 2}: change 1 is not one the mock makes`),
    },
    {
      what: 'a record the schema refuses',
      log: `${head}${a}\n${JSON.stringify({ n: nOf(b), c: [['clients', m.client.id, { id: m.client.id }]] })}\n`,
      message: new RegExp(`state\\.json\\.log: line ${k + 2} \\(client \\d+\\): must have required property`),
    },
    {
      what: 'an inconsistent record',
      log: `${head}${a}\n${JSON.stringify({ n: nOf(b), c: [['clients', m.client.id + 1, entry.c[0][2]]] })}\n`,
      message: new RegExp(`state\\.json\\.log: line ${k + 2} \\(client ${m.client.id + 1}\\): has id ${m.client.id}`),
    },
  ];
  for (const row of rows) {
    const file = join(t.testdir(), 'state.json');
    writeFileSync(file, row.base ?? base);
    writeFileSync(`${file}.log`, row.log);
    const loaded = await readState(file, await spec()).catch((err: Error) => err);
    if (row.message) {
      t.match(loaded instanceof Error ? loaded.message : 'loaded', row.message, row.what);
      t.equal(readFileSync(`${file}.log`, 'utf8'), row.log, `${row.what}: left as it was`);
      continue;
    }
    t.notOk(loaded instanceof Error, `${row.what}: loads`);
    const app = await buildMock({ spec: await spec(), stateFile: file });
    t.equal(app.mock.store.client(m.client.id)?.name, row.name, `${row.what}: the last whole change`);
    await app.close();
  }
});

t.test('the log is compacted when it passes its bound', async (t) => {
  const m = await onFile(t, { rateLimit: false });
  // Strings are bounded (255 characters), so a write is a few kB: writes go on until the
  // log passes its 1 MiB floor and is folded into the base (at most 1,000 writes).
  const long = (i: number) =>
    Object.fromEntries(
      ['address', 'city', 'state', 'billing_address', 'billing_city'].map((k) => [k, `${i} ${'x'.repeat(250)}`]),
    );
  const sizes: number[] = [];
  let folded = -1;
  for (let i = 0; i < 1000 && (folded < 0 || i < folded + 3); i++) {
    const r = await m.rename(`Big ${i}`, long(i));
    if (r.statusCode !== 200) t.fail(`write ${i}: ${r.statusCode}`);
    sizes.push(statSync(`${m.file}.log`).size);
    if (folded < 0 && i > 0 && sizes[i]! < sizes[i - 1]!) folded = i;
  }
  t.ok(folded > 0, `the log was emptied on the way (after write ${folded}, at ${sizes[folded - 1]} bytes)`);
  t.ok(Math.max(...sizes) < 2.5 * 1024 * 1024, 'and never grew far past its bound');
  t.match(readFileSync(m.file, 'utf8'), `Big ${folded}`, 'the base took the changes');
});
