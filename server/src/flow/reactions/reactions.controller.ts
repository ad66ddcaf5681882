import { Body, Controller, Delete, Get, Param, Put, UseGuards } from '@nestjs/common';
import { reactionPostIdSchema, setReactionBodySchema, type ReactionReply, type ReactionSummary } from '@seyirlik/shared-contracts';
import { CurrentViewer, MemberGuard, OptionalViewer, type Viewer } from '../../accounts';
import { parseInput } from '../../platform/http/app-exception';
import { ReactionsService } from './reactions.service';

/** The reactions' JSON API: a post's reactions are open to visitors; setting or removing one needs a member (401). */
@Controller('api/flow/posts')
export class ReactionsController {
  constructor(private readonly reactions: ReactionsService) {}

  @Get(':id/reactions')
  summary(@OptionalViewer() viewer: Viewer | null, @Param('id') id: string): Promise<ReactionSummary> {
    return this.reactions.summary(parseInput(reactionPostIdSchema, id), viewer?.user.id ?? null);
  }

  /** Sets the member's reaction (`{ kind }`), replacing another of theirs; answers the post's reactions after it. */
  @Put(':id/reaction')
  @UseGuards(MemberGuard)
  set(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @Body() body: unknown): Promise<ReactionReply> {
    const postId = parseInput(reactionPostIdSchema, id);
    return this.reactions.react(viewer.user.id, postId, parseInput(setReactionBodySchema, body).kind);
  }

  /** Takes the member's reaction back (nothing to take back is no error). */
  @Delete(':id/reaction')
  @UseGuards(MemberGuard)
  remove(@CurrentViewer() viewer: Viewer, @Param('id') id: string): Promise<ReactionReply> {
    return this.reactions.react(viewer.user.id, parseInput(reactionPostIdSchema, id), null);
  }
}
