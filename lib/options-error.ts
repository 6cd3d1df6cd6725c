// Options a library cannot take: each library (the mock, the contract suite,
// the proxy) checks its own and throws one typed error, with a stable code, in
// its own words (Fastify's FST_ERR_INIT_OPTS_INVALID). The message names each
// option as the library calls it; a CLI words it again with its flags
// (cli/kit/option-names.ts), so neither needs the other's vocabulary.
import { ORIGIN_RULE, parseOrigin } from './origins.js';
import { isSecretName } from './secret-names.js';

/** How an option is named in a message: as is for the library, `--cors-origin` for a CLI. */
export type Naming = (option: string) => string;

export class OptionsError extends Error {
  readonly code: string;
  /** The options the message names, as the library calls them (`clients`, `rateLimit.max`, `corsOrigins[1]`). */
  readonly options: readonly string[];
  readonly #words: (name: Naming) => string;

  /** `words` builds the message, naming every option through `name`. */
  constructor(code: string, words: (name: Naming) => string) {
    const named: string[] = [];
    super(
      words((option) => {
        named.push(option);
        return option;
      }),
    );
    this.name = new.target.name;
    this.code = code;
    this.options = named;
    this.#words = words;
  }

  /** The message with each option named another way (a CLI's flags). */
  wordedAs(name: Naming): string {
    return this.#words(name);
  }
}

/** What a rule says of a value it refuses (`must be a whole number from 1 to 10`), undefined when it takes it. */
export type Rule = (value: unknown) => string | undefined;

export const wholeNumber =
  (min: number, max = Number.MAX_SAFE_INTEGER): Rule =>
  (v) =>
    Number.isSafeInteger(v) && (v as number) >= min && (v as number) <= max
      ? undefined
      : max === Number.MAX_SAFE_INTEGER
        ? `must be a whole number of ${min} or more`
        : `must be a whole number from ${min} to ${max}`;

/** A whole-number rule for each option of a table of ranges (`{ clients: [1, 1_000_000] }`). */
export function rangeRules(limits: Record<string, readonly [number, number]>): Record<string, Rule> {
  return Object.fromEntries(Object.entries(limits).map(([name, [min, max]]) => [name, wholeNumber(min, max)]));
}

export const numberIn =
  (min: number, max: number): Rule =>
  (v) =>
    typeof v === 'number' && v >= min && v <= max ? undefined : `must be a number from ${min} to ${max}`;

export const text: Rule = (v) => (typeof v === 'string' && v.trim() !== '' ? undefined : 'must be a non-empty string');
export const anyText: Rule = (v) => (typeof v === 'string' ? undefined : 'must be a string');
export const boolean: Rule = (v) => (typeof v === 'boolean' ? undefined : 'must be true or false');
export const fn: Rule = (v) => (typeof v === 'function' ? undefined : 'must be a function');
export const object: Rule = (v) =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? undefined : 'must be an object';
export const list: Rule = (v) => (Array.isArray(v) ? undefined : 'must be an array');

/** A value as a message shows it: a secret option's never (its name says it is one). */
export function shown(option: string, value: unknown): string {
  const last =
    option
      .replace(/\[\d+\]$/, '')
      .split('.')
      .at(-1) ?? option;
  if (isSecretName(last)) return 'the value given';
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 80 ? `${json.slice(0, 77)}...` : json;
}

/** The value at a path such as `rateLimit.max` (undefined when any step is missing). */
export function valueAt(options: object, path: string): unknown {
  let v: unknown = options;
  for (const key of path.split('.'))
    v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
  return v;
}

/**
 * Applies the rules to the options given (an absent one is not checked: it
 * takes its default), throwing `make`'s error for the first refused, as
 * `<option> <what the rule says>, not <value>`. A path ending in `[]` applies
 * its rule to each item of the array there (`corsOrigins[1] must be ...`).
 */
export function checkRules(
  options: object,
  rules: Readonly<Record<string, Rule>>,
  make: (words: (name: Naming) => string) => OptionsError,
): void {
  for (const [path, rule] of Object.entries(rules)) {
    const each = path.endsWith('[]');
    const v = valueAt(options, each ? path.slice(0, -2) : path);
    const items: Array<[string, unknown]> = !each
      ? [[path, v]]
      : Array.isArray(v)
        ? v.map((x, i) => [`${path.slice(0, -2)}[${i}]`, x])
        : [];
    for (const [at, x] of items) {
      const why = x === undefined && !each ? undefined : rule(x);
      if (why) throw make((name) => `${name(at)} ${why}, not ${shown(at, x)}`);
    }
  }
}

/** The rule of an extra browser origin (lib/origins.ts). */
export const origin: Rule = (v) => (typeof v === 'string' && parseOrigin(v) ? undefined : `must be ${ORIGIN_RULE}`);
