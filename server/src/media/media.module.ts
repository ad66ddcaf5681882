import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MediaFile } from './media-file.entity';
import { MediaUpload } from './media-upload.entity';
import { MediaController } from './media.controller';

@Module({
  imports: [TypeOrmModule.forFeature([MediaFile, MediaUpload])],
  controllers: [MediaController],
  exports: [TypeOrmModule],
})
export class MediaModule {}
