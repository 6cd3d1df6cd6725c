// A user reads and changes only the clients of their own company. An id no
// client has and another company's client are two situations of the spec
// (x-situations unknown-client and other-company-client), each answered with
// its catalogue entry, from the handler's `errors`; an operation with its own
// not-found answer (the awning's) gives one error for both.
import type { ClientRecord, Room, UserRecord } from '../../fixtures/types.js';
import type { MockError } from '../errors.js';
import type { Store } from '../store/store.js';

export function clientInCompany(
  store: Store,
  user: UserRecord,
  clientId: number,
  notFound: () => MockError,
  otherCompany: () => MockError = notFound,
): ClientRecord {
  const client = store.client(clientId);
  const owner = client && store.userById(client.user_id);
  if (!client || !owner) throw notFound();
  if (owner.company_id !== user.company_id) throw otherCompany();
  return client;
}

export function roomOfClient(store: Store, client: ClientRecord, roomId: number, notFound: () => MockError): Room {
  const room = store.room(roomId);
  if (!room || room.client_id !== client.id) throw notFound();
  return room;
}
