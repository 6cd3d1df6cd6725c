// Ajv's errors, in Laravel's words: `The client id field is required.`, keyed
// by field, as a Laravel backend of this kind reports validation failures.
import type { ErrorObject } from 'ajv';

const TYPE_WORDS: Record<string, string> = {
  integer: 'an integer',
  number: 'a number',
  string: 'a string',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

function fieldOf(e: ErrorObject): string {
  const path = e.instancePath.split('/').slice(1).join('.');
  if (e.keyword === 'required')
    return [path, (e.params as { missingProperty: string }).missingProperty].filter(Boolean).join('.');
  return path;
}

function messageOf(e: ErrorObject, field: string): string {
  const name = field.replace(/_/g, ' ');
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return `The ${name} field is required.`;
    case 'type': {
      const types = String(p.type)
        .split(',')
        .map((t) => TYPE_WORDS[t] ?? t);
      return `The ${name} field must be ${types.join(' or ')}.`;
    }
    case 'enum':
    case 'const':
      return `The selected ${name} is invalid.`;
    case 'format':
      return p.format === 'email'
        ? `The ${name} field must be a valid email address.`
        : `The ${name} field must be a valid ${String(p.format)}.`;
    case 'minimum':
      return `The ${name} field must be at least ${String(p.limit)}.`;
    case 'maximum':
      return `The ${name} field must not be greater than ${String(p.limit)}.`;
    case 'minLength':
      return `The ${name} field must be at least ${String(p.limit)} characters.`;
    case 'maxLength':
      return `The ${name} field must not be greater than ${String(p.limit)} characters.`;
    case 'maxProperties':
      return p.limit === 0 ? 'This operation takes no body fields.' : 'The request body has too many fields.';
    case 'maxItems':
      return `The ${name} field must not have more than ${String(p.limit)} items.`;
    default:
      return `The ${name} field is invalid.`;
  }
}

/** Per-field messages, first error of each field first. */
export function validationErrors(errors: readonly ErrorObject[]): Record<string, string[]> {
  // Errors inside a oneOf branch explain the branch, not the field; the oneOf error itself does.
  const top = errors.filter((e) => !/\/(oneOf|anyOf)\/\d+\//.test(e.schemaPath));
  const out: Record<string, string[]> = {};
  for (const e of top.length ? top : errors) {
    const field = fieldOf(e);
    const key = field || 'body';
    const message = field
      ? messageOf(e, field)
      : e.keyword === 'type'
        ? 'The request body must be a JSON object.'
        : messageOf(e, 'body');
    out[key] ??= [];
    const list = out[key];
    if (!list.includes(message)) list.push(message);
  }
  return out;
}
