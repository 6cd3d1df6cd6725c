// Which fields of a client an update can be read back by: the string fields of
// client/update's request that client/list's records give back, read from the
// spec (a field added to both is written and compared with no change here).
import type { JsonSchema, LoadedSpec } from '../../spec/load.js';
import { declaredTypes, foldAllOf } from '../../spec/schema.js';

export interface ClientField {
  name: string;
  /** The update request requires it (name, surname, email): always sent as listed. */
  required: boolean;
  /** A listing may give it as null, and the update request takes null there too. */
  nullable: boolean;
  maxLength?: number;
}

const propertiesOf = (s: JsonSchema | undefined) =>
  (foldAllOf(s).properties as Record<string, JsonSchema> | undefined) ?? {};

/** The properties of one client as client/list lists it (its page's `data` items). */
function listedClient(spec: LoadedSpec): Record<string, JsonSchema> {
  const page = propertiesOf(spec.byId.get('listClients')?.responses['200']?.schema).data;
  const items = propertiesOf(page).data?.items as JsonSchema | undefined;
  return propertiesOf(items);
}

const cache = new WeakMap<LoadedSpec, ClientField[]>();

export function updatableStrings(spec: LoadedSpec): ClientField[] {
  const known = cache.get(spec);
  if (known) return known;
  const request = foldAllOf(spec.byId.get('updateClient')?.requestBody?.schema);
  const required = new Set((request.required as string[] | undefined) ?? []);
  const listed = listedClient(spec);
  const fields: ClientField[] = [];
  for (const [name, schema] of Object.entries(propertiesOf(request))) {
    const types = declaredTypes(foldAllOf(schema));
    // Text only: end_client_known also takes "1"/"0", but it is a flag, flipped on its own.
    if (!types?.has('string') || [...types].some((x) => x !== 'string' && x !== 'null') || !(name in listed)) continue;
    const max = foldAllOf(schema).maxLength;
    fields.push({
      name,
      required: required.has(name),
      nullable: types.has('null'),
      ...(typeof max === 'number' ? { maxLength: max } : {}),
    });
  }
  cache.set(spec, fields);
  return fields;
}

/** Another value of the same length and characters where it can be (a deployment's column may be narrow):
 *  the text reversed, else one character more. */
export function otherText(value: string, maxLength = 255): string {
  const reversed = [...value].reverse().join('');
  if (reversed !== value) return reversed;
  if (value.length < maxLength) return `${value}Q`;
  return `${value.startsWith('Q') ? 'R' : 'Q'}${value.slice(1)}`;
}
