import { Body, Controller, Get, Inject, Post, Req } from '@nestjs/common';
import { contactMessageSchema, type ContactReply, type PricingInfo } from '@seyirlik/shared-contracts';
import type { HttpRequest } from '../platform/http/http-types';
import { OptionalViewer, sessionMeta, type Viewer } from '../accounts';
import type { AppConfig } from '../platform/config/config';
import { APP_CONFIG } from '../platform/config/config.tokens';
import { parseInput } from '../platform/http/app-exception';
import { ContactService } from './contact.service';

/** The support pages' JSON API: the contact form (visitors and members) and the price list. */
@Controller('api')
export class SupportController {
  constructor(
    private readonly contact: ContactService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** 201 with the Turkish confirmation; 400 with the form's first problem; 429 when the address sent too many. */
  @Post('contact')
  async send(@OptionalViewer() viewer: Viewer | null, @Body() body: unknown, @Req() request: HttpRequest): Promise<ContactReply> {
    return { message: await this.contact.send(parseInput(contactMessageSchema, body ?? {}), viewer, sessionMeta(request).ip) };
  }

  /** The plans and amounts of PRICING_PLANS (validated at start). */
  @Get('pricing')
  pricing(): PricingInfo {
    return this.config.pricing;
  }
}
