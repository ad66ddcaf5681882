import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  ACCOUNT_MESSAGES as M,
  type MyAccount,
  type PublicProfile,
  type SessionUser,
  type loginSchema,
  type passwordUpdateSchema,
  type profileInfoSchema,
  type registerSchema,
  type socialLinksSchema,
} from '@seyirlik/shared-contracts';
import { QueryFailedError, Raw, Repository } from 'typeorm';
import type { z } from 'zod';
import { AppException } from '../platform/http/app-exception';
import { RateLimitService } from '../platform/rate-limit/rate-limit.service';
import { RealtimeService } from '../platform/realtime/realtime.service';
import { mediaUrl } from '../media';
import { BotCheckService } from './bot-check.service';
import { InvalidCredentialsException } from './invalid-credentials';
import { User } from './entities/user.entity';
import { toMemberCard } from './member-card';
import { PasswordHasher } from './password-hasher';
import { SessionsService, type SessionMeta, type Viewer } from './sessions.service';

/**
 * Per IP, per account and address, per account, per member; counted in Redis across processes
 * when it is configured. Login guesses are counted per account *and* address, so a stranger's
 * guesses from elsewhere cannot lock the owner out; the account-wide ceiling is only there to
 * stop a guessing run spread over many addresses.
 */
export const ACCOUNT_RATE_LIMITS = {
  loginPerIp: { points: 30, windowSeconds: 15 * 60 },
  loginPerAccountAndIp: { points: 10, windowSeconds: 15 * 60 },
  loginPerAccount: { points: 100, windowSeconds: 15 * 60 },
  avatarPerMember: { points: 10, windowSeconds: 60 * 60 },
  registerPerIp: { points: 5, windowSeconds: 60 * 60 },
  registerPerAddress: { points: 3, windowSeconds: 60 * 60 },
} as const;

export function toSessionUser(user: User): SessionUser {
  return toMemberCard({ id: user.id, username: user.username, profile_name: user.profileName, avatar_id: user.avatarId });
}

export function toPublicProfile(user: User): PublicProfile {
  return {
    username: user.username,
    profileName: user.profileName,
    about: user.about,
    country: user.country,
    avatarUrl: user.avatarId ? mediaUrl(user.avatarId) : null,
    social: { facebook: user.facebook, twitter: user.twitter, instagram: user.instagram },
    joinedAt: user.createdAt.toISOString(),
  };
}

export function toMyAccount(user: User): MyAccount {
  return { ...toPublicProfile(user), id: user.id, emailAddress: user.email };
}

/** A member the site stores: what registration asks for, the profile's name and, optionally, its about text and country. */
export interface NewMember {
  username: string;
  emailAddress: string;
  password: string;
  profileName: string;
  about?: string;
  country?: string;
}

/** Unique violations name their index; they are how a race between two registrations is decided. */
function uniqueViolation(error: unknown): 'username' | 'email' | null {
  if (!(error instanceof QueryFailedError)) return null;
  const driverError = error.driverError as { code?: string; constraint?: string };
  if (driverError.code !== '23505') return null;
  if (driverError.constraint === 'app_user_username_key') return 'username';
  if (driverError.constraint === 'app_user_email_key') return 'email';
  return null;
}

