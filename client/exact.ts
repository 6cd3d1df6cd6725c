// Exact request bodies. openapi-fetch infers a call's `init` as a type
// parameter, so TypeScript never checks it for excess properties: a body with
// `limt` for `limit` compiles and the backend silently ignores the field (the
// spec says it ignores unknown fields, truthfully). The client's POST takes
// the same arguments, but every key of the body, at any depth, must be one the
// operation's schema names. Types only: nothing here runs.
import type { Client, ClientPathsWithMethod, FetchResponse, MaybeOptionalInit } from 'openapi-fetch';

declare const unknownField: unique symbol;
/**
 * The type a key the schema does not name must have: no value has it, and its
 * name carries the key, so the compiler's error names the typo
 * ("Type 'number' is not assignable to type 'NotAField<"limt">'") where a bare
 * `never` would not.
 */
export interface NotAField<Key extends PropertyKey> {
  readonly [unknownField]: Key;
}

// "The schema names no field": exactly `unknown` (what openapi-typescript makes of a body
// without a schema) or the empty object type (`Record<never, never>`, i.e. `{}`). Compared by identity, not by `unknown extends S`: without
// strictNullChecks `unknown` is assignable to every object type whose properties are all
// optional ({keyword?, page?, limit?}), which would take such a body for one that names nothing.
type Same<A, B> = (<G>() => G extends A ? 1 : 2) extends <G>() => G extends B ? 1 : 2 ? true : false;
type NamesNoField<S> = Same<S, unknown> extends true ? true : Same<S, Record<never, never>>;

/**
 * `T` with every key that `Shape` does not name, at any depth, turned into
 * `NotAField<key>`: `T` is assignable to `Exact<T, Shape>` only when it has no
 * such key. Against a union, `T` must be exact for one of its members.
 */
export type Exact<T, Shape> = 0 extends 1 & Shape
  ? T // any
  : NamesNoField<Shape> extends true
    ? T
    : ExactKnown<T, Shape>;

type ExactKnown<T, Shape> = T extends readonly unknown[]
  ? ExactArray<T, Extract<Shape, readonly unknown[]>>
  : T extends object
    ? ExactObject<T, Exclude<Extract<Shape, object>, readonly unknown[]>>
    : T;

// No object member in Shape: leave T to the ordinary assignability check, which refuses it.
// A key whose type is `never` (the `Record<string, never>` of an empty object's schema) is no field either.
type ExactObject<T, S> = [S] extends [never]
  ? T
  : S extends unknown
    ? { [K in keyof T]: K extends keyof S ? ([S[K]] extends [never] ? NotAField<K> : Exact<T[K], S[K]>) : NotAField<K> }
    : never;

// A homomorphic mapped type over an array or tuple maps its elements and stays an array.
type ExactArray<T, S> = [S] extends [never]
  ? T
  : S extends readonly (infer E)[]
    ? { [K in keyof T]: Exact<T[K], E> }
    : never;

// An operation that names no field of its body: every key of a body sent to it is NotAField.
type NoFields<T> = T extends object ? { [K in keyof T]: NotAField<K> } : Record<string, never>;

/**
 * `Op` with an empty object's body schema (`Record<string, never>`) taken as one
 * that names no field (`{}`). Its `never` would make a body with a key fail
 * openapi-fetch's constraint on `init`; TypeScript then checks the argument
 * against the constraint itself, whose error ("not assignable to type 'never'")
 * does not name the key. With `{}` there, ExactInit refuses the key by name.
 */
export type OpenEmptyBody<Op> = Op extends { requestBody?: infer R }
  ? R extends { content: { 'application/json': infer B } }
    ? Same<B, Record<string, never>> extends true
      ? Omit<Op, 'requestBody'> & {
          requestBody?: Omit<R, 'content'> & { content: { 'application/json': Record<never, never> } };
        }
      : Op
    : Op
  : Op;

/** The JSON body an operation takes, `never` when it takes none. */
export type RequestBodyOf<Op> = Op extends { requestBody?: infer R }
  ? R extends { content: { 'application/json': infer B } }
    ? B
    : never
  : never;

// The body's exactness, as a second member of the init's intersection: TypeScript infers
// `Init` from the argument as openapi-fetch does, then checks the argument against both.
// An operation without a body ignores any JSON sent (its schema is `unknown`): it names no
// field, so the exact body there is `{}`.
type ExactInit<Init, Op> = Init extends { body?: infer B }
  ? { body?: NamesNoField<RequestBodyOf<Op>> extends true ? NoFields<B> : Exact<B, RequestBodyOf<Op>> }
  : unknown;

// A key is required when the empty object lacks it.
type RequiredKeysOf<T> = { [K in keyof T]-?: Record<never, never> extends Pick<T, K> ? never : K }[keyof T];
// As openapi-fetch's InitParam: the init may be left out when nothing in it is required.
type InitParam<Init> = [RequiredKeysOf<Init>] extends [never] ? [Init?] : [Init];

type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';
// The operation of a path item's method, constrained as openapi-fetch's FetchResponse wants it.
type OpOf<PathItem, M extends HttpMethod> = PathItem extends {
  [K in M]: infer Op extends Record<string | number, unknown>;
}
  ? Op
  : never;
type Media = `${string}/${string}`;

/** openapi-fetch's POST, with exact bodies. */
export type ExactPost<Paths extends {}> = <
  Path extends ClientPathsWithMethod<Client<Paths>, 'post'>,
  Init extends MaybeOptionalInit<Paths[Path], 'post' & keyof Paths[Path]>,
>(
  url: Path,
  ...init: InitParam<Init & ExactInit<Init, OpOf<Paths[Path], 'post'>>>
) => Promise<FetchResponse<OpOf<Paths[Path], 'post'>, Init, Media>>;

/** openapi-fetch's request(method, url, init), with exact bodies. */
export type ExactRequest<Paths extends {}> = <
  M extends HttpMethod,
  Path extends ClientPathsWithMethod<Client<Paths>, M>,
  Init extends MaybeOptionalInit<Paths[Path], M & keyof Paths[Path]>,
>(
  method: M,
  url: Path,
  ...init: InitParam<Init & ExactInit<Init, OpOf<Paths[Path], M>>>
) => Promise<FetchResponse<OpOf<Paths[Path], M>, Init, Media>>;
