import type { ClientRecord } from '../../fixtures/types.js';
import type { MockList } from '../lists.js';
import type { ClientPatch, Store } from '../store/store.js';
import { paginate } from './paging.js';
import { clientInCompany } from './scope.js';
import type { Handler } from './types.js';

/** A page of the list as the spec's x-list says: its size (the field it follows, else the default) and its
 *  order. Laravel reads `page` from the body or from the query (the envelope's page URLs carry `?page=N`). */
function page(
  store: Store,
  list: MockList,
  ids: readonly number[],
  body: Record<string, unknown> & { page?: number },
  query: Record<string, unknown>,
  path: string,
) {
  const requested = body.page ?? (typeof query.page === 'number' ? query.page : 1);
  const { follows, default: size } = list.pageSize;
  const asked = follows === null ? undefined : body[follows];
  const perPage = typeof asked === 'number' ? asked : size;
  const p = paginate(ids, requested, perPage, path, list.order.direction === 'asc');
  return { ...p, data: p.data.map((id) => store.client(id)!) };
}

export const listClients: Handler<'listClients'> = ({ body, query, user, store, baseUrl, lists }) => {
  const list = lists.byOperation.get('listClients')!;
  const field = list.search!.field as keyof NonNullable<typeof body>;
  const said = body?.[field];
  const keyword = typeof said === 'string' ? said.trim().toLowerCase() : '';
  const ids = keyword ? store.searchClients(user.id, keyword, list.searchMask) : store.ownClientIds(user.id);
  return {
    message: 'Clients get successfully.',
    data: page(store, list, ids, body ?? {}, query, `${baseUrl}/client/list`),
  };
};

export const listCompanyClients: Handler<'listCompanyClients'> = ({
  body,
  query,
  user,
  store,
  baseUrl,
  errors,
  lists,
}) => {
  const company = store.companyOf(user);
  const other = body.company_name.trim().toLowerCase() !== company.name.toLowerCase();
  // x-situations/other-company: a 2xx there is a query scoped to the caller's company, which finds nothing.
  const answered = errors.COMPANY_NOT_FOUND.statusCode ?? 404;
  if (other && (answered < 200 || answered > 299)) throw errors.COMPANY_NOT_FOUND();
  const ids = other ? [] : store.companyClientIds(company.id);
  const list = lists.byOperation.get('listCompanyClients')!;
  return {
    message: 'Company clients get successfully.',
    data: page(store, list, ids, body, query, `${baseUrl}/client/user_client`),
  };
};

export const updateClient: Handler<'updateClient'> = ({ body, user, store, errors }) => {
  clientInCompany(store, user, body.client_id, errors.CLIENT_NOT_FOUND, errors.CLIENT_OF_OTHER_COMPANY);
  const { client_id: _id, end_client_known, lead_source_id, ...fields } = body;
  const patch: ClientPatch = { ...fields };
  // Laravel's boolean rule: true, 1 and "1" are true; false, 0 and "0" false.
  if (end_client_known !== undefined) patch.end_client_known = [true, 1, '1'].includes(end_client_known) ? 1 : 0;
  if (lead_source_id === null) {
    patch.lead_source_id = null;
    patch.lead_source_email = null;
    patch.lead_source_name = fields.lead_source_name ?? null;
  } else if (lead_source_id !== undefined) {
    const source = store.leadSource(lead_source_id);
    if (!source) throw errors.VALIDATION({ lead_source_id: ['The selected lead source id is invalid.'] });
    patch.lead_source_id = source.id;
    patch.lead_source_email = source.email;
    patch.lead_source_name = fields.lead_source_name ?? source.name;
  }
  store.updateClient(body.client_id, patch as Partial<ClientRecord>);
  return { message: 'Client details updated successfully.', data: [] };
};

export const deleteClient: Handler<'deleteClient'> = ({ body, user, store, errors }) => {
  clientInCompany(store, user, body.client_id, errors.CLIENT_NOT_FOUND, errors.CLIENT_OF_OTHER_COMPANY);
  store.deleteClient(body.client_id);
  return { message: 'Client deleted successfully.', data: [] };
};
