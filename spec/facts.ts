// The spec's cross-cutting facts (platform values, rate limit, header names),
// read from the loaded document in one place so that the mock, the contract
// suite and the scripts cannot drift from spec/openapi.yaml or from each other.
import type { Coercions } from './coercion.js';
import type { LoadedSpec, RawNode } from './load.js';
import { type Situation, type SituationName, situationsOf } from './situations.js';

export interface RateLimitFact {
  requests: number;
  windowSeconds: number;
}

/** Header names in lower case, as Node hands them over and as the toolkit sends them. */
export interface HeaderNames {
  /** `components.parameters.Platform`: required on every request. */
  platform: string;
  /** `components.parameters.ApiKey`: the static shared key. */
  apiKey: string;
  /** The security scheme of type apiKey: the token in a header of its own. */
  token: string;
  /** The security scheme of type http (bearer): HTTP fixes its header. */
  authorization: string;
}

export interface SpecFacts {
  /** The values the platform header takes, in the spec's order. */
  platforms: readonly string[];
  /** What a client sends unless told otherwise: the Platform parameter's example. */
  defaultPlatform: string;
  /** From the spec's own `x-rate-limit` extension (the document states it in prose, section 8). */
  rateLimit: RateLimitFact;
  headers: HeaderNames;
  /** `x-platform-refusal.refused`: a missing or unknown platform header is refused (400); false, served as
   *  `defaultPlatform`. A spec without it refuses. */
  platformRefused: boolean;
  /** `x-numeric-strings.accepted`: an integer field of a request body takes a string of digits. A spec
   *  without it does not. */
  numericStrings: boolean;
  /** What a request body's scalar of another type is taken as (x-numeric-strings and x-type-coercion). */
  coercions: Coercions;
  /** `x-situations`: what a wrong password, an unknown or another company's id... are answered with. */
  situations: Record<SituationName, Situation>;
}

export class SpecFactError extends Error {
  constructor(what: string) {
    super(`the spec does not state ${what}`);
    this.name = 'SpecFactError';
  }
}

export function specFacts(spec: Pick<LoadedSpec, 'document'>): SpecFacts {
  const { document } = spec;
  const platform = headerParameter(document, 'Platform');
  const platforms = platform.schema?.enum;
  if (!Array.isArray(platforms) || platforms.length === 0 || !platforms.every((p) => typeof p === 'string'))
    throw new SpecFactError('the platform values (components.parameters.Platform schema enum)');
  const example = platform.example;
  return {
    platforms,
    defaultPlatform: typeof example === 'string' && platforms.includes(example) ? example : platforms[0]!,
    rateLimit: rateLimitOf(document),
    headers: {
      platform: platform.name.toLowerCase(),
      apiKey: headerParameter(document, 'ApiKey').name.toLowerCase(),
      token: tokenHeader(document),
      authorization: 'authorization',
    },
    platformRefused: choice(document, 'x-platform-refusal', 'refused', true),
    numericStrings: takesNumericStrings(spec),
    coercions: coercionsOf(spec),
    situations: situationsOf(document),
  };
}

/** x-numeric-strings: whether an integer field of a request body takes a string of digits (absent: no). */
export const takesNumericStrings = (spec: Pick<LoadedSpec, 'document'>): boolean =>
  choice(spec.document, 'x-numeric-strings', 'accepted', false);

/** x-type-coercion: the scalar coercions the spec says a backend applies to a request body (each absent: no). */
export const coercionsOf = (spec: Pick<LoadedSpec, 'document'>): Coercions => {
  const node = spec.document['x-type-coercion'];
  const coercion = (name: string) =>
    choice(node && typeof node === 'object' ? node : {}, name, 'accepted', false, `x-type-coercion/${name}`);
  return {
    numericStrings: takesNumericStrings(spec),
    numberAsString: coercion('number-as-string'),
    fractionAsInteger: coercion('fraction-as-integer'),
    booleanAsString: coercion('boolean-as-string'),
  };
};

/** A yes-or-no the spec makes in a root extension; absent, what the mock did before the spec said it. */
function choice(document: RawNode, node: string, key: string, absent: boolean, named = node): boolean {
  const value = document[node]?.[key];
  if (value === undefined) return absent;
  if (typeof value !== 'boolean') throw new SpecFactError(`${named}.${key} as true or false`);
  return value;
}

function headerParameter(document: RawNode, component: string): RawNode {
  const p = document.components?.parameters?.[component];
  if (p?.in !== 'header' || typeof p.name !== 'string')
    throw new SpecFactError(`a header parameter components.parameters.${component}`);
  return p;
}

function tokenHeader(document: RawNode): string {
  const schemes = Object.values<RawNode>(document.components?.securitySchemes ?? {});
  const scheme = schemes.find((s) => s.type === 'apiKey' && s.in === 'header' && typeof s.name === 'string');
  if (!scheme) throw new SpecFactError('a security scheme of type apiKey in a header');
  return scheme.name.toLowerCase();
}

function rateLimitOf(document: RawNode): RateLimitFact {
  const x = document['x-rate-limit'];
  const whole = (n: unknown): n is number => Number.isInteger(n) && (n as number) > 0;
  if (!whole(x?.requests) || !whole(x?.window_seconds))
    throw new SpecFactError('the rate limit (x-rate-limit with whole requests and window_seconds)');
  return { requests: x.requests, windowSeconds: x.window_seconds };
}
