// The gate that knows its consumers, whole: an app's traffic through the
// typed client and MSW's handlers (the mock inside the test), its usage
// recorded by the mock and by the client, then five changes to the spec and
// spec:diff --usage marking each: an operation the app calls removed, an enum
// value it sends narrowed, a response field it reads removed (used); a
// response field it never reads removed, a request field it never sends
// removed (unused). --fail-on used exits 1 for the used ones only; without
// usage the verdict is today's.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { parseDocument } from 'yaml';
import { createClient } from '../../client/index.js';
import { SPEC_PATH } from '../../spec/load.js';
import { createUsageRecorder } from '../../spec/usage/recorder.js';
import { mswServer } from '../helpers/msw.js';

const tsx = fileURLToPath(new URL('../../node_modules/tsx/dist/cli.mjs', import.meta.url));
const script = fileURLToPath(new URL('../../cli/spec-diff.ts', import.meta.url));

function specDiff(...args: string[]) {
  try {
    const out = execFileSync(process.execPath, [tsx, script, ...args], {
      encoding: 'utf8',
      timeout: 60_000,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { code: 0, out };
  } catch (err) {
    const e = err as { status: number; stdout: string; stderr: string };
    return { code: e.status, out: `${e.stdout}${e.stderr}` };
  }
}

const dir = t.testdir();
const acks = join(dir, 'none.yaml');
writeFileSync(acks, 'acknowledged: []\n');

// The app: an iOS screen that signs in, shows the profile's email and a list of names and cities, and
// updates one client. It never sends a keyword and never reads project_name.
const baseUrl = 'https://api.example.test';
const mock = await mswServer(t, { baseUrl });
const recorder = await createUsageRecorder({ label: 'ios app tests' });
let token: string | undefined;
const api = createClient({ baseUrl, platform: 'IOS', token: () => token, usage: recorder });
const signin = await api.POST('/user/signin', { body: { email: 'demo@example.com', password: 'demo-password' } });
token = signin.data?.data.api_token;
const profile = await api.POST('/user/get_profile');
const shown = [profile.data?.data.email];
const list = await api.POST('/client/list', { body: { limit: 5 } });
for (const c of list.data?.data.data ?? []) shown.push(`${c.name} (${c.city})`);
const first = list.data!.data.data[0]!;
await api.POST('/client/update', {
  body: { client_id: first.id, name: first.name, surname: first.surname, email: first.email, city: 'Porto' },
});

const mockUsage = join(dir, 'mock-usage.json');
writeFileSync(mockUsage, JSON.stringify(mock.app.mock.worlds.usage()));
const clientUsage = join(dir, 'client-usage.json');
recorder.save(clientUsage);

const basePath = join(dir, 'base.yaml');
// The spec the mock and the recorder ran on.
const specText = readFileSync(SPEC_PATH, 'utf8');
writeFileSync(basePath, specText);

/** The spec with some of the five changes made, as a file. */
function head(name: string, changes: Array<'operation' | 'enum' | 'read' | 'unread' | 'unsent'>): string {
  const doc = parseDocument(specText);
  const client = ['components', 'schemas', 'Client'];
  const dropField = (field: string) => {
    doc.deleteIn([...client, 'properties', field]);
    const required = doc.getIn([...client, 'required']) as { items: Array<{ value: string }> };
    required.items = required.items.filter((i) => i.value !== field);
  };
  for (const c of changes) {
    if (c === 'operation') doc.deleteIn(['paths', '/user/get_profile']);
    if (c === 'enum') doc.setIn(['components', 'schemas', 'Platform', 'enum'], ['WEB', 'ANDROID']);
    if (c === 'read') dropField('city');
    if (c === 'unread') dropField('project_name');
    if (c === 'unsent') doc.deleteIn(['components', 'schemas', 'ClientListRequest', 'properties', 'keyword']);
  }
  const path = join(dir, `${name}.yaml`);
  writeFileSync(path, doc.toString());
  return path;
}

interface JsonChange {
  kind: string;
  operation: string;
  operationId?: string;
  location: string;
  breaking: boolean;
  usage?: string;
  usage_evidence?: { why: string };
}

function json(headPath: string, ...more: string[]) {
  const out = join(dir, `${Math.random().toString(36).slice(2)}.json`);
  const r = specDiff(basePath, headPath, '--acknowledged', acks, '--format', 'json', '--out', out, ...more);
  return { code: r.code, out: r.out, report: JSON.parse(readFileSync(out, 'utf8')) as { changes: JsonChange[] } };
}

const usageFlags = ['--usage', mockUsage, '--usage', clientUsage];

t.test('the app did what the test says, so the usage has something to show', async (t) => {
  t.equal(shown.length, 6, 'the email and five clients');
  t.equal(list.response.status, 200);
  const recorded = recorder.usage().operations;
  t.ok(recorded.listClients?.read?.['200']?.['/data/data/[]/city'], 'the client recorded the city read');
  t.notOk(recorded.listClients?.read?.['200']?.['/data/data/[]/project_name'], 'and no project_name read');
  t.same(recorded.listClients?.sent, { '': 1, '/limit': 1 }, 'the body sent: limit only');
});

t.test('each of the five changes is marked by what the app did', async (t) => {
  const { code, report } = json(
    head('all', ['operation', 'enum', 'read', 'unread', 'unsent']),
    ...usageFlags,
    '--fail-on',
    'used',
  );
  t.equal(code, 1, 'the used breaking changes fail');
  const find = (pred: (c: JsonChange) => boolean, what: string) => {
    const found = report.changes.filter(pred);
    t.ok(found.length, what);
    return found;
  };
  const [removed] = find((c) => c.kind === 'operation-removed', 'the operation removal');
  t.equal(removed!.usage, 'used', 'get_profile was called');
  t.match(removed!.usage_evidence!.why, /client "ios app tests".*IOS/);
  const narrowed = find(
    (c) => /enum-value-removed/.test(c.kind) && c.location === 'header platform',
    'the enum narrowing',
  );
  const called = new Set(['signin', 'getProfile', 'listClients', 'updateClient']);
  for (const c of narrowed)
    t.equal(c.usage, called.has(c.operationId!) ? 'used' : 'unused', `IOS no longer allowed: ${c.operationId}`);
  const city = find((c) => c.location.endsWith('/city') && c.kind === 'response-property-removed', 'city removed');
  t.equal(city.find((c) => c.operationId === 'listClients')?.usage, 'used', 'the app reads city from client/list');
  const project = find(
    (c) => c.location.endsWith('/project_name') && c.kind === 'response-property-removed',
    'project_name removed',
  );
  t.equal(project.find((c) => c.operationId === 'listClients')?.usage, 'unused', 'never read');
  const [keyword] = find(
    (c) => c.operationId === 'listClients' && c.location === 'request body /keyword',
    'keyword removed',
  );
  t.equal(keyword!.usage, 'unused', 'never sent');
  const failing = report.changes.filter((c) => c.breaking && c.usage === 'used');
  t.ok(failing.length >= 3);
});

t.test('--fail-on used passes when only unused changes are left; breaking still fails them', async (t) => {
  const path = head('unused', ['unread', 'unsent']);
  const used = json(path, ...usageFlags, '--fail-on', 'used');
  t.equal(used.code, 0, used.out);
  t.ok(
    used.report.changes.some((c) => c.breaking && c.usage === 'unused'),
    'a breaking change, unused',
  );
  t.equal(json(path, ...usageFlags).code, 1, 'the default --fail-on breaking fails it');
  t.equal(json(path, ...usageFlags, '--fail-on', 'unknown').code, 0, 'unknown: nothing used or unknown');
});

t.test('without a client source, a response field is unknown, never unused', async (t) => {
  const { code, report } = json(head('mock-only', ['unread']), '--usage', mockUsage, '--fail-on', 'unknown');
  const project = report.changes.find((c) => c.operationId === 'listClients' && c.location.endsWith('/project_name'));
  t.equal(project?.usage, 'unknown');
  t.equal(code, 1, '--fail-on unknown fails it');
  t.equal(json(head('mock-only-used', ['unread']), '--usage', mockUsage, '--fail-on', 'used').code, 0);
});

t.test('with no usage, spec:diff says and exits what it did before', async (t) => {
  const path = head('plain', ['operation', 'unread']);
  const plain = specDiff(basePath, path, '--acknowledged', acks);
  t.equal(plain.code, 1);
  t.notMatch(plain.out, /\busage:|\b(?:un)?used\b|\bunknown\b/i, 'no usage words');
  t.match(plain.out, /FAIL: \d+ breaking change\(s\) not acknowledged/);
  const refused = specDiff(basePath, path, '--acknowledged', acks, '--fail-on', 'used');
  t.equal(refused.code, 2, '--fail-on used without --usage is refused');
  t.match(refused.out, /--fail-on used needs --usage FILE/);
});

t.test('a file that is not usage is refused in one line, exit 2', async (t) => {
  const bad = join(dir, 'bad.json');
  writeFileSync(bad, JSON.stringify({ format: 'mcs-usage', version: 1, source: 'mock', since: 'x' }));
  const r = specDiff(basePath, basePath, '--acknowledged', acks, '--usage', bad);
  t.equal(r.code, 2);
  t.match(r.out, /usage file .*bad\.json/);
  t.equal(r.out.trim().split('\n').length, 1);
});
