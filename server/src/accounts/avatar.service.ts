import { randomUUID } from 'node:crypto';
import { HttpStatus, Inject, Injectable, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ACCOUNT_MESSAGES as M, ACCOUNT_RULES } from '@seyirlik/shared-contracts';
import { PinoLogger } from 'nestjs-pino';
import sharp from 'sharp';
import { DataSource, LessThan, Repository } from 'typeorm';
import { MediaFile, MediaUpload, checkUploadedImage, imageDecodeOptions, mediaUrl } from '../media';
import { AppException } from '../platform/http/app-exception';
import { JOB_QUEUE, type JobContext, type JobName, type JobQueue } from '../platform/jobs/job-queue';
import { RateLimitService } from '../platform/rate-limit/rate-limit.service';
import { RealtimeService } from '../platform/realtime/realtime.service';
import { ACCOUNT_RATE_LIMITS, toSessionUser } from './accounts.service';
import { User } from './entities/user.entity';

const PROCESS_JOB = 'avatar.process' satisfies JobName;
const PROCESS_ATTEMPTS = 5;
/** How long the upload request waits for its job before answering that the image is still being processed. */
const WAIT_FOR_JOB_MS = 5_000;
/** An upload still waiting after this long was abandoned (its job lost with a process) and is swept. */
const STALE_UPLOAD_MS = 60 * 60_000;

const DECODE_OPTIONS = imageDecodeOptions(ACCOUNT_RULES.avatarMaxInputPixels);
const AVATAR_REFUSALS = { notImage: M.avatarNotImage, unreadable: M.avatarUnreadable, tooManyPixels: M.avatarTooManyPixels };

interface AvatarJob {
  uploadId: string;
  userId: number;
  mediaId: string;
}

declare module '../platform/jobs/job-queue' {
  interface JobMap {
    /** Re-encodes the upload `uploadId` into the stored image `mediaId` and points the member at it. */
    'avatar.process': AvatarJob;
  }
}

export interface AvatarUploadResult {
  /** The new image when it is ready, otherwise the member's current one (null for the default). */
  image: string | null;
  user: User;
  message: string;
}

/** Upright, cropped square, 256 px WebP, metadata dropped. */
function renderAvatar(bytes: Buffer): Promise<Buffer> {
  const size = ACCOUNT_RULES.avatarSizePx;
  return sharp(bytes, DECODE_OPTIONS)
    .rotate()
    .resize(size, size, { fit: 'cover', position: 'attention' })
    .webp({ quality: 82 })
    .toBuffer();
}

/**
 * Avatars: the request checks the upload (decoding it whole) and stores it as sent; a job
 * re-encodes it into a stored image and points the member at it. The request waits for the job
 * briefly so it can usually answer with the new image; otherwise it says the image is being
 * processed, and `account.updated` tells the member's tabs when it is done. An upload whose job
 * gives up is deleted, and abandoned ones are swept.
 */
@Injectable()
export class AvatarService implements OnModuleInit, OnApplicationBootstrap {
  constructor(
    @InjectRepository(MediaUpload) private readonly uploads: Repository<MediaUpload>,
    @InjectRepository(MediaFile) private readonly files: Repository<MediaFile>,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly dataSource: DataSource,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    private readonly realtime: RealtimeService,
    private readonly rateLimits: RateLimitService,
    private readonly logger: PinoLogger,
  ) {}

  onModuleInit(): void {
    this.jobs.define(PROCESS_JOB, { attempts: PROCESS_ATTEMPTS, process: (job, context) => this.process(job, context) });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.sweepStaleUploads();
  }

