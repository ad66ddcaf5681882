import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MediaModule } from '../media';
import { SOCKET_IDENTITY } from '../platform/realtime/realtime.types';
import { AccountCookies } from './account-cookies';
import { AccountsController } from './accounts.controller';
import { AccountsLegacyController } from './accounts.legacy.controller';
import { AccountsService } from './accounts.service';
import { AvatarService } from './avatar.service';
import { BotCheckService } from './bot-check.service';
import { MemberBlocks } from './member-blocks';
import { MemberBlocksController } from './member-blocks.controller';
import { PasswordReset } from './entities/password-reset.entity';
import { UserSession } from './entities/user-session.entity';
import { User } from './entities/user.entity';
import { PasswordHasher } from './password-hasher';
import { PasswordResetService } from './password-reset.service';
import { SessionSocketIdentity } from './session-socket-identity';
import { SessionsService } from './sessions.service';

/** Members and sessions. Global: every feature asks who the viewer is and checks membership through it. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([User, UserSession, PasswordReset]), MediaModule],
  controllers: [AccountsController, AccountsLegacyController, MemberBlocksController],
  providers: [
    AccountsService,
    AccountCookies,
    AvatarService,
    BotCheckService,
    MemberBlocks,
    PasswordHasher,
    PasswordResetService,
    SessionsService,
    { provide: SOCKET_IDENTITY, useClass: SessionSocketIdentity },
  ],
  exports: [SessionsService, SOCKET_IDENTITY, TypeOrmModule, MemberBlocks, BotCheckService, AccountsService, AvatarService],
})
/** The viewer of each request is read by viewerHook, installed with the HTTP pipeline (bootstrap). */
export class AccountsModule {}
