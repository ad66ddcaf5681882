import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
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
import { CatalogImportService } from './import/catalog-import.service';
import { PosterController } from './posters/poster.controller';
import { PosterService } from './posters/poster.service';

/** Titles, seasons, episodes, video sources and ads: their schema, import, demo and drawn posters. */
@Module({
  imports: [
    TypeOrmModule.forFeature([Genre, Channel, Title, TitleGenre, Trailer, Season, Episode, VideoGroup, VideoSource, PreRollAd]),
  ],
  controllers: [CatalogController, PosterController, DemoMediaController],
  providers: [CatalogService, CatalogImportService, PosterService, DemoCatalogSeeder],
  exports: [TypeOrmModule, CatalogImportService],
})
export class CatalogModule {}
