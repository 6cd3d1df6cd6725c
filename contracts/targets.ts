// What names a record a request acts on, and an id no record has: shared by the
// harmless bodies of the negative checks and the completion of valid bodies
// (valid-request.ts), which must agree on what a write's target is.

export const NO_SUCH_ID = 2_147_480_000;

/** An identifier that names a record (a client, a room, a measurement), not the author or a type. */
export const isTargetId = (key: string) => /(^|_)id$/.test(key) && key !== 'user_id' && key !== 'measurement_type_id';
