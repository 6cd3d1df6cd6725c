// The four add/edit operations: id 0 or absent adds, an existing id edits; the
// record then shows in room/get.

import { MEASUREMENT_TYPE_BY_KIND } from '../../fixtures/reference.js';
import type { MeasurementKind, UserRecord } from '../../fixtures/types.js';
import type { MockError } from '../errors.js';
import type { Store } from '../store/store.js';
import { clientInCompany, roomOfClient } from './scope.js';
import type { Handler, RequestBody } from './types.js';

type WindowOp =
  | 'addEditSingleWindowPhotoMeasurement'
  | 'addEditSpecialtyWindowMeasurement'
  | 'addEditSeriesWindowMeasurement';
const SAVED = { message: 'Measurement added successfully!', data: [] as never[] } as const;

function existingOf(
  store: Store,
  user: UserRecord,
  id: number | undefined,
  kind: MeasurementKind,
  notFound: () => MockError,
) {
  if (!id) return undefined;
  const m = store.measurement(id);
  const owner = m && store.userById(m.user_id);
  if (!m || m.kind !== kind || !owner || owner.company_id !== user.company_id) throw notFound();
  return m;
}

function windowForm(kind: MeasurementKind): Handler<WindowOp> {
  return ({ body, user, store, errors }) => {
    const b = body as RequestBody<'addEditSingleWindowPhotoMeasurement'>;
    const client = clientInCompany(store, user, b.client_id, errors.CLIENT_NOT_FOUND, errors.CLIENT_OF_OTHER_COMPANY);
    const room = roomOfClient(store, client, b.room_id, errors.ROOM_NOT_FOUND);
    const author = store.userById(b.user_id);
    if (!author || author.company_id !== user.company_id)
      throw errors.VALIDATION({ user_id: ['The selected user id is invalid.'] });
    // A real backend checks the type exists and belongs to this form (an awning type on a window form is a 422).
    if (!store.measurementType(b.measurement_type_id) || b.measurement_type_id === MEASUREMENT_TYPE_BY_KIND.awning) {
      throw errors.VALIDATION({ measurement_type_id: ['The selected measurement type id is invalid.'] });
    }
    const existing = existingOf(store, user, b.id, kind, errors.MEASUREMENT_NOT_FOUND);
    const { id: _id, user_id, client_id, room_id: _room, measurement_type_id, window_name, ...fields } = b;
    store.saveMeasurement({
      id: existing?.id,
      kind,
      measurement_type_id,
      user_id,
      client_id,
      room_id: room.id,
      window_name,
      fields,
    });
    return SAVED;
  };
}

export const addEditSingleWindowPhotoMeasurement = windowForm(
  'single_window_photo',
) as Handler<'addEditSingleWindowPhotoMeasurement'>;
export const addEditSpecialtyWindowMeasurement = windowForm(
  'specialty_window',
) as Handler<'addEditSpecialtyWindowMeasurement'>;
export const addEditSeriesWindowMeasurement = windowForm('series_window') as Handler<'addEditSeriesWindowMeasurement'>;

export const addEditAwningMeasurement: Handler<'addEditAwningMeasurement'> = ({ body, user, store, errors }) => {
  const awningNotFound = (what: string) => () => errors.AWNING_NOT_FOUND(what);
  const client = clientInCompany(store, user, body.client_id, awningNotFound('Client'));
  const room =
    body.room_id === undefined ? undefined : roomOfClient(store, client, body.room_id, awningNotFound('Room'));
  const existing = existingOf(store, user, body.id, 'awning', awningNotFound('Measurement'));
  const previous = (existing?.fields ?? {}) as Record<string, unknown>;
  const pick = <T>(key: 'awning_type' | 'width' | 'projection' | 'mount_height', fallback: T) =>
    (body[key] ?? previous[key] ?? fallback) as T;
  const fields = {
    awning_type: pick('awning_type', ''),
    width: pick('width', 0),
    projection: pick('projection', 0),
    mount_height: pick('mount_height', 0),
  };
  const saved = store.saveMeasurement({
    id: existing?.id,
    kind: 'awning',
    measurement_type_id: MEASUREMENT_TYPE_BY_KIND.awning,
    user_id: user.id,
    client_id: client.id,
    // A record moved to another client leaves the old client's room behind.
    room_id: room?.id ?? (existing && existing.client_id === client.id ? existing.room_id : null),
    window_name: `${room?.name ?? 'Client'} awning`,
    fields,
  });
  return {
    status: 'success',
    data: {
      id: saved.id,
      awning_type: fields.awning_type,
      dimensions: { width: fields.width, projection: fields.projection, mount_height: fields.mount_height },
    },
  };
};
