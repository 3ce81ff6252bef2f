import type { AppDeps } from '@bff/app-deps.ts';
import type { CurrentUser } from '@bff/auth/current-user.ts';
import {
  assertLocationInScope,
  assertLocationsInScope,
  assertLocationUsable,
} from '@bff/auth/location-scope.ts';
import {
  assertAllowed,
  refuseAnotherPerson,
  refuseUntilPasswordChanged,
  resolveCurrentUser,
} from '@bff/auth/session-access.ts';
import { sessionCookieName } from '@bff/auth/session-cookie.ts';
import { isHttps } from '@bff/http/request-origin.ts';
import type { Db } from '@db/client.ts';
import { AccessChangedError } from '@db/use-cases/access-changed.ts';
import {
  bodyLimitOf,
  type EndpointInput,
  type EndpointReturn,
  type EndpointSpec,
  endpointKey,
  PAGE_USER_HEADER,
  possibleErrors,
  type ScopeRule,
} from '@engine/endpoints/endpoint.ts';
import { sessionEndpoints } from '@engine/endpoints/session-endpoints.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { type Cookie, Elysia } from 'elysia';
import { readJsonBody } from './bounded-json-body.ts';
import { mergeBracketedLists, refuseLookalikeKeys } from './bracketed-query.ts';
import { EncodedJson, type NotModified } from './encode-json-response.ts';
import type { ReportGate } from './report-gate.ts';

/** What a handler may touch besides its validated input: the user, the response's status and headers, cookies. */
export interface HandlerContext<E extends EndpointSpec> extends EndpointInput<E> {
  user: E['access'] extends 'public' ? CurrentUser | null : CurrentUser;
  set: { status?: number | string; headers: Record<string, string | number> };
  cookie: Record<string, Cookie<unknown>>;
  request: Request;
  /** The peer address of the connection (before any proxy header), or null. */
  peerAddress: string | null;
  /** When the route began on the request (performance.now()): what it has waited so far counts against a queue's bound. */
  receivedAt: number;
}

/** A handler's answer: its declared value, or the same already written as JSON, or a 304. */
type HandlerAnswer<E extends EndpointSpec> = EndpointReturn<E> | EncodedJson<EndpointReturn<E>> | NotModified;

export type EndpointHandler<E extends EndpointSpec> = (
  context: HandlerContext<E>,
) => HandlerAnswer<E> | Promise<HandlerAnswer<E>>;

/**
 * Finds the location of a record named in a route's params (an order), or null when it does not exist.
 * Kept here, beside the scope check, so every record-addressed route answers the same 404.
 */
export type RecordLocationFinder = (db: Db, id: number) => Promise<number | null>;

export interface ApiRoutesOptions {
  /** Check every JSON answer against its schema and every error code against the declaration (tests, dev). */
  checkContracts: boolean;
  recordLocations: Partial<Record<Extract<ScopeRule, { kind: 'record' }>['record'], RecordLocationFinder>>;
  recordNotFound: (record: string) => AppError;
  /**
   * The one line every `slowAnswer` route (the reports) waits in on this server instance: a few run at once,
   * a few wait, the rest answer 429 with Retry-After (see http/report-gate.ts).
   */
  slowAnswerGate: ReportGate;
}

/** The user the auth step put on the request's own context (never on shared state). */
interface RequestUser {
  user?: CurrentUser | null;
}

type AccessContext = {
  cookie: Record<string, Cookie<unknown>>;
  request: Request;
  /** When the route began on the request (performance.now()), before its access, body and scope. */
  receivedAt?: number;
  accessChecked?: boolean;
  /** The user's access was remembered from an earlier request (decision 063), not read for this one. */
  accessRemembered?: boolean;
} & RequestUser;

export interface RouteOptions {
  /**
   * The handler's write confirms the access it was admitted on (`user.accessEpoch`, decision 063), so the route
   * may admit on access read moments ago for the same session instead of reading it for every request.
   */
  accessConfirmedByWrite?: boolean;
}

/** Reads of a session's access for one request whose write keeps finding it changed, before writing unconfirmed. */
const MAX_ACCESS_READS = 3;

/** Reads a validated part of the request by its declared name. */
function part(context: Record<string, unknown>, where: 'params' | 'query' | 'body'): Record<string, unknown> {
  return (context[where] ?? {}) as Record<string, unknown>;
}

function schemaHasField(endpoint: EndpointSpec, where: 'params' | 'query' | 'body', field: string): boolean {
  const schema = endpoint[where] as { shape?: Record<string, unknown> } | undefined;
  return schema?.shape !== undefined && field in schema.shape;
}

