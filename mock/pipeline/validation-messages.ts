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
      // A field's map (custom_field) counts as Laravel counts an array: `max:` items.
      if (field !== 'body') return `The ${name} field must not have more than ${String(p.limit)} items.`;
      return p.limit === 0 ? 'This operation takes no body fields.' : 'The request body has too many fields.';
    case 'maxItems':
      return `The ${name} field must not have more than ${String(p.limit)} items.`;
    default:
      return `The ${name} field is invalid.`;
  }
}

const IN_BRANCH = /\/(oneOf|anyOf)\/\d+\//;

/**
 * A failed oneOf/anyOf: the errors of the one branch whose type the value has
 * (custom_field's map with too many keys, not its empty-array branch), which
 * name the bound it broke; the union's own error when no branch or several fit.
 */
function explained(union: ErrorObject, errors: readonly ErrorObject[]): ErrorObject[] {
  const prefix = `${union.schemaPath}/`;
  const branches = new Map<string, ErrorObject[]>();
  for (const e of errors) {
    if (!e.schemaPath.startsWith(prefix)) continue;
    const branch = e.schemaPath.slice(prefix.length).split('/')[0]!;
    branches.set(branch, [...(branches.get(branch) ?? []), e]);
  }
  const fitting = [...branches.values()].filter(
    (list) => !list.some((e) => e.keyword === 'type' && e.instancePath === union.instancePath),
  );
  return fitting.length === 1 ? fitting[0]! : [union];
}

/** Per-field messages, first error of each field first. */
export function validationErrors(errors: readonly ErrorObject[]): Record<string, string[]> {
  // Errors inside a oneOf branch explain the branch, not the field; the oneOf error itself does,
  // unless one branch fits the value's type (explained()).
  const top = errors
    .filter((e) => !IN_BRANCH.test(e.schemaPath))
    .flatMap((e) => (e.keyword === 'oneOf' || e.keyword === 'anyOf' ? explained(e, errors) : [e]));
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
