import { Module } from '@nestjs/common';
import { EpisodeFanOutRepository } from './episode-fan-out.repository';
import { EpisodeFanOut } from './episode-fan-out.service';

/** The new-episode fan-out (see EpisodeFanOut): a consumer of `episode.released` and its job. */
@Module({ providers: [EpisodeFanOutRepository, EpisodeFanOut] })
export class EpisodeFanOutModule {}
