import { Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { LEGACY_PATHS, type LegacyEnvelope } from '@seyirlik/shared-contracts';
import type { HttpReply, HttpRequest } from './http-types';
import { LegacyCallRegistry, legacyRouteOf } from './legacy-call.registry';

/**
 * Routes every legacy path of §7 (and `/ajax/service`) to the registry. A path of the seed that no
 * feature answers yet answers 404, as an unknown path does.
 */
@Controller()
export class LegacyCallController {
  constructor(private readonly registry: LegacyCallRegistry) {}

  @Post(LEGACY_PATHS.map(legacyRouteOf))
  @HttpCode(200)
  answer(@Req() request: HttpRequest, @Res({ passthrough: true }) response: HttpReply): Promise<LegacyEnvelope> {
    return this.registry.answer(request, response);
  }
}
