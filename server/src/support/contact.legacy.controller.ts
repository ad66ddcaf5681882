import { Controller, type OnModuleInit } from '@nestjs/common';
import { contactMessageSchema } from '@seyirlik/shared-contracts';
import { sessionMeta } from '../accounts';
import { LegacyCallRegistry } from '../platform/http/legacy-call.registry';
import { ContactService } from './contact.service';

/**
 * The seed's contact call (§7): `/send/contact` (recaptcha_response_field, name, email, subject,
 * message), open to visitors → `message`. A missing field answers 'Lütfen tüm alanları doldurunuz.'
 */
@Controller()
export class ContactLegacyController implements OnModuleInit {
  constructor(
    private readonly contact: ContactService,
    private readonly legacy: LegacyCallRegistry,
  ) {}

  onModuleInit(): void {
    this.legacy.register({
      path: '/send/contact',
      login: false,
      schema: contactMessageSchema,
      handle: async (contact, { viewer, request }) => ({ message: await this.contact.send(contact, viewer, sessionMeta(request).ip) }),
    });
  }
}
