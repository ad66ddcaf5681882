import { Module } from '@nestjs/common';
import { CollectionsController } from './collections.controller';
import { CollectionsLegacyController } from './collections.legacy.controller';
import { CollectionsRepository } from './collections.repository';
import { CollectionsService } from './collections.service';

/** Collections: members' ordered lists of catalog titles, their pages, follows and the create modal's catalog search. */
@Module({
  controllers: [CollectionsController, CollectionsLegacyController],
  providers: [CollectionsRepository, CollectionsService],
})
export class CollectionsModule {}