@Injectable()
export class AccountsService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionsService,
    private readonly botCheck: BotCheckService,
    private readonly rateLimits: RateLimitService,
    private readonly realtime: RealtimeService,
  ) {}

  async register(input: z.output<typeof registerSchema>, meta: SessionMeta): Promise<{ user: User; token: string; maxAgeMs: number | null }> {
    const email = input.emailAddress.toLowerCase();
    await this.rateLimits.enforce('register-ip', ACCOUNT_RATE_LIMITS.registerPerIp, meta.ip);
    await this.rateLimits.enforce('register-address', ACCOUNT_RATE_LIMITS.registerPerAddress, email);
    await this.botCheck.verify(input.recaptcha_response_field, 'register', meta.ip);
    if (await this.users.exists({ where: { username: Raw((column) => `lower(${column}) = lower(:name)`, { name: input.username }) } })) {
      throw new AppException(HttpStatus.CONFLICT, M.usernameTaken);
    }
    if (await this.users.exists({ where: { email } })) throw new AppException(HttpStatus.CONFLICT, M.emailTaken);
    const user = await this.createMember({ username: input.username, emailAddress: email, password: input.password, profileName: input.username });
    const session = await this.sessions.start(user.id, false, meta);
    return { user, ...session };
  }

  /**
   * Stores a new member with the password hashed; a name or address taken meanwhile is refused
   * (409). Registration calls it after its checks; the site calls it alone for the members it
   * makes itself (the embedded demo's community), with no session.
   */
  async createMember(member: NewMember): Promise<User> {
    const passwordHash = await this.hasher.hash(member.password);
    try {
      return await this.users.save(
        this.users.create({
          username: member.username,
          email: member.emailAddress.toLowerCase(),
          passwordHash,
          profileName: member.profileName,
          about: member.about ?? '',
          country: member.country ?? '',
        }),
      );
    } catch (error) {
      const field = uniqueViolation(error);
      if (field) throw new AppException(HttpStatus.CONFLICT, field === 'username' ? M.usernameTaken : M.emailTaken);
      throw error;
    }
  }

  /** `username` may be the user name or the e-mail address, in any case. */
  async login(input: z.output<typeof loginSchema>, meta: SessionMeta): Promise<{ user: User; token: string; maxAgeMs: number | null }> {
    const login = input.username.toLowerCase();
    const perIp = ['login-ip', ACCOUNT_RATE_LIMITS.loginPerIp, meta.ip] as const;
    await this.rateLimits.enforce(...perIp);
    const user = await this.users.findOne({
      where: login.includes('@') ? { email: login } : { username: Raw((column) => `lower(${column}) = :login`, { login }) },
    });
    // The user name and the e-mail address of a member count as one account; an unknown login is still counted, by its text.
    const account = user ? `user:${user.id}` : `unknown:${login}`;
    const perAccountAndIp = ['login-account-ip', ACCOUNT_RATE_LIMITS.loginPerAccountAndIp, `${account}|${meta.ip}`] as const;
    const perAccount = ['login-account', ACCOUNT_RATE_LIMITS.loginPerAccount, account] as const;
    await this.rateLimits.enforce(...perAccountAndIp);
    await this.rateLimits.enforce(...perAccount);
    await this.botCheck.verify(input.recaptcha_response_field, 'login', meta.ip);
    if (!(await this.hasher.verify(user?.passwordHash ?? null, input.password)) || !user) {
      throw new InvalidCredentialsException();
    }
    // Only guesses count: a login that succeeded gives its requests back, so members behind one
    // address (an office, a household) can log in as often as they like.
    await Promise.all([this.rateLimits.refund(...perIp), this.rateLimits.refund(...perAccountAndIp), this.rateLimits.refund(...perAccount)]);
    const session = await this.sessions.start(user.id, input.remember, meta);
    return { user, ...session };
  }

  logout(viewer: Viewer): Promise<void> {
    return this.sessions.end(viewer.sessionId, 'logout');
  }

  async publicProfile(username: string): Promise<PublicProfile> {
    const user =
      username.length <= 40
        ? await this.users.findOne({ where: { username: Raw((column) => `lower(${column}) = lower(:name)`, { name: username }) } })
        : null;
    if (!user) throw new AppException(HttpStatus.NOT_FOUND, M.profileNotFound);
    return toPublicProfile(user);
  }

  async updateProfile(viewer: Viewer, input: z.output<typeof profileInfoSchema>): Promise<User> {
    const email = input.emailAddress.toLowerCase();
    const user = viewer.user;
    if (email !== user.email && (await this.users.exists({ where: { email } }))) {
      throw new AppException(HttpStatus.CONFLICT, M.emailTaken);
    }
    Object.assign(user, { profileName: input.profileName, email, about: input.about, country: input.country });
    try {
      await this.users.save(user);
    } catch (error) {
      if (uniqueViolation(error) === 'email') throw new AppException(HttpStatus.CONFLICT, M.emailTaken);
      throw error;
    }
    this.realtime.toUser(user.id, 'account.updated', toSessionUser(user));
    return user;
  }

  /** A new password ends the member's other sessions; this browser stays logged in. */
  async updatePassword(viewer: Viewer, input: z.output<typeof passwordUpdateSchema>): Promise<void> {
    if (!(await this.hasher.verify(viewer.user.passwordHash, input.currentPassword))) {
      throw new AppException(HttpStatus.BAD_REQUEST, M.currentPasswordWrong);
    }
    await this.users.update({ id: viewer.user.id }, { passwordHash: await this.hasher.hash(input.newPassword) });
    await this.sessions.endAllOf(viewer.user.id, 'password-changed', viewer.sessionId);
  }

  async updateSocial(viewer: Viewer, input: z.output<typeof socialLinksSchema>): Promise<User> {
    Object.assign(viewer.user, input);
    return this.users.save(viewer.user);
  }
}
