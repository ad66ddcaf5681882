import { type DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { dataSourceOptions } from './data-source';
import { StreamSequenceRepository } from './stream-sequence.repository';

@Global()
@Module({})
export class DatabaseModule {
  /** `url` is the external DATABASE_URL or the embedded cluster's; migrations have run already. */
  static forRoot(url: string): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRoot({ ...dataSourceOptions(url), autoLoadEntities: true, retryAttempts: 3, retryDelay: 2000 }),
      ],
      providers: [StreamSequenceRepository],
      exports: [StreamSequenceRepository],
    };
  }
}
