import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.tokens';
import { FrontReads } from './front-reads';
import { PublicReadCache } from './public-read-cache';
import { PublicReadInvalidation, PublicReadsListener, READ_CACHE_DATABASE_URL } from './public-read-invalidation';

/**
 * The in-memory cache of public catalog reads. Every process has one, for @PublicRead's store
 * and the catalog import to reach, but only a server process, which answers HTTP, turns it on and
 * listens for changes (PublicReadsListener, which search's title index hears them on too). Beside
 * it, the reads features answer from their own memory at the same front (FrontReads).
 */
@Global()
@Module({})
export class ReadCacheModule {
  static forRole(role: 'server' | 'worker', databaseUrl: string): DynamicModule {
    return {
      module: ReadCacheModule,
      providers: [
        {
          provide: PublicReadCache,
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) => new PublicReadCache(role === 'server' ? config.readCacheSeconds * 1000 : 0),
        },
        FrontReads,
        ...(role === 'server' ? [{ provide: READ_CACHE_DATABASE_URL, useValue: databaseUrl }, PublicReadsListener, PublicReadInvalidation] : []),
      ],
      exports: role === 'server' ? [PublicReadCache, FrontReads, PublicReadsListener] : [PublicReadCache, FrontReads],
    };
  }
}
