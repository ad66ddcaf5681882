import { Controller, type OnModuleInit } from '@nestjs/common';
import {
  ACCOUNT_MESSAGES as M,
  forgotPasswordSchema,
  legacyForgotPwSchema,
  legacyNoFieldsSchema,
  loginSchema,
  passwordUpdateSchema,
  profileInfoSchema,
  registerSchema,
  resetPasswordSchema,
  socialLinksSchema,
} from '@seyirlik/shared-contracts';
import { LegacyCallRegistry } from '../platform/http/legacy-call.registry';
import { AccountCookies } from './account-cookies';
import { AccountsService } from './accounts.service';
import { AvatarService } from './avatar.service';
import { answerInvalidCredentials, InvalidCredentialsException } from './invalid-credentials';
import { PasswordResetService } from './password-reset.service';
import { siteOrigin, uploadedFile } from './request-helpers';
import { clearSessionCookie, sessionMeta } from './viewer';

/**
 * The seed's account calls (§7), form-encoded or multipart, answering the legacy envelope with a
 * `message`. The services read their input with the same schemas again, as the JSON API calls them
 * with the raw body.
 */
@Controller()
export class AccountsLegacyController implements OnModuleInit {
  constructor(
    private readonly accounts: AccountsService,
    private readonly resets: PasswordResetService,
    private readonly avatars: AvatarService,
    private readonly cookies: AccountCookies,
    private readonly legacy: LegacyCallRegistry,
  ) {}

  onModuleInit(): void {
    this.legacy.register({
      type: 'forgot_pw',
      login: false,
      schema: legacyForgotPwSchema,
      handle: async (input, { request }) => ({ message: await this.resets.request(input, sessionMeta(request), siteOrigin(request)) }),
    });
    this.legacy.register({
      type: 'addSocial',
      login: true,
      schema: socialLinksSchema,
      handle: async (links, { viewer }) => {
        await this.accounts.updateSocial(viewer, links);
        return { message: M.socialSaved };
      },
    });
    // The page reloads on success; the cookie is already set. Wrong credentials answer 401 with the
    // seed's error reply, not the session flag (see answerInvalidCredentials).
    this.legacy.register({
      path: '/auth/login',
      login: false,
      schema: loginSchema,
      handle: async (credentials, { request, response }) => {
        try {
          const { token, maxAgeMs } = await this.accounts.login(credentials, sessionMeta(request));
          this.cookies.set(request, response, token, maxAgeMs);
          return { message: M.loginSucceeded };
        } catch (error) {
          if (error instanceof InvalidCredentialsException) return answerInvalidCredentials(response);
          throw error;
        }
      },
    });
    this.legacy.register({
      path: '/auth/register',
      login: false,
      schema: registerSchema,
      handle: async (registration, { request, response }) => {
        const { token, maxAgeMs } = await this.accounts.register(registration, sessionMeta(request));
        this.cookies.set(request, response, token, maxAgeMs);
        return { message: M.registerSucceeded };
      },
    });
    this.legacy.register({
      path: '/auth/logout',
      login: true,
      schema: legacyNoFieldsSchema,
      handle: async (_input, { viewer, response }) => {
        await this.accounts.logout(viewer);
        clearSessionCookie(response);
        return { message: M.loggedOut };
      },
    });
    this.legacy.register({
      path: '/auth/forgot-password',
      login: false,
      schema: forgotPasswordSchema,
      handle: async (input, { request }) => ({ message: await this.resets.request(input, sessionMeta(request), siteOrigin(request)) }),
    });
    this.legacy.register({
      path: '/auth/change/password',
      login: false,
      schema: resetPasswordSchema,
      handle: async (input, { request }) => ({ message: await this.resets.reset(input, sessionMeta(request)) }),
    });
    this.legacy.register({
      path: '/set/user/info',
      login: true,
      schema: profileInfoSchema,
      handle: async (profile, { viewer }) => {
        await this.accounts.updateProfile(viewer, profile);
        return { message: M.profileSaved };
      },
    });
    this.legacy.register({
      path: '/set/user/password',
      login: true,
      schema: passwordUpdateSchema,
      handle: async (passwords, { viewer }) => {
        await this.accounts.updatePassword(viewer, passwords);
        return { message: M.passwordChanged };
      },
    });
    this.legacy.register({
      path: '/user/set/avatar',
      login: true,
      schema: legacyNoFieldsSchema,
      handle: async (_input, { viewer, request }) => {
        const { image, message } = await this.avatars.upload(viewer.user.id, uploadedFile(request, 'file'));
        return { image, message };
      },
    });
  }
}
