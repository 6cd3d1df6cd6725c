// Clients: client/list and client/user_client through Laravel's
// LengthAwarePaginator, client/update and client/delete.
import { type Ctx, defect, deviation, invalid, notFound, passes, send, varchar } from './http.js';
import type { Client } from './store.js';

/** The paginator's toArray(), with its URLs and '&laquo; Previous' labels. */
export function paginate(c: Ctx, rows: Client[], page: number, perPage: number) {
  const total = rows.length;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const path = `${c.origin}/api/v1${c.path}`;
  const url = (n: number) => `${path}?page=${n}`;
  const slice = rows.slice((page - 1) * perPage, page * perPage);
  const from = slice.length ? (page - 1) * perPage + 1 : null;
  const links = [
    { url: page > 1 ? url(page - 1) : null, label: '&laquo; Previous', active: false },
    ...Array.from({ length: lastPage }, (_, i) => ({ url: url(i + 1), label: String(i + 1), active: i + 1 === page })),
    { url: page < lastPage ? url(page + 1) : null, label: 'Next &raquo;', active: false },
  ];
  return {
    current_page: page,
    data: slice.map((r) => clientRecord(c, r)),
    first_page_url: url(1),
    from,
    last_page: lastPage,
    last_page_url: url(lastPage),
    links,
    next_page_url: page < lastPage ? url(page + 1) : null,
    path,
    per_page: perPage,
    prev_page_url: page > 1 ? url(page - 1) : null,
    to: from === null ? null : from + slice.length - 1,
    total: defect(c, 'paginator-total-string') ? String(total) : total,
  };
}

/** A client row as the listing's select gives it (phone stays out: section 2.1). */
function clientRecord(c: Ctx, r: Client) {
  const { phone: _phone, updated_at, deleted_at, ...listed } = r;
  const extra = deviation(c, 'updated-at-bumped') ? { updated_at, deleted_at } : {};
  const created = defect(c, 'created-at-no-micros') ? r.created_at.replace(/\.\d{6}Z$/, 'Z') : r.created_at;
  return { ...listed, created_at: created, ...extra };
}

const LIST_RULES = (c: Ctx) => ({
  ...varchar('keyword'),
  page: ['nullable', 'integer', 'min:1', 'max:1000000'] as never,
  limit: (deviation(c, 'limit-uncapped')
    ? ['nullable', 'integer', 'min:1']
    : ['nullable', 'integer', 'min:1', 'max:100']) as never,
});

/** The page: the body's, else the query's (Laravel's input() merges both, the body winning). */
function pageOf(c: Ctx): number | undefined {
  if (c.body.page !== undefined && c.body.page !== null) return Number(c.body.page);
  const q = c.query.get('page');
  if (q === null) return 1;
  if (!/^\d+$/.test(q) || Number(q) < 1 || Number(q) > 1_000_000) {
    invalid(c, { page: ['The page field must be an integer.'] });
    return undefined;
  }
  return Number(q);
}

function search(c: Ctx, rows: Client[]): Client[] {
  const keyword = typeof c.body.keyword === 'string' ? c.body.keyword : '';
  if (!keyword) return rows;
  // The defect: the keyword goes into LIKE unescaped, and MySQL's driver chokes on what the app built from it.
  if (defect(c, 'keyword-like-500') && /[%_\\]/.test(keyword))
    throw new Error('SQLSTATE[42000]: Syntax error or access violation');
  const needle = keyword.toLowerCase();
  const fields: (keyof Client)[] = deviation(c, 'keyword-name-only')
    ? ['name', 'surname']
    : ['name', 'surname', 'email', 'phone_no', 'project_name', 'quote_no'];
  return rows.filter((r) =>
    fields.some((f) =>
      String(r[f] ?? '')
        .toLowerCase()
        .includes(needle),
    ),
  );
}

function ordered(c: Ctx, rows: Client[]): Client[] {
  return [...rows].sort((a, b) => (deviation(c, 'oldest-first') ? a.id - b.id : b.id - a.id));
}

