import { randomUUID } from 'node:crypto';
import { HttpStatus, Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { GROUP_MESSAGES as M, GROUP_RULES as R } from '@seyirlik/shared-contracts';
import { PinoLogger } from 'nestjs-pino';
import sharp from 'sharp';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository, type EntityManager } from 'typeorm';
import { MediaFile, MediaUpload, checkUploadedImage, imageDecodeOptions } from '../../media';
import { AppException } from '../../platform/http/app-exception';
import { JOB_QUEUE, type JobContext, type JobName, type JobQueue } from '../../platform/jobs/job-queue';
import { GroupsRepository, type GroupImageSlot } from './groups.repository';

const PROCESS_JOB = 'group.image' satisfies JobName;
const PROCESS_ATTEMPTS = 5;
const DECODE_OPTIONS = imageDecodeOptions(R.imageMaxInputPixels);
const REFUSALS = { notImage: M.imageNotImage, unreadable: M.imageUnreadable, tooManyPixels: M.imageTooManyPixels };

interface GroupImageJob {
  groupId: number;
  slot: GroupImageSlot;
  uploadId: string;
  mediaId: string;
}

declare module '../../platform/jobs/job-queue' {
  interface JobMap {
    /** Re-encodes the upload `uploadId` into the group's cover or poster, stored as `mediaId`. */
    'group.image': GroupImageJob;
  }
}

/** An image file as a multipart request carries it. */
export interface GroupImageFile {
  buffer: Buffer;
  size: number;
}

/** The size each slot is stored at, cropped to fill it; WebP, upright, metadata dropped. */
const SLOT_SIZE: Record<GroupImageSlot, { width: number; height: number }> = {
  cover: { width: R.coverWidthPx, height: R.coverHeightPx },
  poster: { width: R.posterSidePx, height: R.posterSidePx },
};

function render(bytes: Buffer, slot: GroupImageSlot): Promise<Buffer> {
  const { width, height } = SLOT_SIZE[slot];
  return sharp(bytes, DECODE_OPTIONS).rotate().resize(width, height, { fit: 'cover', position: 'attention' }).webp({ quality: 82 }).toBuffer();
}

/**
 * A group's cover and poster, through the avatar's pipeline: a request checks the file whole (type
 * read from the bytes, size, a full decode) before anything is stored; the change's transaction
 * stores it as an upload and queues its job, which re-encodes it into the slot and tells
 * `onProcessed` (the groups push the group again, so the new image appears live).
 */
@Injectable()
export class GroupImages implements OnModuleInit {
  private processed: (groupId: number) => Promise<void> = () => Promise.resolve();

  constructor(
    private readonly groups: GroupsRepository,
    private readonly dataSource: DataSource,
    @InjectRepository(MediaUpload) private readonly uploads: Repository<MediaUpload>,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    private readonly logger: PinoLogger,
  ) {}

  onModuleInit(): void {
    this.jobs.define(PROCESS_JOB, { attempts: PROCESS_ATTEMPTS, process: (job, context) => this.process(job, context) });
  }

  /** Told after a processed image took its slot. */
  onProcessed(listener: (groupId: number) => Promise<void>): void {
    this.processed = listener;
  }

  /** Refuses a file that is not an acceptable image, with the Turkish reason. */
  async check(file: GroupImageFile | null): Promise<void> {
    if (!file) return;
    if (file.size === 0) throw new AppException(HttpStatus.BAD_REQUEST, M.imageEmpty);
    if (file.size > R.imageMaxBytes) throw new AppException(HttpStatus.BAD_REQUEST, M.imageTooLarge);
    await checkUploadedImage(file.buffer, { maxInputPixels: R.imageMaxInputPixels, checkSizePx: Math.max(R.coverWidthPx, R.posterSidePx) }, REFUSALS);
  }

  /** Stores a checked file as the slot's pending upload and queues its job, in the caller's transaction (the one that locked the group). */
  async store(manager: EntityManager, group: { id: number; ownerId: number; pendingUploadId: string | null }, slot: GroupImageSlot, file: GroupImageFile): Promise<void> {
    const uploadId = randomUUID();
    await manager.insert(MediaUpload, { id: uploadId, ownerId: group.ownerId, bytes: file.buffer });
    await this.groups.setImageUpload(manager, group.id, slot, uploadId);
    // A newer file replaces one still waiting: its job finds the upload gone and does nothing.
    if (group.pendingUploadId) await manager.delete(MediaUpload, { id: group.pendingUploadId });
    await this.jobs.enqueue(PROCESS_JOB, { groupId: group.id, slot, uploadId, mediaId: randomUUID() }, { jobId: `group-image-${uploadId}`, manager });
  }

  /** Empties the slot with the files behind it, in the caller's transaction. */
  async clear(manager: EntityManager, groupId: number, slot: GroupImageSlot, files: { fileId: string | null; uploadId: string | null }): Promise<void> {
    await this.groups.clearImage(manager, groupId, slot);
    if (files.fileId) await manager.delete(MediaFile, { id: files.fileId });
    if (files.uploadId) await manager.delete(MediaUpload, { id: files.uploadId });
  }

  /**
   * Idempotent: a second run finds the upload gone. A file that cannot be decoded fails the same
   * way every time, so it is dropped at once (the slot keeps its former image); other failures are
   * retried, and the upload goes with the last try.
   */
  private async process(job: GroupImageJob, { attempt }: JobContext): Promise<void> {
    const upload = await this.uploads.findOne({ where: { id: job.uploadId } });
    if (!upload) return;
    let data: Buffer;
    try {
      data = await render(upload.bytes, job.slot);
    } catch (error) {
      this.logger.warn({ uploadId: job.uploadId, err: (error as Error).message }, 'group image cannot be decoded, dropped');
      await this.dataSource.transaction(async (manager) => {
        await manager.query(`UPDATE flow_group SET ${job.slot}_upload_id = NULL WHERE id = $1 AND ${job.slot}_upload_id = $2`, [job.groupId, job.uploadId]);
        await manager.delete(MediaUpload, { id: job.uploadId });
      });
      return;
    }
    try {
      await this.storeRendered(job, data);
    } catch (error) {
      if (attempt >= PROCESS_ATTEMPTS) await this.uploads.delete({ id: job.uploadId });
      throw error;
    }
  }

  private async storeRendered({ groupId, slot, uploadId, mediaId }: GroupImageJob, data: Buffer): Promise<void> {
    const attached = await this.dataSource.transaction(async (manager) => {
      const upload = await manager.findOne(MediaUpload, { where: { id: uploadId }, lock: { mode: 'pessimistic_write' } });
      if (!upload) return false;
      await manager.upsert(MediaFile, { id: mediaId, ownerId: upload.ownerId, contentType: 'image/webp', bytes: data }, ['id']);
      const outcome = await this.groups.attachImage(manager, { groupId, slot, uploadId, fileId: mediaId });
      // The slot moved on meanwhile (a newer file, a removal, the group deleted): nothing points at the file.
      if (!outcome.attached) await manager.delete(MediaFile, { id: mediaId });
      if (outcome.replaced) await manager.delete(MediaFile, { id: outcome.replaced });
      await manager.delete(MediaUpload, { id: uploadId });
      return outcome.attached;
    });
    if (attached) await this.processed(groupId);
  }
}
