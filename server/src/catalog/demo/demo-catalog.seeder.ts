import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../../platform/config/config';
import { APP_CONFIG } from '../../platform/config/config.tokens';
import { CatalogImportService } from '../import/catalog-import.service';
import { readDemoCatalog } from './demo-catalog';

/**
 * Gives the embedded default (`npm start` without DATABASE_URL) something to browse: on a start
 * that finds the catalog empty, the demo catalog is imported before the server listens. With an
 * external database the operator imports a catalog with the CLI instead; nothing is seeded there.
 */
@Injectable()
export class DemoCatalogSeeder implements OnApplicationBootstrap {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly importer: CatalogImportService,
    private readonly dataSource: DataSource,
    private readonly logger: PinoLogger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.databaseUrl) return;
    const [{ seeded }]: Array<{ seeded: boolean }> = await this.dataSource.query('SELECT EXISTS (SELECT 1 FROM title) AS seeded');
    if (seeded) return;
    const summary = await this.importer.import(readDemoCatalog(new Date()));
    this.logger.info({ titles: summary.titles.inserted, episodes: summary.episodes.inserted }, 'demo catalog seeded');
  }
}
