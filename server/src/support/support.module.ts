import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContactMessageRow } from './contact-message.entity';
import { SupportController } from './support.controller';
import { ContactLegacyController } from './contact.legacy.controller';
import { ContactService } from './contact.service';

/** The support pages' server side: the contact form (stored, mailed to the operator) and the price list. */
@Module({
  imports: [TypeOrmModule.forFeature([ContactMessageRow])],
  controllers: [SupportController, ContactLegacyController],
  providers: [ContactService],
})
export class SupportModule {}