/** A declaration whose scope names a field its schema lacks is a programming error: refuse to start. */
function assertScopeDeclared(endpoint: EndpointSpec): void {
  const scope = endpoint.scope;
  if (scope.kind === 'location' && !schemaHasField(endpoint, scope.in, scope.field)) {
    throw new Error(`${endpointKey(endpoint)}: scope field ${scope.in}.${scope.field} is not in its schema`);
  }
  if (
    scope.kind === 'locations' &&
    !(schemaHasField(endpoint, scope.in, scope.field) && schemaHasField(endpoint, scope.in, scope.district))
  ) {
    throw new Error(
      `${endpointKey(endpoint)}: scope fields ${scope.field}, ${scope.district} are not in its schema`,
    );
  }
  if (scope.kind === 'record' && !schemaHasField(endpoint, 'params', scope.field)) {
    throw new Error(`${endpointKey(endpoint)}: record field params.${scope.field} is not in its schema`);
  }
}

async function checkScope(
  deps: AppDeps,
  options: ApiRoutesOptions,
  endpoint: EndpointSpec,
  user: CurrentUser | null,
  context: Record<string, unknown>,
): Promise<void> {
  const scope = endpoint.scope;
  if (scope.kind === 'none' || scope.kind === 'filtered' || !user) return;
  if (scope.kind === 'location') {
    const locationId = part(context, scope.in)[scope.field];
    if (locationId === undefined || locationId === null) {
      if (scope.optional) return;
      throw AppError.validation(`${scope.field} is required`);
    }
    await assertLocationUsable(deps.db, user, Number(locationId));
    return;
  }
  if (scope.kind === 'locations') {
    const input = part(context, scope.in);
    const ids = input[scope.field];
    const district = input[scope.district];
    await assertLocationsInScope(deps.db, user, {
      locationIds: Array.isArray(ids) ? ids.map(Number) : [],
      districtId: district === undefined || district === null ? null : Number(district),
    });
    return;
  }
  const find = options.recordLocations[scope.record];
  if (!find) throw new Error(`No location finder for ${scope.record} records`);
  const locationId = await find(deps.db, Number(part(context, 'params')[scope.field]));
  if (locationId === null) throw options.recordNotFound(scope.record);
  try {
    assertLocationInScope(user, locationId);
  } catch (error) {
    // Outside the user's cafés the record answers exactly like a missing one.
    if (error instanceof AppError && error.code === 'forbidden') throw options.recordNotFound(scope.record);
    throw error;
  }
}

/**
 * Mounts endpoint declarations on Elysia: each becomes one route whose params, query, body and headers are
 * validated by Elysia with the declared zod schemas, whose access rule and location scope are checked
 * before the handler runs, and whose answer (in tests and development) is checked against its schema.
 * Handlers receive validated, typed input and the user; they never parse or check scope themselves.
 */
export class ApiRoutes {
  readonly app = new Elysia();

  constructor(
    private readonly deps: AppDeps,
    private readonly options: ApiRoutesOptions,
  ) {}