function listed(c: Ctx, rows: Client[], message: string) {
  if (!passes(c, LIST_RULES(c))) return;
  const page = pageOf(c);
  if (page === undefined) return;
  const limit = c.body.limit === undefined || c.body.limit === null ? 20 : Number(c.body.limit);
  const perPage = deviation(c, 'per-page-fixed') ? 20 : limit;
  send(c, 200, { message, data: paginate(c, ordered(c, search(c, rows)), page, perPage) }, {}, true);
}

export function listClients(c: Ctx) {
  listed(
    c,
    c.store.liveClients().filter((r) => r.user_id === c.user!.id),
    'Clients get successfully.',
  );
}

export function listCompanyClients(c: Ctx) {
  if (!passes(c, { company_name: ['required', 'string', 'max:255'] })) return;
  const own = c.store.company(c.user!.company_id)!;
  if (c.body.company_name !== own.name && !deviation(c, 'company-other-empty'))
    return notFound(c, 'Company not found.');
  const members = new Set(c.store.members(own.id).map((u) => u.id));
  const rows = c.store
    .liveClients()
    .filter((r) => c.body.company_name === own.name && (members.has(r.user_id) || defect(c, 'company-leak')));
  listed(c, rows, 'Company clients get successfully.');
}

/** The caller's own live client, or the answer for an unknown one. */
export function ownClient(c: Ctx, id: unknown, answer = true): Client | undefined {
  const client = c.store.liveClients().find((r) => r.id === id && r.user_id === c.user!.id);
  if (client || !answer) return client;
  if (deviation(c, 'unknown-client-422')) invalid(c, { client_id: ['The selected client id is invalid.'] });
  else notFound(c, 'Client not found.');
  return undefined;
}

const UPDATE_RULES = {
  client_id: ['required', 'integer'],
  name: ['required', 'string', 'max:255'],
  surname: ['required', 'string', 'max:255'],
  email: ['required', 'string', 'max:255'],
  ...varchar('location', 'phone', 'address', 'city', 'state', 'zip_code', 'billing_address', 'billing_city'),
  ...varchar('billing_state', 'billing_zip_code', 'phone_no', 'lead_source_name', 'quote_no', 'project_name'),
  lead_source_id: ['nullable', 'integer'],
  end_client_known: ['nullable', 'boolean'],
} as const;

const TEXT_FIELDS = [
  'name',
  'surname',
  'email',
  'phone',
  'phone_no',
  'address',
  'city',
  'state',
  'zip_code',
  'billing_address',
  'billing_city',
  'billing_state',
  'billing_zip_code',
  'quote_no',
] as const;
const NULLABLE = ['location', 'lead_source_name', 'project_name', 'lead_source_id'] as const;

export function updateClient(c: Ctx) {
  if (!passes(c, UPDATE_RULES as never)) return;
  const client = ownClient(c, c.body.client_id);
  if (!client) return;
  // ConvertEmptyStringsToNull: a blank optional string is stored as null, read back as '' for NOT NULL columns.
  for (const f of TEXT_FIELDS) if (f in c.body) (client as unknown as Record<string, unknown>)[f] = c.body[f] ?? '';
  for (const f of NULLABLE)
    if (f in c.body) (client as unknown as Record<string, unknown>)[f] = c.body[f] === '' ? null : c.body[f];
  if ('end_client_known' in c.body && c.body.end_client_known !== null) {
    const v = c.body.end_client_known;
    const known = v === true || v === 1 || v === '1';
    client.end_client_known = defect(c, 'boolean-after-update') ? known : known ? 1 : 0;
  }
  if (deviation(c, 'updated-at-bumped')) client.updated_at = c.store.now();
  const message = defect(c, 'update-wrong-message')
    ? 'Client updated successfully.'
    : 'Client details updated successfully.';
  send(c, 200, { message, data: [] });
}

export function deleteClient(c: Ctx) {
  if (!passes(c, { client_id: ['required', 'integer'] })) return;
  const client = ownClient(c, c.body.client_id);
  if (!client) return;
  // SoftDeletes: the row stays, with deleted_at set (the defect forgets to save it).
  if (!defect(c, 'delete-keeps-client')) client.deleted_at = c.store.now();
  send(c, 200, { message: 'Client deleted successfully.', data: [] });
}
