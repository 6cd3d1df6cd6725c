// Guards for the two documented error bodies, so an app narrows `r.error`
// without probing keys by hand. They check the whole shape at run time: an
// answer that is neither (an HTML error page, a proxy's JSON) is neither.
import type { components } from '../spec/types.gen.js';

type Schemas = components['schemas'];

/** `{message, status, errors?}`: most operations' error body; a 422 adds per-field messages. */
export type ApiErrorBody = Schemas['ApiError'] & Pick<Schemas['ValidationError'], 'errors'>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFieldMessages(value: unknown): value is NonNullable<ApiErrorBody['errors']> {
  return (
    isRecord(value) &&
    Object.values(value).every((messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'))
  );
}

/** The body is `{message, status, errors?}` (401, 403, 404, 422, 429...); `errors` is then typed. */
export function isApiError(value: unknown): value is ApiErrorBody {
  return (
    isRecord(value) &&
    typeof value.message === 'string' &&
    Number.isInteger(value.status) &&
    (value.errors === undefined || isFieldMessages(value.errors))
  );
}

/** The body is `{status: "error", message}`, as the awning, country and plan operations answer. */
export function isStatusError(value: unknown): value is Schemas['StatusError'] {
  return isRecord(value) && value.status === 'error' && typeof value.message === 'string';
}
