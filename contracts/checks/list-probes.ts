// The list probes: what the spec's x-list says of each paged list (spec/
// list-choices.ts), shown by requests that no other check makes, each resting
// on the sub-node it shows (page-size, order, search). What they expect is read
// from the node, not written here, so a patched spec is followed with no change
// to the suite; and where a deployment chose otherwise in a way the probe can
// name, its finding carries the patch that makes the node say so.
import type { Outcome } from '../../lib/http.js';
import { preview } from '../../lib/preview.js';
import type { PatchOperation } from '../../spec/finding.js';
import { declaresList, type ListChoice } from '../../spec/list-choices.js';
import type { CheckRun } from '../check-run.js';
import type { Discovered } from '../discovered.js';
import type { CheckSpec, Session } from '../session.js';
import { type Finding, resting } from '../types.js';
import { COMPANY, NO_COMPANY } from './company.js';
import { type Client, pageOf, replace, requestProperty, specLists } from './list-spec.js';

/** What a list's request needs besides what a probe sends: client/user_client names the caller's company. */
function baseOf(operationId: string, found: Discovered): Record<string, unknown> | undefined {
  if (operationId !== 'listCompanyClients') return {};
  return found.companyName === undefined ? undefined : { company_name: found.companyName };
}

/** The most a probe asks to a page: 100, or the spec's maximum of the page-size field when lower. */
function pageLimit(run: CheckRun, choice: ListChoice): number {
  const field = choice.pageSize.follows;
  const max = field ? requestProperty(run, choice.operationId, field)?.maximum : undefined;
  return typeof max === 'number' ? Math.min(100, max) : 100;
}

const ASKED = 5;

/** What the page-size probe saw: per_page without the field, and with it set to `asked` (when sent). */
interface PageSizeSeen {
  field?: string;
  asked: number;
  without: unknown;
  plain: Outcome;
  withField?: unknown;
  out?: Outcome;
}

/** A judgement of the page size: what it says, and the patch when it knows what the deployment chose. */
type Judged = { message: string; expected: string; actual: string; outcome: Outcome; patch?: PatchOperation[] };

/** Where what was seen differs from the node; a page size that stays N whatever the field says is proposed
 *  as `follows: null` (and `default: N`), another default as that default, a field that sets it as `follows`. */
function judgePageSize(op: string, node: ListChoice['pageSize'], seen: PageSizeSeen): Judged[] {
  const { follows, default: size, pointer } = node;
  const { field, asked, without, withField, plain, out } = seen;
  const shown = (v: unknown) => `per_page ${preview(v, 40)}`;
  const fixed = Number.isInteger(without) && withField === without;
  const found: Judged[] = [];
  if (follows !== null && out && withField !== asked) {
    const patch = [
      ...replace(`${pointer}/follows`, follows, null),
      ...(without === size ? [] : replace(`${pointer}/default`, size, without)),
    ];
    found.push({
      message: `${op} with ${follows} ${asked} answered ${shown(withField)}${fixed ? ', as without it' : ''}: ${follows} does not set the page size`,
      expected: `per_page ${asked}`,
      actual: shown(withField),
      outcome: out,
      ...(fixed ? { patch } : {}),
    });
    // Fixed at N: that one patch says both what it follows and what the default is.
    if (fixed) return found;
  }
  if (without !== size)
    found.push({
      message: `${op} without ${field ?? 'a page size'} answered ${shown(without)}, where the spec says ${size}`,
      expected: `per_page ${size}`,
      actual: shown(without),
      outcome: plain,
      ...(Number.isInteger(without) ? { patch: replace(`${pointer}/default`, size, without) } : {}),
    });
  if (follows === null && field && out && withField === asked && asked !== without)
    found.push({
      message: `${op} with ${field} ${asked} answered per_page ${asked}: ${field} sets the page size`,
      expected: `per_page ${size} whatever ${field} says`,
      actual: `per_page ${asked}`,
      outcome: out,
      patch: replace(`${pointer}/follows`, null, field),
    });
  return found;
}

