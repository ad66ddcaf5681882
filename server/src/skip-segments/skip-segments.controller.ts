import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import {
  markSkipSegmentBodySchema,
  skipSegmentIdSchema,
  sourceIdSchema,
  voteSkipSegmentBodySchema,
  type SkipSegmentList,
  type SkipSegmentView,
} from '@seyirlik/shared-contracts';
import { CurrentViewer, MemberGuard, OptionalViewer, type Viewer } from '../accounts';
import { parseInput } from '../platform/http/app-exception';
import { SkipSegmentsService } from './skip-segments.service';

/** Skip markings' JSON API: reads are open to visitors (the agreed markings), marking and voting need a member (401). */
@Controller('api')
export class SkipSegmentsController {
  constructor(private readonly segments: SkipSegmentsService) {}

  @Get('sources/:id/skip-segments')
  list(@OptionalViewer() viewer: Viewer | null, @Param('id') id: string): Promise<SkipSegmentList> {
    return this.segments.list(parseInput(sourceIdSchema, id), viewer?.user.id ?? null);
  }

  @Post('sources/:id/skip-segments')
  @UseGuards(MemberGuard)
  mark(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @Body() body: unknown): Promise<SkipSegmentView> {
    const sourceId = parseInput(sourceIdSchema, id);
    const { kind, startSeconds, endSeconds } = parseInput(markSkipSegmentBodySchema, body);
    return this.segments.mark(viewer.user.id, sourceId, { kind, startSeconds, endSeconds });
  }

  @Post('skip-segments/:id/votes')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  vote(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @Body() body: unknown): Promise<SkipSegmentView> {
    return this.segments.vote(viewer.user.id, parseInput(skipSegmentIdSchema, id), parseInput(voteSkipSegmentBodySchema, body).vote);
  }
}