  on<const E extends EndpointSpec>(endpoint: E, handler: EndpointHandler<E>, route: RouteOptions = {}): this {
    assertScopeDeclared(endpoint);
    const { deps, options } = this;
    const declared = new Set(possibleErrors(endpoint));
    const responseSchema = typeof endpoint.response === 'string' ? null : endpoint.response;
    const bodyLimit = bodyLimitOf(endpoint);
    // The query's declared names, for telling a mistyped one from a key the route has no use for.
    const queryNames = Object.keys((endpoint.query as { shape?: object } | undefined)?.shape ?? {});
    const readUser = async (context: AccessContext, fresh: boolean): Promise<CurrentUser | null> => {
      const cookieValue = context.cookie[sessionCookieName(isHttps(context.request, deps.config))]?.value;
      const idleSeconds = deps.config.sessionIdleSeconds;
      if (!route.accessConfirmedByWrite) return resolveCurrentUser(deps.db, cookieValue, idleSeconds);
      const found = await deps.admittedAccess.resolve(deps.db, cookieValue, idleSeconds, fresh);
      context.accessRemembered = found.remembered;
      return found.user;
    };
    // Signing out ends the browser's session whoever the page was opened for.
    const writesAsPageUser = endpoint.method !== 'GET' && endpoint.path !== sessionEndpoints.signOut.path;
    const admit = (user: CurrentUser | null, context: AccessContext): void => {
      if (endpoint.access === 'public') return;
      if (!user) throw AppError.unauthorized();
      if (writesAsPageUser) refuseAnotherPerson(user, context.request.headers.get(PAGE_USER_HEADER));
      if (!endpoint.openDuringPasswordChange) refuseUntilPasswordChanged(user);
      assertAllowed(user, endpoint.access);
    };
    /** Access read for this request, replacing one remembered from an earlier request (decision 063). */
    const readAndAdmit = async (context: AccessContext): Promise<void> => {
      context.user = await readUser(context, true);
      admit(context.user, context);
    };
    const readAgain = async (context: AccessContext): Promise<void> => {
      await readAndAdmit(context);
      await checkScope(
        deps,
        options,
        endpoint,
        context.user ?? null,
        context as unknown as Record<string, unknown>,
      );
    };
    const checkAccess = async (context: AccessContext): Promise<void> => {
      context.receivedAt ??= performance.now();
      context.user = await readUser(context, false);
      context.accessChecked = true;
      try {
        admit(context.user, context);
      } catch (error) {
        // A refusal is decided on access read for this request, never on one remembered.
        if (!context.accessRemembered) throw error;
        await readAndAdmit(context);
      }
    };
    const checkScopeOf = async (context: AccessContext): Promise<void> => {
      try {
        await checkScope(
          deps,
          options,
          endpoint,
          context.user ?? null,
          context as unknown as Record<string, unknown>,
        );
      } catch (error) {
        if (!context.accessRemembered) throw error;
        await readAgain(context);
      }
    };

    this.app.route(
      endpoint.method,
      endpoint.path,
      async (context) => {
        const { params, query, body, headers, cookie, request, set, server } = context;
        const access = context as unknown as AccessContext;
        if (endpoint.status) set.status = endpoint.status;
        const run = (user: CurrentUser | null) =>
          handler({
            params,
            query,
            body,
            headers,
            user,
            set,
            cookie,
            request,
            // Looked up only by the routes that read it (sign-in): a native call on every request otherwise.
            get peerAddress() {
              return server?.requestIP(request)?.address ?? null;
            },
            receivedAt: access.receivedAt ?? performance.now(),
          } as unknown as HandlerContext<E>);
        const answer = async () => {
          for (let attempt = 1; ; attempt++) {
            try {
              return await run(access.user ?? null);
            } catch (error) {
              if (!(error instanceof AccessChangedError) || attempt > MAX_ACCESS_READS) throw error;
              // The access changed after it was read: read it again and decide as for any request. Should it
              // keep changing, the last try writes on access read for it, as every other route does.
              await readAgain(access);
              if (attempt >= MAX_ACCESS_READS && access.user) {
                const { accessEpoch: _unconfirmed, ...user } = access.user;
                access.user = user;
              }
            }
          }
        };
        try {
          // A slow answer waits its turn after its access and scope were checked, so a refused caller
          // never takes a place in line.
          if (!endpoint.slowAnswer) return await answer();
          return await options.slowAnswerGate.run(access.user?.id ?? null, answer, request.signal);
        } catch (error) {
          if (options.checkContracts && error instanceof AppError && !declared.has(error.code)) {
            // Development and tests only: the drift is named in the answer so the failing test shows it.
            const drift = `${endpointKey(endpoint)} answered ${error.code}, which its declaration does not list`;
            deps.logger.error(drift);
            throw new AppError('internal_error', drift);
          }
          throw error;
        }
      },
      {
        params: endpoint.params,
        query: endpoint.query,
        body: endpoint.body,
        headers: endpoint.headers,
        // A route with a body checks access before reading it, so a signed-out caller can make the server
        // read nothing; the body is then read within the route's limit and only then parsed as JSON.
        ...(endpoint.body
          ? {
              parse: async (context: AccessContext & { request: Request }) => {
                await checkAccess(context);
                return readJsonBody(context.request, bodyLimit);
              },
            }
          : {}),
        // Runs before validation, so a signed-out caller learns nothing about the input a route expects.
        transform: async (context: AccessContext & { query?: Record<string, unknown> }) => {
          if (endpoint.query) {
            mergeBracketedLists(context.query);
            refuseLookalikeKeys(context.query, queryNames);
          }
          if (!context.accessChecked) await checkAccess(context);
        },
        beforeHandle: (context: AccessContext) => checkScopeOf(context),
        afterHandle: ({ response }: { response: unknown }) => {
          if (!options.checkContracts || !responseSchema || response instanceof Response) return;
          const checked = responseSchema.safeParse(
            response instanceof EncodedJson ? JSON.parse(response.text) : response,
          );
          if (!checked.success) {
            const drift = `${endpointKey(endpoint)} answered outside its schema: ${checked.error.message}`;
            deps.logger.error(drift);
            throw new AppError('internal_error', drift);
          }
        },
        // biome-ignore lint/suspicious/noExplicitAny: the declaration's zod schemas are Elysia's Standard Schema.
      } as any,
    );
    return this;
  }
}
