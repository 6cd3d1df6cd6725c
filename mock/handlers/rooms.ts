import { clientInCompany, roomOfClient } from './scope.js';
import type { Handler } from './types.js';

export const getRoomMeasurements: Handler<'getRoomMeasurements'> = ({ body, user, store, errors }) => {
  const client = clientInCompany(store, user, body.client_id, errors.CLIENT_NOT_FOUND, errors.CLIENT_OF_OTHER_COMPANY);
  const room = roomOfClient(store, client, body.room_id, errors.ROOM_NOT_FOUND);
  return {
    message: 'Rooms get successfully.',
    data: store.measurementsInRoom(room.id).map((m) => ({
      room_id: room.id,
      admin_room_id: room.admin_room_id,
      measurement_type_id: m.measurement_type_id,
      measurement_type_name: store.measurementType(m.measurement_type_id)?.name ?? '',
      measurement_id: m.id,
      group_id: m.group_id,
      created_at: m.created_at,
      window_name: m.window_name,
    })),
  };
};

export const getRoomsByClientId: Handler<'getRoomsByClientId'> = ({ body, user, store, errors, lists }) => {
  const client = clientInCompany(store, user, body.client_id, errors.CLIENT_NOT_FOUND, errors.CLIENT_OF_OTHER_COMPANY);
  const rooms = store.roomsOfClient(client.id);
  // The document's sample is null; the spec's x-no-rooms says whether a client without rooms gets it.
  if (rooms.length === 0 && lists.noRooms === 'null') return null;
  return { message: 'Rooms get successfully.', data: rooms };
};
