// What a controller method is here: its mapping, whether Spring Security lets
// it through without a token, whether the subscription interceptor guards it,
// and the handler. Plus the service lookups several controllers share.
import { ApiError, type Ctx, isoMicros, isoMillis, isStatusShaped } from './http.js';
import type { Tokens } from './security.js';
import type { Client, Store, User } from './store.js';
import type { Switches } from './switches.js';

export interface App {
  store: Store;
  tokens: Tokens;
  sw: Switches;
}

export interface Route {
  path: string;
  /** Mapped methods; HEAD follows GET as Spring MVC does. */
  methods: string[];
  auth: boolean;
  subscription: (sw: Switches) => boolean;
  handle(ctx: Ctx, app: App): void;
}

export const always = () => true;
export const never = () => false;

export function caller(ctx: Ctx): User {
  if (!ctx.user) throw new ApiError(401, 'Unauthenticated.');
  return ctx.user;
}

/** The caller's company's client, or the 404 (or, switched, Spring's 403) a JPA lookup gives. */
export function companyClient(ctx: Ctx, id: number): Client {
  const user = caller(ctx);
  const found = ctx.store.clients.find((c) => c.id === id && c.deletedAtMicros === null);
  if (found && found.companyId === user.companyId) return found;
  if (ctx.sw.has('unknown-id-403')) throw new ApiError(403, 'Access Denied', {}, true);
  throw new ApiError(404, isStatusShaped(ctx.route) ? 'Client not found' : `Client not found with id: ${id}`);
}

export function clientView(ctx: Ctx, c: Client): Record<string, unknown> {
  const view: Record<string, unknown> = {
    id: c.id,
    user_id: c.userId,
    lead_source_id: c.leadSourceId,
    end_client_known: ctx.sw.has('end-client-known-boolean') ? c.endClientKnown : c.endClientKnown ? 1 : 0,
    quote_no: c.quoteNo,
    project_name: c.projectName,
    name: c.name,
    surname: c.surname,
    email: c.email,
    phone_no: c.phoneNo,
    location: c.location,
    address: c.address,
    city: c.city,
    state: c.state,
    zip_code: c.zipCode,
    billing_address: c.billingAddress,
    billing_city: c.billingCity,
    billing_state: c.billingState,
    billing_zip_code: c.billingZipCode,
    created_at: ctx.sw.has('created-at-millis') ? isoMillis(c.createdAtMicros) : isoMicros(c.createdAtMicros),
    lead_source_name: c.leadSourceName,
    lead_source_email: c.leadSourceEmail,
  };
  if (ctx.sw.has('extra-fields')) {
    view.version = c.version;
    view.updated_at = isoMicros(c.updatedAtMicros);
    view.created_by = ctx.store.user(c.userId)?.email ?? null;
  }
  return view;
}

export function userView(store: Store, u: User): Record<string, unknown> {
  const company = store.company(u.companyId);
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    phone_no: u.phoneNo,
    profile_image: u.profileImage,
    company_id: u.companyId,
    company_name: company?.name ?? null,
    has_active_plan: company?.planId != null,
  };
}
