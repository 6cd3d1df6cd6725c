// client/list's keyword and page, by what they select. The document shows the
// fields but not their effect (section 4.3), so the spec assumes it (x-list's
// search for the keyword, the request body's x-assumed for page): a deployment
// that ignores keyword or page is an observation, and so is a hit that holds
// the keyword in no field it shows (the keyword ignored, or matched against a
// field the listing leaves out: the document says neither which fields are
// searched nor that they are listed). What contradicts the answer's own words is an error whatever the
// assumption: a page past last_page that still carries clients.

import { randomBytes } from 'node:crypto';
import type { Outcome } from '../../lib/http.js';
import { preview } from '../../lib/preview.js';
import type { Search } from '../../spec/list-choices.js';
import type { JsonSchema } from '../../spec/load.js';
import { foldAllOf } from '../../spec/schema.js';
import type { CheckRun } from '../check-run.js';
import type { Discovered } from '../discovered.js';
import type { Session } from '../session.js';
import { type Finding, resting } from '../types.js';
import { LIST_EFFECT, searchOf } from './paging.js';

type Client = Record<string, unknown> & { id: number };
type Page = { data: Client[]; last_page?: unknown; total?: unknown };
const SHOWN = 300;

const pageOf = (out: Outcome): Page | undefined => {
  const env = (out.body as { data?: { data?: unknown } } | null | undefined)?.data;
  return out.status !== undefined && out.status < 300 && Array.isArray(env?.data) ? (env as Page) : undefined;
};

/** Whether any text of the client (any string or number field) holds the keyword, as a search would match it. */
export const holds = (c: Client, keyword: string): boolean =>
  typeof c === 'object' &&
  c !== null &&
  Object.values(c).some(
    (v) => (typeof v === 'string' || typeof v === 'number') && String(v).toLowerCase().includes(keyword.toLowerCase()),
  );

/** A word of the client's own to search for: its surname (or name, or e-mail) when the spec says the keyword
 *  searches it, else a field it says it searches. */
function keywordOf(c: Client, matches: readonly string[]): string | undefined {
  for (const k of ['surname', 'name', 'email', ...matches].filter((f) => matches.includes(f)))
    if (typeof c[k] === 'string' && (c[k] as string).trim().length >= 3) return (c[k] as string).trim();
  return undefined;
}

const spec = (name: string, title: string) => ({
  id: `paging:listClients:${name}`,
  group: 'paging' as const,
  operationId: 'listClients',
  title,
});

export async function searchChecks(s: Session, found: Discovered): Promise<void> {
  const client = found.client as Client | undefined;
  const selects = spec('keyword-selects', 'a keyword selects: nothing for a string no client holds, hits that hold it');
  const search = searchOf(s.spec);
  if (typeof search === 'string') s.skip(selects, search);
  else if (!search) s.skip(selects, "the spec's x-list says nothing of client/list's keyword (search)");
  else await s.check(selects, (run) => keywordSelects(run, client, search));
  await s.check(
    spec('pages-select', 'page selects: page 2 differs from page 1, a page past the last is empty'),
    pagesSelect,
  );
}

