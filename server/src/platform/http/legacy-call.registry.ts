import { HttpStatus, Injectable } from '@nestjs/common';
import {
  LEGACY_PATHS,
  MESSAGES,
  ajaxServiceRequestSchema,
  legacyFieldsOf,
  type LegacyEnvelope,
} from '@seyirlik/shared-contracts';
import type { preValidationHookHandler } from 'fastify';
import type { z } from 'zod';
import { AppException, parseInput } from './app-exception';
import { legacyLoginRequiredReply } from './error-reply';
import { type HttpReply, type HttpRequest, pathOf } from './http-types';
import { sessionTokenOf } from './session-cookie';

/** The fields of a legacy reply besides `success` (for example `theme`, `link`, `status`); `success` may be set to false. */
export type LegacyReplyFields = Record<string, unknown>;

/** The member behind a request (the accounts feature sets `request.viewer`). */
type Member = NonNullable<HttpRequest['viewer']>;

/** What a handler gets beside its parsed input: the member (always there when the call requires a login), the request and the response. */
export interface LegacyCallContext<Login extends boolean> {
  viewer: Login extends true ? Member : Member | null;
  request: HttpRequest;
  response: HttpReply;
}

/** One feature's share of a path several features answer (§7 multiplexes `/set/action`, `/set/report`, `/{type}/delete/post`). */
export interface LegacyBranch {
  /** The branch's name in the seed's table (`comment`, `flow`, `group`). */
  name: string;
  /** The field that selects the branch: a body field, or the path's segment when the path names it (`{type}`). */
  field: string;
  /** The values of that field this branch answers, as text; a missing field reads as ''. */
  values: readonly string[];
  /** Also answers the values no branch claims, so its own schema says what is wrong with them. */
  answersUnclaimed?: boolean;
}

interface LegacyCallBase<S extends z.ZodType, Login extends boolean> {
  /** Visitors get the session flag (`{ success: false, session: true, message }`) and nothing runs. */
  login: Login;
  /** Reads the whole body; the first problem's Turkish message is the answer (see parseInput). */
  schema: S;
  /** Does the call; answers the reply's fields, to which `success: true` is added. */
  handle(input: z.output<S>, context: LegacyCallContext<Login>): Promise<LegacyReplyFields>;
}

/**
 * The direct way of a hot `/ajax/service` call (a chat message, a chat poll), answered by
 * `directFront` before the Nest pipeline: it gets the parsed input and the session cookie's token
 * (never absent) and resolves the member inside its own statement. It answers the reply's fields
 * when everything went through, or null for anything else (no such session, a refusal of any kind);
 * then, as when it throws, the call goes the full way, which says what was wrong, exactly as
 * without it. So it must change nothing unless it answers.
 */
export type DirectLegacyHandler<S extends z.ZodType> = (input: z.output<S>, sessionToken: string) => Promise<LegacyReplyFields | null>;

/** A legacy call: an `/ajax/service` `type`, or a path as the seed writes it (with its branch when the path is shared). */
export type LegacyCall<S extends z.ZodType, Login extends boolean> = LegacyCallBase<S, Login> &
  ({ type: string; direct?: Login extends true ? DirectLegacyHandler<S> : never } | { path: string; branch?: LegacyBranch });

/** A registered call as the seed's table names it (see SEED_LEGACY_CALLS). */
export interface RegisteredLegacyCall {
  surface: 'ajax' | 'path';
  call: string;
  branch?: string;
}

type AnyCall = LegacyCallBase<z.ZodType, boolean> & { direct?: DirectLegacyHandler<z.ZodType> };
interface PathEntry {
  call: AnyCall;
  branch?: LegacyBranch;
}

const AJAX_SERVICE = '/ajax/service';
const ROUTED_PATHS = new Set(LEGACY_PATHS);

/** A legacy path as the router takes it: the seed's `{type}` is `:type`. */
export const legacyRouteOf = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');
const seedPathOf = (route: string): string => route.replace(/:(\w+)/g, '{$1}');