  async upload(userId: number, file: { buffer: Buffer; size: number } | undefined): Promise<AvatarUploadResult> {
    if (!file || file.size === 0) throw new AppException(HttpStatus.BAD_REQUEST, M.avatarMissing);
    if (file.size > ACCOUNT_RULES.avatarMaxBytes) throw new AppException(HttpStatus.BAD_REQUEST, M.avatarTooLarge);
    // Counted before the decode, which is the costly part, whether the image turns out good or not.
    await this.rateLimits.enforce('avatar-member', ACCOUNT_RATE_LIMITS.avatarPerMember, String(userId));
    await checkUploadedImage(file.buffer, { maxInputPixels: ACCOUNT_RULES.avatarMaxInputPixels, checkSizePx: ACCOUNT_RULES.avatarSizePx }, AVATAR_REFUSALS);
    await this.sweepStaleUploads();
    const job: AvatarJob = { uploadId: randomUUID(), userId, mediaId: randomUUID() };
    await this.dataSource.transaction(async (manager) => {
      await manager.insert(MediaUpload, { id: job.uploadId, ownerId: userId, bytes: file.buffer });
      await this.jobs.enqueue(PROCESS_JOB, job, { jobId: `avatar-${job.uploadId}`, manager });
    });
    const outcome = await this.waitForJob(job);
    if (outcome === 'failed') throw new AppException(HttpStatus.INTERNAL_SERVER_ERROR, M.avatarProcessingFailed);
    const user = await this.users.findOneByOrFail({ id: userId });
    if (outcome === 'ready') return { image: mediaUrl(job.mediaId), user, message: M.avatarSaved };
    return { image: user.avatarId ? mediaUrl(user.avatarId) : null, user, message: M.avatarProcessing };
  }

  /**
   * An avatar the site made itself (the embedded demo's drawn members): re-encoded and stored as
   * an upload's job does, at once, with no upload, limit or wait.
   */
  async setMade(userId: number, bytes: Buffer): Promise<void> {
    await this.store({ uploadId: randomUUID(), userId, mediaId: randomUUID() }, await renderAvatar(bytes));
  }

  /**
   * Idempotent: a second run finds the image stored and the upload gone. An image that cannot be
   * decoded fails the same way every time, so it is dropped at once; any other failure is retried,
   * and the upload is dropped with the last try.
   */
  private async process(job: AvatarJob, { attempt }: JobContext): Promise<void> {
    const upload = await this.uploads.findOne({ where: { id: job.uploadId } });
    if (!upload) return;
    let bytes: Buffer;
    try {
      bytes = await renderAvatar(upload.bytes);
    } catch (error) {
      this.logger.warn({ uploadId: job.uploadId, err: (error as Error).message }, 'avatar upload cannot be decoded, dropped');
      await this.uploads.delete({ id: job.uploadId });
      return;
    }
    try {
      await this.store(job, bytes);
    } catch (error) {
      if (attempt >= PROCESS_ATTEMPTS) await this.uploads.delete({ id: job.uploadId });
      throw error;
    }
  }

  private async store({ uploadId, userId, mediaId }: AvatarJob, bytes: Buffer): Promise<void> {
    const user = await this.dataSource.transaction(async (manager) => {
      await manager.delete(MediaUpload, { id: uploadId });
      const member = await manager.findOneBy(User, { id: userId });
      if (!member) return null;
      await manager.upsert(MediaFile, { id: mediaId, ownerId: userId, contentType: 'image/webp', bytes }, ['id']);
      const previous = member.avatarId;
      member.avatarId = mediaId;
      await manager.save(member);
      if (previous && previous !== mediaId) await manager.delete(MediaFile, { id: previous });
      return member;
    });
    if (user) this.realtime.toUser(userId, 'account.updated', toSessionUser(user));
  }

  /** 'failed' when the job gave up: its upload is gone and no image was stored. */
  private async waitForJob({ uploadId, mediaId }: AvatarJob): Promise<'ready' | 'failed' | 'pending'> {
    const deadline = Date.now() + WAIT_FOR_JOB_MS;
    while (Date.now() < deadline) {
      if (await this.files.exists({ where: { id: mediaId } })) return 'ready';
      // The job stores the image and deletes the upload in one transaction: look at the image again.
      if (!(await this.uploads.exists({ where: { id: uploadId } }))) {
        return (await this.files.exists({ where: { id: mediaId } })) ? 'ready' : 'failed';
      }
      await new Promise((resolveWait) => setTimeout(resolveWait, 100));
    }
    return 'pending';
  }

  private async sweepStaleUploads(): Promise<void> {
    await this.uploads.delete({ createdAt: LessThan(new Date(Date.now() - STALE_UPLOAD_MS)) });
  }
}
