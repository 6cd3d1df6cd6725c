// ClientController: the two paged lists, update and delete (§4.3-§4.6).
import { ApiError, type Ctx, nowMicros, ok, sendJson } from './http.js';
import { type Bound, bind, type Dto, int, str } from './jackson.js';
import { pageEnvelope, requestedPage } from './paging.js';
import { type App, always, caller, clientView, companyClient, type Route } from './route.js';
import type { Client } from './store.js';

const NAME_FIELDS: (keyof Client)[] = ['name', 'surname', 'email'];
const TEXT_FIELDS: (keyof Client)[] = [
  ...NAME_FIELDS,
  'quoteNo',
  'projectName',
  'phoneNo',
  'location',
  'address',
  'city',
  'state',
  'zipCode',
  'leadSourceName',
];

function search(ctx: Ctx, clients: Client[], keyword: string | undefined): Client[] {
  if (keyword === undefined || keyword.trim() === '') return clients;
  if (ctx.sw.has('keyword-quote-500') && keyword.includes("'")) {
    throw new ApiError(500, 'org.hibernate.query.SyntaxException: unexpected token', {}, true);
  }
  const needle = keyword.trim().toLowerCase();
  const fields = ctx.sw.has('keyword-all-fields') ? TEXT_FIELDS : NAME_FIELDS;
  return clients.filter((c) =>
    fields.some((f) =>
      String(c[f] ?? '')
        .toLowerCase()
        .includes(needle),
    ),
  );
}

function ordered(ctx: Ctx, clients: Client[]): Client[] {
  const byName = (a: Client, b: Client) => a.name.localeCompare(b.name) || a.surname.localeCompare(b.surname);
  const newest = (a: Client, b: Client) => b.createdAtMicros - a.createdAtMicros || b.id - a.id;
  return [...clients].sort(ctx.sw.has('order-by-name') ? byName : newest);
}

function listed(ctx: Ctx, keep: (c: Client) => boolean): Client[] {
  const live = (c: Client) => c.deletedAtMicros === null || ctx.sw.has('delete-keeps-record');
  return ctx.store.clients.filter((c) => live(c) && keep(c));
}

function sendPage(ctx: Ctx, message: string, clients: Client[], b: Bound, perPage: number): void {
  const page = requestedPage(ctx, int(b, 'page'));
  const views = ordered(ctx, search(ctx, clients, str(b, 'keyword'))).map((c) => clientView(ctx, c));
  sendJson(ctx, 200, { message, data: pageEnvelope(ctx, views, page, perPage) });
}

const LIST: Dto = { keyword: { type: 'string' }, page: { type: 'int', min: 1 }, limit: { type: 'int', min: 1 } };
const SHARED: Dto = { ...LIST, company_name: { type: 'string', required: true } };

const S = { type: 'string' } as const;
const UPDATE: Dto = {
  client_id: { type: 'int', required: true },
  name: { type: 'string', required: true },
  surname: { type: 'string', required: true },
  email: { type: 'string', required: true, email: true },
  location: S,
  phone: S,
  address: S,
  city: S,
  state: S,
  zip_code: S,
  billing_address: S,
  billing_city: S,
  billing_state: S,
  billing_zip_code: S,
  phone_no: S,
  lead_source_name: S,
  quote_no: S,
  project_name: S,
  lead_source_id: { type: 'int' },
  end_client_known: { type: 'bool' },
};

/** Columns that may hold NULL; the others are NOT NULL DEFAULT '' (§2.1 "may be empty"). */
const NULLABLE = new Set(['location', 'project_name', 'lead_source_name', 'lead_source_id']);

/** JSON property -> entity field; absent properties keep the stored value (a PATCH-like mapper). */
const COLUMNS: [string, keyof Client][] = [
  ['name', 'name'],
  ['surname', 'surname'],
  ['email', 'email'],
  ['location', 'location'],
  ['phone', 'phone'],
  ['address', 'address'],
  ['city', 'city'],
  ['state', 'state'],
  ['zip_code', 'zipCode'],
  ['billing_address', 'billingAddress'],
  ['billing_city', 'billingCity'],
  ['billing_state', 'billingState'],
  ['billing_zip_code', 'billingZipCode'],
  ['phone_no', 'phoneNo'],
  ['lead_source_name', 'leadSourceName'],
  ['quote_no', 'quoteNo'],
  ['project_name', 'projectName'],
  ['lead_source_id', 'leadSourceId'],
  ['end_client_known', 'endClientKnown'],
];

function update(ctx: Ctx): void {
  const b = bind(ctx, 'ClientUpdateRequest', UPDATE);
  const client = companyClient(ctx, b.client_id as number);
  const row = client as unknown as Record<string, unknown>;
  for (const [prop, field] of COLUMNS) {
    if (prop === 'billing_city' && ctx.sw.has('update-drops-billing-city')) continue;
    const value = b[prop];
    // MapStruct's NullValuePropertyMappingStrategy.IGNORE: a null never blanks a NOT NULL column.
    if (value !== undefined && (value !== null || NULLABLE.has(prop))) row[field] = value;
  }
  client.version += 1;
  client.updatedAtMicros = nowMicros();
  ok(ctx, ctx.sw.has('update-message-wrong') ? 'Client updated successfully.' : 'Client details updated successfully.');
}

function remove(ctx: Ctx, app: App): void {
  const b = bind(ctx, 'ClientDeleteRequest', { client_id: { type: 'int', required: true } });
  const client = companyClient(ctx, b.client_id as number);
  const store = app.store;
  if (ctx.sw.has('delete-keeps-record')) {
    client.deletedAtMicros = nowMicros();
  } else {
    // ON DELETE CASCADE on rooms, measurements and awnings.
    store.clients = store.clients.filter((c) => c.id !== client.id);
    store.rooms = store.rooms.filter((r) => r.clientId !== client.id);
    store.measurements = store.measurements.filter((m) => m.clientId !== client.id);
    store.awnings = store.awnings.filter((a) => a.clientId !== client.id);
  }
  ok(ctx, 'Client deleted successfully.');
}

function perPage(ctx: Ctx, b: Bound): number {
  const limit = int(b, 'limit');
  return ctx.sw.has('limit-honoured') && limit !== undefined ? Math.min(limit, 100) : 20;
}

export const clientRoutes: Route[] = [
  {
    path: '/client/list',
    methods: ['POST'],
    auth: true,
    subscription: always,
    handle: (ctx) => {
      const b = bind(ctx, 'ClientListRequest', LIST, false);
      const me = caller(ctx);
      sendPage(
        ctx,
        'Client list get successfully.',
        listed(ctx, (c) => c.userId === me.id),
        b,
        perPage(ctx, b),
      );
    },
  },
  {
    path: '/client/user_client',
    methods: ['POST'],
    auth: true,
    subscription: always,
    handle: (ctx) => {
      const b = bind(ctx, 'UserClientRequest', SHARED);
      const me = caller(ctx);
      const all = ctx.sw.has('user-client-all-companies');
      sendPage(
        ctx,
        'Company clients get successfully.',
        listed(ctx, (c) => all || c.companyId === me.companyId),
        b,
        20,
      );
    },
  },
  { path: '/client/update', methods: ['POST'], auth: true, subscription: always, handle: update },
  { path: '/client/delete', methods: ['POST'], auth: true, subscription: always, handle: remove },
];
