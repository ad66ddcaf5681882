import { randomUUID } from 'node:crypto';
import { HttpStatus, Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { FLOW_MESSAGES as M, FLOW_RULES as R, rooms } from '@seyirlik/shared-contracts';
import { PinoLogger } from 'nestjs-pino';
import sharp, { type OutputInfo } from 'sharp';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository, type EntityManager } from 'typeorm';
import { MediaFile, MediaUpload, checkUploadedImage, imageDecodeOptions } from '../media';
import { AppException } from '../platform/http/app-exception';
import { JOB_QUEUE, type JobContext, type JobName, type JobQueue } from '../platform/jobs/job-queue';
import { RealtimeService } from '../platform/realtime/realtime.service';
import { SerialByKey } from '../platform/realtime/serial-by-key';
import { FlowRepository } from './flow.repository';
import { FlowPostViews } from './flow-post-views';

const PROCESS_JOB = 'flow.photo' satisfies JobName;
const PROCESS_ATTEMPTS = 5;
const DECODE_OPTIONS = imageDecodeOptions(R.photoMaxInputPixels);
const PHOTO_REFUSALS = { notImage: M.photoNotImage, unreadable: M.photoUnreadable, tooManyPixels: M.photoTooManyPixels };
interface FlowPhotoJob {
  imageId: number;
  uploadId: string;
  mediaId: string;
}

declare module '../platform/jobs/job-queue' {
  interface JobMap {
    /** Re-encodes the upload `uploadId` of the post photo `imageId` into the stored image `mediaId`. */
    'flow.photo': FlowPhotoJob;
  }
}

/** A photo as a multipart request carries it. */
export interface PhotoFile {
  buffer: Buffer;
  size: number;
}

