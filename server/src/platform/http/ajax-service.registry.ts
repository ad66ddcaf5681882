import { HttpStatus, Injectable } from '@nestjs/common';
import { MESSAGES, ajaxServiceRequestSchema } from '@seyirlik/shared-contracts';
import type { Request } from 'express';
import { AppException } from './app-exception';

/** The fields of a legacy reply besides `success` (for example `theme`, `link`, `status`). */
export type LegacyReplyFields = Record<string, unknown>;

/** Handles one `type` of `/ajax/service`: gets the whole body, answers the reply's fields. */
export type AjaxServiceHandler = (body: Record<string, unknown>, request: Request) => Promise<LegacyReplyFields>;

/**
 * `/ajax/service` selects its action by the body's `type` (§7). Each feature registers the types
 * it owns from its module's onModuleInit; the controller only dispatches.
 */
@Injectable()
export class AjaxServiceRegistry {
  private readonly handlers = new Map<string, AjaxServiceHandler>();

  register(type: string, handler: AjaxServiceHandler): void {
    if (this.handlers.has(type)) throw new Error(`ajax/service type "${type}" is registered twice`);
    this.handlers.set(type, handler);
  }

  /** Every registered type, in the order the features registered them. */
  types(): string[] {
    return [...this.handlers.keys()];
  }

  async dispatch(body: unknown, request: Request): Promise<LegacyReplyFields> {
    const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    if (fields.type === undefined || fields.type === '') {
      throw new AppException(HttpStatus.BAD_REQUEST, MESSAGES.missingServiceType);
    }
    const parsed = ajaxServiceRequestSchema.safeParse(fields);
    const handler = parsed.success ? this.handlers.get(parsed.data.type) : undefined;
    if (!handler) throw new AppException(HttpStatus.BAD_REQUEST, MESSAGES.unknownServiceType);
    return handler(fields, request);
  }
}
