import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { AppConfig } from '../platform/config/config';
import { APP_CONFIG } from '../platform/config/config.tokens';
import { DemoCatalogSeeder } from '../catalog/demo/demo-catalog.seeder';
import { DemoCommunitySeeder } from './demo-community.seeder';

/**
 * The embedded default (`npm start` without DATABASE_URL) starts as a living demo, before the
 * server listens: the demo catalog when the catalog is empty, then, on the site's first start,
 * the demo community. With an external database (the scaled mode) nothing is seeded: the
 * operator imports a catalog with the CLI, and members are real people.
 */
@Injectable()
export class DemoSeeder implements OnApplicationBootstrap {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly catalog: DemoCatalogSeeder,
    private readonly community: DemoCommunitySeeder,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.seed();
  }

  /** Seeds what the embedded site is missing; answers what it seeded. */
  async seed(): Promise<{ catalog: boolean; community: boolean }> {
    if (this.config.databaseUrl) return { catalog: false, community: false };
    const catalog = await this.catalog.seedIfEmpty();
    const community = await this.community.seedIfFirstStart();
    return { catalog, community };
  }
}
