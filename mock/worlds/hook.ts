// Which world a request is in, found once, at the start of its route: the
// operation routes' first hook (pipeline/routes.ts) and the world controls'
// (after the control guard) call enterWorld. A request that names none is in
// the default world at the cost of one header read and one property read.
import type { FastifyReply, FastifyRequest, onRouteHookHandler } from 'fastify';
import { CONTROL_PREFIX } from '../controls/guard.js';
import { HOW_TO_NAME_A_WORLD } from '../controls/messages.js';
import type { ErrorCatalogue } from '../errors.js';
import { isWorldName, prefixedName, shownName, WORLD_HEADER } from './names.js';
import type { World } from './world.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The world the request is in (set on operation routes and world controls; undefined elsewhere). */
    world?: World;
  }
}

type Done = (err?: Error) => void;

/**
 * The world a request names, checked: by its X-Mock-World header, its path
 * prefix, or (on a control, `withQuery`) its `?world=`; undefined when it
 * names none. Two different names, or one that is not a world's, throw a 400.
 */
export function requestedWorld(
  request: FastifyRequest,
  errors: ErrorCatalogue,
  withQuery: boolean,
): string | undefined {
  const asked: Array<[string, unknown]> = [
    ['The X-Mock-World header', request.headers[WORLD_HEADER]],
    ['The path prefix /worlds/NAME/', prefixedName(request.raw)],
    ['The query parameter world', withQuery ? (request.query as { world?: unknown } | undefined)?.world : undefined],
  ];
  let name: string | undefined;
  let by = '';
  for (const [where, value] of asked) {
    if (value === undefined) continue;
    if (!isWorldName(value))
      throw errors.MOCK_WORLD_NAME(
        `${where} names the world ${shownName(value)}; a world's name is letters, digits and -, 1 to 40 characters.`,
      );
    if (name !== undefined && name !== value)
      throw errors.MOCK_WORLD_NAME(
        `${by} and ${where.replace(/^The/, 'the')} name two worlds, ${shownName(name)} and ${shownName(value)}; name one.`,
      );
    name = value;
    by = where;
  }
  return name;
}

/**
 * A world control takes no query parameter but `world`: `?World=w3` or
 * `?world[]=w3` would otherwise act on the default world unnoticed.
 */
function refuseOtherQuery(request: FastifyRequest, errors: ErrorCatalogue): void {
  const other = Object.keys((request.query as object | undefined) ?? {}).filter((k) => k !== 'world');
  if (other.length)
    throw errors.MOCK_CONTROL(
      `This control takes no query parameter ${other.slice(0, 3).map(shownName).join(', ')}; ${HOW_TO_NAME_A_WORLD}.`,
    );
}

/** The live worlds and how to use one (made on first use): the registry's part worldEntry needs. */
export interface WorldSource {
  default: World;
  get(name: string): World | undefined;
  use(name: string): World | Promise<World>;
}

/**
 * What a world route runs first: request.world set (made on first use), and
 * with --state-file its writer's count. `refusal` says why a request may not
 * make a world that is not live yet (a page of another site), or undefined.
 */
export function worldEntry(
  worlds: WorldSource,
  errors: ErrorCatalogue,
  withQuery: boolean,
  refusal: (request: FastifyRequest) => string | undefined = () => undefined,
) {
  const defaultWorld = worlds.default;
  const enter = (request: FastifyRequest, reply: FastifyReply, world: World, done: Done) => {
    request.world = world;
    if (world.writer) request.stateSeq = world.writer.seq;
    if (world !== defaultWorld) {
      // A world with a request under way is not dropped (registry.ts): its answer may still change it.
      world.active++;
      reply.raw.once('close', () => world.active--);
    }
    done();
  };
  return (request: FastifyRequest, reply: FastifyReply, done: Done): void => {
    if (request.headers[WORLD_HEADER] === undefined && prefixedName(request.raw) === undefined && !withQuery) {
      request.world = defaultWorld;
      done();
      return;
    }
    let world: World | Promise<World>;
    try {
      if (withQuery) refuseOtherQuery(request, errors);
      const name = requestedWorld(request, errors, withQuery);
      if (name !== undefined && !worlds.get(name)) {
        const why = refusal(request);
        if (why) throw errors.MOCK_WORLD_REFUSED(name, why);
      }
      world = name === undefined ? defaultWorld : worlds.use(name);
    } catch (err) {
      done(err as Error);
      return;
    }
    if (world instanceof Promise) world.then((w) => enter(request, reply, w, done), done);
    else enter(request, reply, world, done);
  };
}

/** Controls that are not any one world's: the worlds themselves, the journal (it filters by world), the console's files. */
const WORLDLESS = new Set([
  `${CONTROL_PREFIX}/worlds`,
  `${CONTROL_PREFIX}/worlds/:name`,
  `${CONTROL_PREFIX}/requests`,
  `${CONTROL_PREFIX}/ui`,
  `${CONTROL_PREFIX}/ui/console.js`,
  `${CONTROL_PREFIX}/ui/journal-rows.js`,
  `${CONTROL_PREFIX}/ui/worlds.js`,
  `${CONTROL_PREFIX}/ui/console.css`,
]);

/** An onRoute hook putting world entry on every control route but the WORLDLESS ones; add it after the guard's. */
export function worldControlRoutes(entry: ReturnType<typeof worldEntry>): onRouteHookHandler {
  return (route) => {
    if (!route.url.startsWith(CONTROL_PREFIX) || WORLDLESS.has(route.url)) return;
    const own = route.onRequest;
    const hooks = Array.isArray(own) ? own : own ? [own] : [];
    // After the guard (first): a page of another site makes no world.
    route.onRequest = [...hooks.slice(0, 1), entry, ...hooks.slice(1)];
  };
}
