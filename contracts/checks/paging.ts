// Section 2.5: the envelope's numbers agree with each other, and walking every
// page of client/list yields every client exactly once.

import { preview } from '../../lib/preview.js';
import type { Search } from '../../spec/list-choices.js';
import type { LoadedSpec } from '../../spec/load.js';
import type { components } from '../../spec/types.gen.js';
import type { CheckRun } from '../check-run.js';
import type { Discovered } from '../discovered.js';
import type { Session } from '../session.js';
import { type Finding, resting } from '../types.js';
import { COMPANY, NO_COMPANY } from './company.js';
import { specLists } from './list-spec.js';

/** The paged list envelope, as the spec declares it (section 2.5); the checks only need the items' ids. */
type Envelope = Omit<components['schemas']['ClientPage'], 'data'> & { data: Array<{ id: number }> };

/** Characters of a value a finding shows (a deployment's URL can be megabytes long); absent stays absent. */
const SHOWN = 300;
const shown = (v: unknown) => (v === undefined ? undefined : preview(v, SHOWN));

const pageOf = (url: string | null) => (url === null ? null : Number(/[?&]page=(\d+)/.exec(url)?.[1] ?? Number.NaN));

/** Says, when `ok` is false, what a page of the envelope got wrong. */
type Expectation = (ok: boolean, what: string, expected: unknown, actual: unknown, assumption?: string) => void;

/** The envelope's x-assumed fields (what Laravel's paginator gives on an empty page). */
const FROM = '/components/schemas/ClientPage/properties/from';
const TO = '/components/schemas/ClientPage/properties/to';
/** What client/list's page does is x-assumed (section 4.3: not shown); limit's and keyword's are x-list's. */
export const LIST_EFFECT = '/paths/~1client~1list/post/requestBody';
/** client/list's x-list nodes (spec/list-choices.ts reads them; these name them for the registry). */
export const LIST_PAGE_SIZE = '/paths/~1client~1list/post/x-list/page-size';
export const LIST_ORDER = '/paths/~1client~1list/post/x-list/order';
export const LIST_SEARCH = '/paths/~1client~1list/post/x-list/search';
export const COMPANY_PAGE_SIZE = '/paths/~1client~1user_client/post/x-list/page-size';
export const COMPANY_ORDER = '/paths/~1client~1user_client/post/x-list/order';
/** What room/get-by-client-id answers for a client without rooms (conformance's no-rooms check shows it). */
export const NO_ROOMS = '/paths/~1room~1get-by-client-id/post/x-no-rooms';
/** Which clients client/user_client counts as the company's is x-assumed. */
export const COMPANY_CLIENTS = '/paths/~1client~1user_client/post/requestBody';

/** What is inconsistent in one page of the envelope. */
export function envelopeProblems(e: Envelope, requested: number, operationId: string): Finding[] {
  const out: Finding[] = [];
  const expect: Expectation = (ok, what, expected, actual, assumption) => {
    if (!ok)
      out.push(
        resting(
          {
            operationId,
            message: `${operationId} page ${requested}: ${what}`,
            expected: shown(expected),
            actual: shown(actual),
          },
          assumption,
        ),
      );
  };
  countsAgree(e, requested, expect);
  linksAgree(e, requested, expect);
  return out;
}

/** The page's numbers: its place, its size, and the positions of its first and last items. */
function countsAgree(e: Envelope, requested: number, expect: Expectation): void {
  const n = e.data.length;
  const last = Math.max(1, Math.ceil(e.total / e.per_page));
  expect(e.current_page === requested, 'current_page is the page asked for', requested, e.current_page);
  expect(e.per_page > 0, 'per_page is positive', '> 0', e.per_page);
  expect(e.last_page === last, 'last_page = ceil(total / per_page)', last, e.last_page);
  expect(n <= e.per_page, 'no more items than per_page', `<= ${e.per_page}`, n);
  if (requested < e.last_page) expect(n === e.per_page, 'a page before the last is full', e.per_page, n);
  const from = n ? (requested - 1) * e.per_page + 1 : null;
  const to = n ? (from ?? 0) + n - 1 : null;
  expect(e.from === from, 'from is the position of the first item', from, e.from, n === 0 ? FROM : undefined);
  expect(e.to === to, 'to is the position of the last item', to, e.to, n === 0 ? TO : undefined);
}

/** The page's URLs and links: each points where its name says. */
function linksAgree(e: Envelope, requested: number, expect: Expectation): void {
  expect(
    (e.prev_page_url === null) === requested <= 1,
    'prev_page_url is null only on page 1',
    requested <= 1 ? null : 'a URL',
    e.prev_page_url,
  );
  if (e.prev_page_url !== null)
    expect(
      pageOf(e.prev_page_url) === requested - 1,
      'prev_page_url points at the previous page',
      requested - 1,
      pageOf(e.prev_page_url),
    );
  expect(
    (e.next_page_url === null) === requested >= e.last_page,
    'next_page_url is null only on the last page',
    requested >= e.last_page ? null : 'a URL',
    e.next_page_url,
  );
  if (e.next_page_url !== null)
    expect(
      pageOf(e.next_page_url) === requested + 1,
      'next_page_url points at the next page',
      requested + 1,
      pageOf(e.next_page_url),
    );
  expect(pageOf(e.first_page_url) === 1, 'first_page_url is page 1', 1, pageOf(e.first_page_url));
  expect(
    pageOf(e.last_page_url) === e.last_page,
    'last_page_url is the last page',
    e.last_page,
    pageOf(e.last_page_url),
  );
  const active = e.links.filter((l) => l.active).map((l) => l.label);
  if (requested <= e.last_page)
    expect(
      active.length === 1 && active[0] === String(requested),
      'one active link, the current page',
      [String(requested)],
      active,
    );
  if (e.links.length >= 2) {
    expect(
      e.links[0]!.url === e.prev_page_url,
      'the first link is the previous page',
      e.prev_page_url,
      e.links[0]!.url,
    );
    expect(
      e.links.at(-1)!.url === e.next_page_url,
      'the last link is the next page',
      e.next_page_url,
      e.links.at(-1)!.url,
    );
  }
}

