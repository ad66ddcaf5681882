import { Injectable } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { DataSource } from 'typeorm';
import { CatalogImportService } from '../import/catalog-import.service';
import { readDemoCatalog } from './demo-catalog';

/**
 * Gives the embedded default (`npm start` without DATABASE_URL) something to browse: the demo
 * catalog, imported on a start that finds the catalog empty. The demo's start (DemoSeeder, in
 * server/src/demo) calls it before the server listens, and never with an external database, where
 * the operator imports a catalog with the CLI instead.
 */
@Injectable()
export class DemoCatalogSeeder {
  constructor(
    private readonly importer: CatalogImportService,
    private readonly dataSource: DataSource,
    private readonly logger: PinoLogger,
  ) {}

  /** Imports the demo catalog when the catalog is empty; answers whether it did. */
  async seedIfEmpty(): Promise<boolean> {
    const [{ seeded }]: Array<{ seeded: boolean }> = await this.dataSource.query('SELECT EXISTS (SELECT 1 FROM title) AS seeded');
    if (seeded) return false;
    const summary = await this.importer.import(readDemoCatalog(new Date()));
    this.logger.info({ titles: summary.titles.inserted, episodes: summary.episodes.inserted }, 'demo catalog seeded');
    return true;
  }
}
