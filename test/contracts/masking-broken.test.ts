// Deployments with one defect in front of another: the first is reported by the
// check that owns the read, once, and the defect behind it is still caught by
// the check that looks for it (issue 39, "one error hides the defects behind it").
import type { FastifyReply } from 'fastify';
import t from 'tap';
import type { RunOptions } from '../../contracts/types.js';
import { type Defect, forwardBody, relay, runBroken } from '../helpers/broken.js';

const LISTS = ['/client/list', '/client/user_client'];

const send = (reply: FastifyReply, status: number, body: unknown) =>
  reply.code(status).header('content-type', 'application/json').send(JSON.stringify(body));

/** Each listed client passed through `change` (the listings' 200s only). */
function listings(change: (client: Record<string, unknown>) => void, also?: Defect): Defect {
  return async (ctx) => {
    const answered = await also?.(ctx);
    if (answered !== undefined || ctx.reply.sent) return answered;
    if (!LISTS.includes(ctx.path)) return undefined;
    const r = await ctx.forward();
    if (r.status === 200) for (const c of r.body.data.data) change(c);
    return relay(ctx.reply, r);
  };
}

/** A true defect the listings' own checks report: created_at without its microseconds. */
const seconds = (c: Record<string, unknown>) => {
  c.created_at = String(c.created_at).replace(/\.\d+Z$/, 'Z');
};
let tick = 0;

/** room/get's entries with created_at in seconds; an edit of a single-window measurement keeps its old name. */
const editKeepsName: Defect = async ({ mock, path, request, reply, forward }) => {
  if (path === '/room/get') {
    const r = await forward();
    if (r.status === 200) for (const e of r.body.data) seconds(e);
    return relay(reply, r);
  }
  if (path !== '/measurements/single_window_photo_add_edit') return undefined;
  const sent = JSON.parse(String(request.body));
  if (sent.id > 0) sent.window_name = String(sent.window_name).replace(/ \(edited\)$/, '');
  return forwardBody({ mock, request, reply }, sent);
};

const cases: Array<{
  name: string;
  run: Partial<RunOptions>;
  defect: Defect;
  check: string;
  verdict: string;
  expect?: RegExp[];
  /** Findings that must not be among the check's. */
  never: RegExp[];
}> = [
  {
    name: 'created_at without microseconds, and a boolean stored where listings give 1/0',
    run: { allowWrites: true },
    defect: listings((c) => {
      seconds(c);
      c.end_client_known = c.end_client_known === 1;
    }),
    check: 'sequences:update-then-read',
    verdict: 'fail',
    expect: [/^after the update, client\/list shows client \d+'s end_client_known as true, not 1 as written/],
    never: [/precondition failed/, /created_at/],
  },
  {
    name: 'created_at without microseconds, and a delete that deletes nothing',
    run: { allowWrites: true, allowDestructive: true, clientId: 146 },
    defect: listings(seconds, ({ path, reply }) =>
      path === '/client/delete' ? send(reply, 200, { message: 'Client deleted successfully.', data: [] }) : undefined,
    ),
    check: 'sequences:deleted-client-gone',
    verdict: 'fail',
    expect: [/^client 146 is still listed by client\/list after its delete/],
    never: [/precondition failed/, /created_at/],
  },
  {
    name: 'created_at without microseconds: the update round trip still passes',
    run: { allowWrites: true },
    defect: listings(seconds),
    check: 'writes:updateClient',
    verdict: 'pass',
    never: [/created_at/],
  },
  {
    name: 'room/get entries without microseconds, and an edit that does not change the name',
    run: { allowWrites: true },
    defect: editKeepsName,
    check: 'writes:addEditSingleWindowPhotoMeasurement',
    verdict: 'fail',
    expect: [/^editing measurement \d+ did not change its name$/],
    never: [/created_at/],
  },
  {
    name: 'an undocumented updated_at bumped by every read',
    run: { allowWrites: true },
    defect: listings((c) => {
      c.updated_at = new Date(Date.UTC(2026, 0, 1) + ++tick * 1000).toISOString();
    }),
    check: 'writes:updateClient',
    // Not a failed round trip: a field the spec does not document is the backend's own, and only the
    // assumption that a write changes nothing it does not name is shown contradicted.
    verdict: 'observation',
    expect: [/changed updated_at, which the spec does not document/],
    never: [/^writing client \d+ back changed updated_at$/],
  },
];

for (const c of cases) {
  t.test(c.name, async (t) => {
    const report = await runBroken(t, c.defect, c.run);
    const check = report.results.find((r) => r.id === c.check)!;
    const messages = check.problems.map((p) => p.message);
    t.equal(check.verdict, c.verdict, `${c.check}: ${c.verdict}`, { messages: messages.slice(0, 8) });
    for (const e of c.expect ?? [])
      t.ok(
        messages.some((m) => e.test(m)),
        `caught: ${e}`,
        { messages: messages.slice(0, 8) },
      );
    for (const e of c.never)
      t.notOk(
        messages.some((m) => e.test(m)),
        `not: ${e}`,
        { messages: messages.slice(0, 8) },
      );
    if (c.name.startsWith('created_at')) {
      // The read's own check reports the defect, once.
      const own = report.results.find((r) => r.id === 'conformance:listClients:lists the first page of clients');
      t.equal(own?.verdict, 'fail', 'client/list conformance reports the created_at defect');
    }
  });
}
