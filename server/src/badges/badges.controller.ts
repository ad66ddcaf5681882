import { Controller, Get, Param, Query } from '@nestjs/common';
import { badgeListQuerySchema, type MemberBadgePage } from '@seyirlik/shared-contracts';
import { parseInput } from '../platform/http/app-exception';
import { BadgesService } from './badges.service';

/** The JSON API of members' badges, open to everyone (a profile is public). */
@Controller('api/users')
export class BadgesController {
  constructor(private readonly badges: BadgesService) {}

  /** The badges tab of /profile/{username}: `?page=N` from 1, newest first; an unknown member answers 404. */
  @Get(':username/badges')
  list(@Param('username') username: string, @Query() query: unknown): Promise<MemberBadgePage> {
    const { page } = parseInput(badgeListQuerySchema, query ?? {});
    return this.badges.listOf(username, page);
  }
}