/** A discriminator's value as text: a number as its digits, nothing as ''; a list or an object claims nothing. */
function discriminatorText(value: unknown): string | undefined {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/**
 * Both legacy surfaces of §7 in one place: the `/ajax/service` types and the POST paths. Each
 * feature registers its calls from its legacy controller's onModuleInit (path or type, branch of a
 * shared path, whether a login is required, schema, handler); LegacyCallController routes every
 * legacy path here. This registry picks the call, answers a visitor the session flag, parses the
 * body and adds the envelope; errors are answered by HttpErrorFilter in the legacy shape.
 */
@Injectable()
export class LegacyCallRegistry {
  private readonly types = new Map<string, AnyCall>();
  private readonly paths = new Map<string, PathEntry[]>();

  register<S extends z.ZodType, Login extends boolean>(call: LegacyCall<S, Login>): void {
    const entry = call as unknown as AnyCall & { type?: string; path?: string; branch?: LegacyBranch };
    if (entry.type !== undefined) {
      if (this.types.has(entry.type)) throw new Error(`ajax/service type "${entry.type}" is registered twice`);
      this.types.set(entry.type, entry);
      return;
    }
    const path = entry.path!;
    if (!ROUTED_PATHS.has(path)) throw new Error(`legacy path "${path}" is not routed: list it in SEED_LEGACY_CALLS or LEGACY_PATHS_BEYOND_SEED`);
    const entries = this.paths.get(path) ?? [];
    const branch = entry.branch;
    if (entries.length > 0) {
      const clash = entries.find(
        (other) =>
          !branch ||
          !other.branch ||
          other.branch.field !== branch.field ||
          other.branch.values.some((value) => branch.values.includes(value)) ||
          (other.branch.answersUnclaimed && branch.answersUnclaimed),
      );
      if (clash) throw new Error(`legacy path "${path}": branch "${branch?.name ?? ''}" overlaps "${clash.branch?.name ?? ''}"`);
    }
    this.paths.set(path, [...entries, { call: entry, branch }]);
  }

  /** Every registered `/ajax/service` type, in the order the features registered them. */
  ajaxTypes(): string[] {
    return [...this.types.keys()];
  }

  /** Every registered call, named as in the seed's table. */
  calls(): RegisteredLegacyCall[] {
    return [
      ...this.ajaxTypes().map((call): RegisteredLegacyCall => ({ surface: 'ajax', call })),
      ...[...this.paths].flatMap(([call, entries]) =>
        entries.map(({ branch }): RegisteredLegacyCall => ({ surface: 'path', call, ...(branch ? { branch: branch.name } : {}) })),
      ),
    ];
  }

  /**
   * Answers the `/ajax/service` calls that have a direct way (see DirectLegacyHandler) before the
   * Nest pipeline; installed after the origin check and body parsing, so those apply as to every
   * call. Anything it does not answer goes on untouched.
   */
  directFront(): preValidationHookHandler {
    return (request, response, done) => {
      if (request.method !== 'POST' || pathOf(request) !== AJAX_SERVICE) return done();
      const fields = legacyFieldsOf(request.body);
      const call = typeof fields.type === 'string' ? this.types.get(fields.type) : undefined;
      const token = call?.direct ? sessionTokenOf(request.headers.cookie) : undefined;
      if (!call?.direct || token === undefined) return done();
      const parsed = call.schema.safeParse(request.body);
      if (!parsed.success) return done();
      call.direct(parsed.data, token).then(
        (fields) => {
          if (fields === null) return done();
          const reply: LegacyEnvelope = { success: true, ...fields };
          void response.code(200).send(reply);
        },
        // The full way runs the call again and answers its error as every other call's.
        () => done(),
      );
    };
  }

  /** Answers a request to a legacy path (`request.routeOptions.url` is the route it matched). */
  async answer(request: HttpRequest, response: HttpReply): Promise<LegacyEnvelope> {
    const path = seedPathOf(request.routeOptions.url ?? pathOf(request));
    const call = path === AJAX_SERVICE ? this.ajaxCall(request.body) : this.pathCall(path, request);
    if (call.login && !request.viewer) return legacyLoginRequiredReply();
    const input = parseInput(call.schema, request.body);
    return { success: true, ...(await call.handle(input, { viewer: request.viewer ?? null, request, response })) };
  }

  private ajaxCall(body: unknown): AnyCall {
    const fields = legacyFieldsOf(body);
    if (fields.type === undefined || fields.type === '') throw new AppException(HttpStatus.BAD_REQUEST, MESSAGES.missingServiceType);
    const parsed = ajaxServiceRequestSchema.safeParse(fields);
    const call = parsed.success ? this.types.get(parsed.data.type) : undefined;
    if (!call) throw new AppException(HttpStatus.BAD_REQUEST, MESSAGES.unknownServiceType);
    return call;
  }

  /** The path's call, or on a shared path the branch its field selects; none is a 404, as an unknown path. */
  private pathCall(path: string, request: HttpRequest): AnyCall {
    const entries = this.paths.get(path) ?? [];
    const field = entries[0]?.branch?.field;
    if (field === undefined) {
      if (entries[0]) return entries[0].call;
      throw new AppException(HttpStatus.NOT_FOUND, MESSAGES.notFound);
    }
    const raw = path.includes(`{${field}}`) ? (request.params as Record<string, unknown>)[field] : legacyFieldsOf(request.body)[field];
    const value = discriminatorText(raw);
    const chosen =
      entries.find((entry) => value !== undefined && entry.branch!.values.includes(value)) ?? entries.find((entry) => entry.branch!.answersUnclaimed);
    if (!chosen) throw new AppException(HttpStatus.NOT_FOUND, MESSAGES.notFound);
    return chosen.call;
  }
}
