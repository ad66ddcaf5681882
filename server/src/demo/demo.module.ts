import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { CatalogModule } from '../catalog/catalog.module';
import { CommentsModule } from '../comments/comments.module';
import { DiscussionsModule } from '../discussions/discussions.module';
import { FlowModule } from '../flow/flow.module';
import { MessagesModule } from '../messages/messages.module';
import { RoomsModule } from '../rooms/rooms.module';
import { DemoCommunitySeeder } from './demo-community.seeder';
import { DemoSeeder } from './demo-seeder';

/** The embedded default's living demo: the demo catalog and community, seeded on its first start (a server's job, never a worker's). */
@Module({
  imports: [AccountsModule, CatalogModule, CommentsModule, RoomsModule, MessagesModule, FlowModule, DiscussionsModule],
  providers: [DemoCommunitySeeder, DemoSeeder],
})
export class DemoModule {}