/** per_page without the field `page-size` follows and with it (or with limit, when it follows none). */
async function pageSize(run: CheckRun, choice: ListChoice, base: Record<string, unknown>): Promise<Finding[]> {
  const op = choice.operationId;
  const plain = await run.call(op, { body: { ...base, page: 1 } });
  const problems = run.conform(op, plain);
  const without = pageOf(plain)?.per_page;
  if (without === undefined) return problems;
  const { follows, default: size, pointer } = choice.pageSize;
  // The field the page size may follow: the node's, else limit when the request declares it.
  const field = follows ?? (requestProperty(run, op, 'limit') ? 'limit' : undefined);
  const seen: PageSizeSeen = { field, asked: size === ASKED ? ASKED + 2 : ASKED, without, plain };
  if (field) {
    seen.out = await run.call(op, { body: { ...base, page: 1, [field]: seen.asked } });
    problems.push(...run.conform(op, seen.out));
    seen.withField = pageOf(seen.out)?.per_page;
  }
  for (const j of judgePageSize(op, choice.pageSize, seen))
    problems.push({
      ...resting(
        {
          operationId: op,
          message: j.message,
          expected: j.expected,
          actual: j.actual,
          reproduce: run.reproduce(j.outcome),
        },
        pointer,
      ),
      ...(j.patch ? { patch: j.patch } : {}),
    });
  return problems;
}

/** -1, 0 or 1: a before b, by the `by` fields in turn (numbers as numbers, anything else as text). */
function compare(a: Client, b: Client, by: string[]): number {
  for (const f of by) {
    const [x, y] = [a[f], b[f]];
    if (x === undefined || y === undefined || x === null || y === null) continue;
    // Text as stored: ISO 8601 times compare as text.
    const [u, v] = typeof x === 'number' && typeof y === 'number' ? [x, y] : [String(x), String(y)];
    if (u !== v) return u < v ? -1 : 1;
  }
  return 0;
}

const runs = (data: Client[], by: string[], direction: 'asc' | 'desc') =>
  data.every((c, i) => i === 0 || compare(data[i - 1]!, c, by) * (direction === 'desc' ? -1 : 1) <= 0);

/** The first page in the order the node says; one in the other direction is proposed as that direction. */
async function order(run: CheckRun, choice: ListChoice, base: Record<string, unknown>): Promise<Finding[]> {
  const op = choice.operationId;
  const { by, direction, pointer } = choice.order;
  const out = await run.call(op, { body: { ...base, page: 1 } });
  const problems = run.conform(op, out);
  const data = pageOf(out)?.data ?? [];
  if (problems.length) return problems;
  if (data.length < 2) {
    run.nothingToCheck('fewer than two clients on the first page: no order to see');
    return problems;
  }
  if (runs(data, by, direction)) return problems;
  const other = direction === 'desc' ? 'asc' : 'desc';
  const reversed = runs(data, by, other);
  const words = (d: string) => `${by.join(', ')} ${d === 'desc' ? 'descending' : 'ascending'}`;
  problems.push({
    ...resting(
      {
        operationId: op,
        message: `${op}'s first page is not in the order the spec says (${words(direction)})${reversed ? `: it runs ${words(other)}` : ''}`,
        expected: words(direction),
        actual: preview(
          data.slice(0, 5).map((c) => Object.fromEntries([['id', c.id], ...by.map((f) => [f, c[f]])])),
          300,
        ),
        reproduce: run.reproduce(out),
      },
      pointer,
    ),
    ...(reversed ? { patch: replace(`${pointer}/direction`, direction, other) } : {}),
  });
  return problems;
}

/** A value of the field worth searching for (three characters or more), with the client that holds it. */
function sample(clients: Client[], field: string): { client: Client; value: string } | undefined {
  for (const client of clients) {
    const v = client[field];
    if (typeof v === 'string' && v.trim().length >= 3) return { client, value: v.trim() };
  }
  return undefined;
}

/** Each field the node says the keyword searches, by a value of a client's own: the fields that did not find
 *  their client are proposed out of `matches` (those untried stay). */