async function keywordSelects(run: CheckRun, client: Client | undefined, search: Search): Promise<Finding[]> {
  const nonsense = `zq${randomBytes(6).toString('hex')}qz`;
  const none = await run.call('listClients', { body: { [search.field]: nonsense, page: 1 } });
  const problems = run.conform('listClients', none);
  const nothing = pageOf(none);
  if (nothing?.data.length) {
    // The effect of keyword is not shown in the document: the search node's assumption.
    problems.push(
      resting(
        {
          operationId: 'listClients',
          message: `client/list with ${search.field} ${JSON.stringify(nonsense)}, which no client holds, gave ${nothing.data.length} clients: ${search.field} seems ignored`,
          expected: 'no clients',
          actual: `${nothing.data.length} clients (total ${preview(nothing.total, SHOWN)})`,
          reproduce: run.reproduce(none),
        },
        search.pointer,
      ),
    );
    return problems;
  }
  const keyword = client && keywordOf(client, search.matches);
  if (!keyword) {
    run.note(
      `no client with a ${search.matches.join(', ')} to search for: only the search for a string no client holds was made`,
    );
    return problems;
  }
  const out = await run.call('listClients', { body: { [search.field]: keyword, page: 1 } });
  problems.push(...run.conform('listClients', out));
  const hits = pageOf(out)?.data ?? [];
  const stray = hits.filter((c) => !holds(c, keyword));
  // What a keyword matches is the search node's assumption, as whether it is read at all (above).
  if (stray.length)
    problems.push(
      resting(
        {
          operationId: 'listClients',
          message: `client/list with keyword ${preview(keyword, 60)} gave ${stray.length} client${stray.length === 1 ? '' : 's'} (${preview(
            stray.slice(0, 10).map((c) => c?.id),
            SHOWN,
          )}) that hold it in no field: keyword seems ignored or matched in a field not listed`,
          expected: `clients holding ${preview(keyword, 60)}`,
          actual: preview(stray[0], SHOWN),
          reproduce: run.reproduce(out),
        },
        search.pointer,
      ),
    );
  return problems;
}

/** The largest page client/list's request body allows, as the spec declares it. */
function pageMaximum(run: CheckRun): number | undefined {
  const body = run.spec.byId.get('listClients')?.requestBody?.schema;
  const page = (foldAllOf(body).properties as Record<string, JsonSchema> | undefined)?.page;
  return typeof page?.maximum === 'number' ? page.maximum : undefined;
}

async function pagesSelect(run: CheckRun): Promise<Finding[]> {
  const first = await run.call('listClients', { body: { page: 1 } });
  const problems = run.conform('listClients', first);
  const one = pageOf(first);
  const last = typeof one?.last_page === 'number' ? one.last_page : undefined;
  if (!one || last === undefined) return problems;
  const ids = (p: Page | undefined) => JSON.stringify((p?.data ?? []).map((c) => c?.id));
  let saidIgnored = false;
  if (last >= 2) {
    const second = await run.call('listClients', { body: { page: 2 } });
    problems.push(...run.conform('listClients', second));
    const two = pageOf(second);
    saidIgnored = Boolean(two?.data.length) && ids(two) === ids(one);
    if (saidIgnored)
      // The effect of page is not shown in the document: an assumption of the request body.
      problems.push(
        resting(
          {
            operationId: 'listClients',
            message: `client/list page 2 gives the same clients as page 1 although last_page is ${last}: page seems ignored`,
            expected: 'the next clients',
            actual: preview(JSON.parse(ids(two)).slice(0, 10), SHOWN),
            reproduce: run.reproduce(second),
          },
          LIST_EFFECT,
        ),
      );
  }
  const past = await run.call('listClients', { body: { page: last + 1 } });
  // A deployment's last_page can reach the spec's bound on page (x-assumed): the page after it is then a
  // request the spec has refused (a documented 4xx), or an empty page; either is fine here.
  const max = pageMaximum(run);
  const status = past.status ?? 0;
  const refused = max !== undefined && last + 1 > max && status >= 400 && status < 500;
  problems.push(...run.conform('listClients', past, refused ? '4xx' : '2xx'));
  const beyond = pageOf(past);
  if (!beyond?.data.length) return problems;
  // A page that repeats page 1 is page ignored (said above when there are two pages); anything else
  // contradicts the envelope's own last_page.
  const ignored = ids(beyond) === ids(one);
  if (ignored && saidIgnored) return problems;
  // Page ignored rests on the assumed effect of page; any other page past the last contradicts last_page.
  problems.push(
    resting(
      {
        operationId: 'listClients',
        message: `client/list page ${last + 1}, past the last (last_page ${last}), gives ${beyond.data.length} clients${ignored ? ', those of page 1: page seems ignored' : ''}`,
        expected: 'no clients',
        actual: preview(
          beyond.data.slice(0, 10).map((c) => c?.id),
          SHOWN,
        ),
        reproduce: run.reproduce(past),
      },
      ignored ? LIST_EFFECT : undefined,
    ),
  );
  return problems;
}
