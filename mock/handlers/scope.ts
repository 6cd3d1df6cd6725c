// A user reads and changes only the clients of their own company; anything
// else is answered as if it did not exist: with the not-found error the
// operation gives (its catalogue entry, from the handler's `errors`).
import type { ClientRecord, Room, UserRecord } from '../../fixtures/types.js';
import type { MockError } from '../errors.js';
import type { Store } from '../store/store.js';

export function clientInCompany(
  store: Store,
  user: UserRecord,
  clientId: number,
  notFound: () => MockError,
): ClientRecord {
  const client = store.client(clientId);
  const owner = client && store.userById(client.user_id);
  if (!client || !owner || owner.company_id !== user.company_id) throw notFound();
  return client;
}

export function roomOfClient(store: Store, client: ClientRecord, roomId: number, notFound: () => MockError): Room {
  const room = store.room(roomId);
  if (!room || room.client_id !== client.id) throw notFound();
  return room;
}