/** Upright, the longer side at most FLOW_RULES.photoMaxSidePx, WebP, metadata dropped. */
function renderPhoto(bytes: Buffer): Promise<{ data: Buffer; info: OutputInfo }> {
  const side = R.photoMaxSidePx;
  return sharp(bytes, DECODE_OPTIONS)
    .rotate()
    .resize(side, side, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
}

/**
 * Post photos: a request checks every photo (count, size, and a whole decode with the type read
 * from the bytes) before anything is stored; the post's transaction stores them as uploads and
 * queues one job each, which re-encodes the photo into a stored image and pushes the post again
 * on the flow channel, so the placeholder becomes the photo live.
 */
@Injectable()
export class FlowPhotos implements OnModuleInit {
  constructor(
    private readonly flow: FlowRepository,
    private readonly views: FlowPostViews,
    private readonly dataSource: DataSource,
    @InjectRepository(MediaUpload) private readonly uploads: Repository<MediaUpload>,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    private readonly realtime: RealtimeService,
    private readonly logger: PinoLogger,
  ) {}

  /** Each post's pushes in this process, one after another (see pushPost). */
  private readonly pushes = new SerialByKey<number>();

  onModuleInit(): void {
    this.jobs.define(PROCESS_JOB, { attempts: PROCESS_ATTEMPTS, process: (job, context) => this.process(job, context) });
  }

  /** Refuses the first photo that is not acceptable, or the set when the post would hold more than FLOW_RULES.photosMax. */
  async check(photos: PhotoFile[], alreadyHeld = 0): Promise<void> {
    if (alreadyHeld + photos.length > R.photosMax) throw new AppException(HttpStatus.BAD_REQUEST, M.tooManyPhotos);
    for (const photo of photos) {
      if (photo.size === 0) throw new AppException(HttpStatus.BAD_REQUEST, M.photoEmpty);
      if (photo.size > R.photoMaxBytes) throw new AppException(HttpStatus.BAD_REQUEST, M.photoTooLarge);
    }
    for (const photo of photos) {
      await checkUploadedImage(photo.buffer, { maxInputPixels: R.photoMaxInputPixels, checkSizePx: R.photoMaxSidePx }, PHOTO_REFUSALS);
    }
  }

  /** Stores checked photos as uploads of the post, from `firstPosition`, and queues their jobs, in the caller's transaction. */
  async store(manager: EntityManager, post: { id: number; authorId: number }, photos: PhotoFile[], firstPosition: number): Promise<void> {
    const uploadIds = photos.map(() => randomUUID());
    for (const [index, photo] of photos.entries()) {
      await manager.insert(MediaUpload, { id: uploadIds[index], ownerId: post.authorId, bytes: photo.buffer });
    }
    const imageIds = await this.flow.insertImages(manager, post.id, uploadIds, firstPosition);
    for (const [index, imageId] of imageIds.entries()) {
      const job: FlowPhotoJob = { imageId, uploadId: uploadIds[index]!, mediaId: randomUUID() };
      await this.jobs.enqueue(PROCESS_JOB, job, { jobId: `flow-photo-${job.uploadId}`, manager });
    }
  }

  /**
   * Idempotent: a second run finds the upload gone. A photo that cannot be decoded fails the same
   * way every time, so it is dropped at once, and with the last try of any other failure: the
   * photo leaves its post (no placeholder waits for ever) and the post is pushed again.
   */
  private async process(job: FlowPhotoJob, { attempt }: JobContext): Promise<void> {
    const upload = await this.uploads.findOne({ where: { id: job.uploadId } });
    if (!upload) return;
    let rendered: { data: Buffer; info: OutputInfo };
    try {
      rendered = await renderPhoto(upload.bytes);
    } catch (error) {
      this.logger.warn({ uploadId: job.uploadId, err: (error as Error).message }, 'flow photo cannot be decoded, dropped');
      await this.drop(job);
      return;
    }
    try {
      await this.storeRendered(job, rendered);
    } catch (error) {
      if (attempt >= PROCESS_ATTEMPTS) await this.drop(job);
      throw error;
    }
  }

  /** Takes a photo that will never be processed off its post, with its upload, and pushes the post. */
  private async drop({ imageId, uploadId }: FlowPhotoJob): Promise<void> {
    const postId = await this.dataSource.transaction(async (manager) => {
      const removed = await this.flow.dropPendingImage(manager, imageId, uploadId);
      await manager.delete(MediaUpload, { id: uploadId });
      return removed;
    });
    if (postId !== null) await this.pushPost(postId);
  }

  /**
   * Pushes the post as it is now, after any push of it this process started before: two photos
   * of a post finishing at once each read the post after their own commit, but the reads and the
   * sends overlapped, so the later read (both photos ready) could be sent first and the earlier
   * one (one photo still pending) last, leaving viewers with a placeholder for good.
   */
  private pushPost(postId: number): Promise<void> {
    return this.pushes.run(postId, () => this.sendPost(postId));
  }

  private async sendPost(postId: number): Promise<void> {
    const post = await this.flow.postById(postId);
    if (post) this.realtime.toRoom(post.groupId === null ? rooms.flow : rooms.group(post.groupId), 'flow.postChanged', await this.views.one(post, null));
  }

  private async storeRendered({ imageId, uploadId, mediaId }: FlowPhotoJob, { data, info }: { data: Buffer; info: OutputInfo }): Promise<void> {
    const postId = await this.dataSource.transaction(async (manager) => {
      const upload = await manager.findOne(MediaUpload, { where: { id: uploadId }, lock: { mode: 'pessimistic_write' } });
      if (!upload) return null;
      await manager.upsert(MediaFile, { id: mediaId, ownerId: upload.ownerId, contentType: 'image/webp', bytes: data }, ['id']);
      const attached = await this.flow.attachFile(manager, { imageId, uploadId, fileId: mediaId, width: info.width, height: info.height });
      // The photo was deleted meanwhile (or its post): nothing points at the file.
      if (attached === null) await manager.delete(MediaFile, { id: mediaId });
      await manager.delete(MediaUpload, { id: uploadId });
      return attached;
    });
    if (postId !== null) await this.pushPost(postId);
  }
}