export async function pagingChecks(s: Session, found: Discovered): Promise<void> {
  await s.check(
    {
      id: 'paging:listClients:walk',
      group: 'paging',
      operationId: 'listClients',
      title: 'walking every page yields every client once',
    },
    walk,
  );

  const client = found.client;
  const keyword = {
    id: 'paging:listClients:keyword',
    group: 'paging' as const,
    operationId: 'listClients',
    title: 'a keyword finds a known client',
  };
  const search = searchOf(s.spec);
  // By its e-mail address when the spec says the keyword searches it, else by the first field it searches.
  const by =
    typeof search === 'object' && ['email', ...search.matches].find((f) => search.matches.includes(f) && client?.[f]);
  if (typeof search === 'string') s.skip(keyword, search);
  else if (!search) s.skip(keyword, "the spec's x-list says nothing of client/list's keyword (search)");
  else if (client && by && typeof client[by] === 'string')
    await s.check(keyword, (run) => keywordFinds(run, client, by, search));
  else s.skip(keyword, `the account has no client with a ${search.matches.join(', ')} to search for`);

  const envelope = {
    id: 'paging:listCompanyClients:envelope',
    group: 'paging' as const,
    operationId: 'listCompanyClients',
    title: 'the company list envelope agrees with itself',
  };
  if (!found.companyName) return void s.skip(envelope, NO_COMPANY, COMPANY);
  await s.check(envelope, async (run) => {
    const out = await run.call('listCompanyClients', { body: { company_name: found.companyName } });
    const problems = run.conform('listCompanyClients', out);
    if (problems.length) return problems;
    return envelopeProblems((out.body as { data: Envelope }).data, 1, 'listCompanyClients');
  });
}

/** Every page of client/list, each envelope checked; every client must come exactly once. */
async function walk(run: CheckRun): Promise<Finding[]> {
  const problems: Finding[] = [];
  const seen = new Map<number, number>();
  let last = 1;
  let total = 0;
  for (let page = 1; page <= last && page <= run.ctx.maxPages; page++) {
    const out = await run.call('listClients', { body: { page } });
    const conform = run.conform('listClients', out);
    problems.push(...conform);
    if (conform.some((p) => p.severity === 'error')) return problems;
    const e = (out.body as { data: Envelope }).data;
    problems.push(...envelopeProblems(e, page, 'listClients'));
    if (page === 1) {
      last = e.last_page;
      total = e.total;
    }
    for (const c of e.data) seen.set(c.id, (seen.get(c.id) ?? 0) + 1);
  }
  // The check's own bound, not a finding on the deployment: a remark, and the count is not judged.
  if (last > run.ctx.maxPages) {
    run.note(`listClients has ${last} pages; walked the first ${run.ctx.maxPages} only (--max-pages)`);
    return problems;
  }
  const twice = [...seen].filter(([, k]) => k > 1).map(([id]) => id);
  if (twice.length)
    problems.push({
      operationId: 'listClients',
      message: `clients listed more than once: ${twice.slice(0, 10).join(', ')}`,
      expected: 'each once',
      actual: `${twice.length} repeated`,
      severity: 'error',
    });
  if (seen.size !== total)
    problems.push({
      operationId: 'listClients',
      message: `walking the pages gave ${seen.size} clients, total says ${total}`,
      expected: String(total),
      actual: String(seen.size),
      severity: 'error',
    });
  return problems;
}

/** client/list's search as the spec says it, or why it cannot be read. */
export function searchOf(spec: LoadedSpec): Search | string | undefined {
  const lists = specLists(spec);
  return typeof lists === 'string' ? lists : lists.get('listClients')?.search;
}

/** client/list searched by a field of a known client that the spec says is searched must find that client (an
 *  observation on the search node when it does not). */
async function keywordFinds(
  run: CheckRun,
  client: Record<string, unknown>,
  field: string,
  search: Search,
): Promise<Finding[]> {
  const value = client[field];
  const out = await run.call('listClients', { body: { [search.field]: value, page: 1 } });
  const problems = run.conform('listClients', out);
  const ids = ((out.body as { data?: Envelope })?.data?.data ?? []).map((c) => c.id);
  if (!problems.length && !ids.includes(client.id as number)) {
    problems.push(
      resting(
        {
          operationId: 'listClients',
          message: `${search.field} ${preview(value, 60)} (its ${field}) did not find client ${String(client.id)}`,
          expected: `client ${String(client.id)}`,
          actual: preview(ids.slice(0, 10), SHOWN),
        },
        search.pointer,
      ),
    );
  }
  return problems;
}
