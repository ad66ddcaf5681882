import { randomUUID } from 'node:crypto';
import { HttpStatus, Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ACCOUNT_MESSAGES as M, ACCOUNT_RULES } from '@seyirlik/shared-contracts';
import sharp from 'sharp';
import { DataSource, Repository } from 'typeorm';
import { MediaFile } from '../media/media-file.entity';
import { MediaUpload } from '../media/media-upload.entity';
import { mediaUrl } from '../media/media.paths';
import { AppException } from '../platform/http/app-exception';
import { JOB_QUEUE, type JobQueue } from '../platform/jobs/job-queue';
import { RealtimeService } from '../platform/realtime/realtime.service';
import { toSessionUser } from './accounts.service';
import { User } from './entities/user.entity';

const PROCESS_JOB = 'avatar.process';
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);
/** How long the upload request waits for its job before answering anyway. */
const WAIT_FOR_JOB_MS = 15_000;

interface AvatarJob {
  uploadId: string;
  userId: number;
  mediaId: string;
}

/** Reads the image header from the bytes themselves (never the file name or the declared type). */
async function sniffImage(bytes: Buffer): Promise<void> {
  let format: string | undefined;
  try {
    ({ format } = await sharp(bytes, { limitInputPixels: ACCOUNT_RULES.avatarMaxInputPixels, failOn: 'error' }).metadata());
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message)) throw new AppException(HttpStatus.BAD_REQUEST, M.avatarTooManyPixels);
    throw new AppException(HttpStatus.BAD_REQUEST, M.avatarNotImage);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new AppException(HttpStatus.BAD_REQUEST, M.avatarNotImage);
}

/**
 * Avatars: the request checks the upload and stores it as sent; a job re-encodes it (rotated
 * upright, cropped square, 256 px WebP, metadata dropped) into a stored image and points the
 * member at it. The request waits for the job briefly so it can answer with the new image.
 */
@Injectable()
export class AvatarService implements OnModuleInit {
  constructor(
    @InjectRepository(MediaUpload) private readonly uploads: Repository<MediaUpload>,
    @InjectRepository(MediaFile) private readonly files: Repository<MediaFile>,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly dataSource: DataSource,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    private readonly realtime: RealtimeService,
  ) {}

  onModuleInit(): void {
    this.jobs.define<AvatarJob>(PROCESS_JOB, { process: (job) => this.process(job) });
  }

  async upload(userId: number, file: { buffer: Buffer; size: number } | undefined): Promise<{ image: string; user: User }> {
    if (!file || file.size === 0) throw new AppException(HttpStatus.BAD_REQUEST, M.avatarMissing);
    if (file.size > ACCOUNT_RULES.avatarMaxBytes) throw new AppException(HttpStatus.BAD_REQUEST, M.avatarTooLarge);
    await sniffImage(file.buffer);
    const job: AvatarJob = { uploadId: randomUUID(), userId, mediaId: randomUUID() };
    await this.uploads.insert({ id: job.uploadId, ownerId: userId, bytes: file.buffer });
    await this.jobs.enqueue(PROCESS_JOB, job, { jobId: `avatar-${job.uploadId}` });
    await this.waitForImage(job.mediaId);
    const user = await this.users.findOneByOrFail({ id: userId });
    return { image: mediaUrl(job.mediaId), user };
  }

  /** Idempotent: a second run finds the image stored and the upload gone. */
  private async process({ uploadId, userId, mediaId }: AvatarJob): Promise<void> {
    const upload = await this.uploads.findOne({ where: { id: uploadId } });
    if (!upload) return;
    const size = ACCOUNT_RULES.avatarSizePx;
    const bytes = await sharp(upload.bytes, { limitInputPixels: ACCOUNT_RULES.avatarMaxInputPixels, animated: false })
      .rotate()
      .resize(size, size, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
    const user = await this.dataSource.transaction(async (manager) => {
      await manager.upsert(MediaFile, { id: mediaId, ownerId: userId, contentType: 'image/webp', bytes }, ['id']);
      const member = await manager.findOneBy(User, { id: userId });
      if (!member) return null;
      const previous = member.avatarId;
      member.avatarId = mediaId;
      await manager.save(member);
      if (previous && previous !== mediaId) await manager.delete(MediaFile, { id: previous });
      await manager.delete(MediaUpload, { id: uploadId });
      return member;
    });
    if (user) this.realtime.toUser(userId, 'account.updated', toSessionUser(user));
  }

  private async waitForImage(mediaId: string): Promise<void> {
    const deadline = Date.now() + WAIT_FOR_JOB_MS;
    while (Date.now() < deadline) {
      if (await this.files.exists({ where: { id: mediaId } })) return;
      await new Promise((resolveWait) => setTimeout(resolveWait, 100));
    }
  }
}
