import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogChanges } from './catalog-changes';
import { CatalogController } from './catalog.controller';
import { CatalogService } from './catalog.service';
import { DemoCatalogSeeder } from './demo/demo-catalog.seeder';
import { DemoMediaController } from './demo/demo-media.controller';
import { Channel } from './entities/channel.entity';
import { Episode } from './entities/episode.entity';
import { Genre } from './entities/genre.entity';
import { PreRollAd } from './entities/pre-roll-ad.entity';
import { Season } from './entities/season.entity';
import { TitleGenre } from './entities/title-genre.entity';
import { Title } from './entities/title.entity';
import { Trailer } from './entities/trailer.entity';
import { VideoGroup } from './entities/video-group.entity';
import { VideoSource } from './entities/video-source.entity';
import { HomeController } from './home/home.controller';
import { HomeLegacyController } from './home/home.legacy.controller';
import { HomeService } from './home/home.service';
import { CatalogImportService } from './import/catalog-import.service';
import { MemberStateController } from './member/member-state.controller';
import { MemberStateLegacyController } from './member/member-state.legacy.controller';
import { MemberStateService } from './member/member-state.service';
import { PosterController } from './posters/poster.controller';
import { PosterService } from './posters/poster.service';
import { EpisodeReleaseScheduler } from './release/episode-release.scheduler';
import { EmbedController } from './watch/embed.controller';
import { WatchController } from './watch/watch.controller';
import { WatchLegacyController } from './watch/watch.legacy.controller';
import { WatchService } from './watch/watch.service';
import { DiscoverService } from './search/discover.service';
import { SearchController } from './search/search.controller';
import { SearchLegacyController } from './search/search.legacy.controller';
import { CurrentTitleIndex } from './search/current-title-index';
import { SearchService } from './search/search.service';
import { TitlePages } from './title-pages';

/** Titles, seasons, episodes, video sources and ads: their schema, import, demo and drawn posters. */
@Module({
  imports: [
    TypeOrmModule.forFeature([Genre, Channel, Title, TitleGenre, Trailer, Season, Episode, VideoGroup, VideoSource, PreRollAd]),
  ],
  controllers: [CatalogController, PosterController, DemoMediaController, SearchController, SearchLegacyController, WatchController, WatchLegacyController, EmbedController, MemberStateController, MemberStateLegacyController, HomeController, HomeLegacyController],
  providers: [CatalogService, CatalogImportService, PosterService, DemoCatalogSeeder, CatalogChanges, CurrentTitleIndex, SearchService, DiscoverService, WatchService, MemberStateService, HomeService, EpisodeReleaseScheduler, TitlePages],
  exports: [TypeOrmModule, CatalogImportService, DemoCatalogSeeder, MemberStateService],
})
export class CatalogModule {}