async function keywordFields(run: CheckRun, choice: ListChoice, base: Record<string, unknown>): Promise<Finding[]> {
  const op = choice.operationId;
  const { field: keywordField, matches, pointer } = choice.search!;
  const limit = pageLimit(run, choice);
  const size = choice.pageSize.follows ? { [choice.pageSize.follows]: limit } : {};
  const first = await run.call(op, { body: { ...base, page: 1, ...size } });
  const problems = run.conform(op, first);
  const clients = pageOf(first)?.data ?? [];
  const tried: string[] = [];
  const missed: Finding[] = [];
  const lost: string[] = [];
  for (const field of matches) {
    const hit = sample(clients, field);
    if (!hit) continue;
    tried.push(field);
    const out = await run.call(op, { body: { ...base, [keywordField]: hit.value, page: 1, ...size } });
    problems.push(...run.conform(op, out));
    const page = pageOf(out);
    if (!page || page.data.some((c) => c.id === hit.client.id)) continue;
    // A full page may hold other clients with the same words: only a page with room to spare tells.
    if (page.data.length >= limit) continue;
    lost.push(field);
    missed.push(
      resting(
        {
          operationId: op,
          message: `${keywordField} ${preview(hit.value, 60)} (client ${hit.client.id}'s ${field}) did not find client ${hit.client.id}: ${field} seems not searched`,
          expected: `client ${hit.client.id} among the hits`,
          actual: preview(
            page.data.slice(0, 10).map((c) => c.id),
            200,
          ),
          reproduce: run.reproduce(out),
        },
        pointer,
      ),
    );
  }
  const kept = matches.filter((f) => !lost.includes(f));
  // With no field left the keyword seems ignored, which keyword-selects says: no patch guesses a field.
  const patch = kept.length ? replace(`${pointer}/matches`, matches, kept) : undefined;
  problems.push(...missed.map((f) => (patch ? { ...f, patch } : f)));
  if (!tried.length) run.nothingToCheck('no client on the first page holds a value to search for');
  else if (tried.length < matches.length)
    run.note(`no client on the first page holds ${matches.filter((f) => !tried.includes(f)).join(', ')}`);
  return problems;
}

const spec = (operationId: string, name: string, title: string, shows?: string): CheckSpec => ({
  id: `paging:${operationId}:${name}`,
  group: 'paging',
  operationId,
  title,
  ...(shows ? { shows: [shows] } : {}),
});

/** The probes of every list the spec gives an x-list: its page size, its order and (where it has one) its search. */
export async function listProbeChecks(s: Session, found: Discovered): Promise<void> {
  const lists = specLists(s.spec);
  if (typeof lists === 'string') {
    // The probes would expect a guess: each says why it did not run (and shows no node: which one is unclear).
    for (const op of s.spec.operations.filter((o) => declaresList(s.spec, o.operationId)))
      for (const name of ['per-page', 'order', 'keyword-fields'])
        s.skip(spec(op.operationId, name, `what x-list says of ${name}`), lists);
    return;
  }
  for (const choice of lists.values()) {
    const op = choice.operationId;
    const { follows, default: size } = choice.pageSize;
    const probes: Array<[CheckSpec, typeof pageSize]> = [
      [
        spec(
          op,
          'per-page',
          follows ? `${follows} sets per_page (${size} without it)` : `per_page is always ${size}`,
          choice.pageSize.pointer,
        ),
        pageSize,
      ],
      [
        spec(
          op,
          'order',
          `lists ${choice.order.direction === 'desc' ? 'newest' : 'oldest'} first (${choice.order.by.join(', ')} ${choice.order.direction})`,
          choice.order.pointer,
        ),
        order,
      ],
    ];
    if (choice.search)
      probes.push([
        spec(op, 'keyword-fields', `a keyword searches ${choice.search.matches.join(', ')}`, choice.search.pointer),
        keywordFields,
      ]);
    const base = baseOf(op, found);
    for (const [probe, body] of probes)
      if (base === undefined) s.skip(probe, NO_COMPANY, COMPANY);
      else await s.check(probe, (run) => body(run, choice, base));
  }
}
