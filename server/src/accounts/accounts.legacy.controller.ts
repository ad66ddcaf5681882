import { Body, Controller, HttpCode, type OnModuleInit, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ACCOUNT_MESSAGES as M } from '@seyirlik/shared-contracts';
import type { Request, Response } from 'express';
import { AjaxServiceRegistry } from '../platform/http/ajax-service.registry';
import { LoginRequiredException } from '../platform/http/app-exception';
import { AccountCookies } from './account-cookies';
import { AccountsService } from './accounts.service';
import { AvatarService } from './avatar.service';
import { PasswordResetService } from './password-reset.service';
import { siteOrigin, uploadedFile } from './request-helpers';
import type { Viewer } from './sessions.service';
import { clearSessionCookie, CurrentViewer, MemberGuard, sessionMeta } from './viewer';

type LegacyReply = { success: true; message: string } & Record<string, unknown>;

/** The seed's account calls (§7), form-encoded or multipart, answering the legacy envelope. */
@Controller()
export class AccountsLegacyController implements OnModuleInit {
  constructor(
    private readonly accounts: AccountsService,
    private readonly resets: PasswordResetService,
    private readonly avatars: AvatarService,
    private readonly cookies: AccountCookies,
    private readonly ajaxService: AjaxServiceRegistry,
  ) {}

  onModuleInit(): void {
    this.ajaxService.register('forgot_pw', async (body, request) => ({
      message: await this.resets.request(
        { email: body.data, recaptcha_response_field: body.recaptcha_response_field },
        sessionMeta(request),
        siteOrigin(request),
      ),
    }));
    this.ajaxService.register('addSocial', async (body, request) => {
      if (!request.viewer) throw new LoginRequiredException();
      await this.accounts.updateSocial(request.viewer, body);
      return { message: M.socialSaved };
    });
  }

  /** The page reloads on success; the cookie is already set. */
  @Post('auth/login')
  @HttpCode(200)
  async login(@Body() body: unknown, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<LegacyReply> {
    const { token, maxAgeMs } = await this.accounts.login(body, sessionMeta(request));
    this.cookies.set(request, response, token, maxAgeMs);
    return { success: true, message: M.loginSucceeded };
  }

  @Post('auth/register')
  @HttpCode(200)
  async register(@Body() body: unknown, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<LegacyReply> {
    const { token, maxAgeMs } = await this.accounts.register(body, sessionMeta(request));
    this.cookies.set(request, response, token, maxAgeMs);
    return { success: true, message: M.registerSucceeded };
  }

  @Post('auth/logout')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  async logout(@CurrentViewer() viewer: Viewer, @Res({ passthrough: true }) response: Response): Promise<LegacyReply> {
    await this.accounts.logout(viewer);
    clearSessionCookie(response);
    return { success: true, message: M.loggedOut };
  }

  @Post('auth/forgot-password')
  @HttpCode(200)
  async forgotPassword(@Body() body: unknown, @Req() request: Request): Promise<LegacyReply> {
    return { success: true, message: await this.resets.request(body, sessionMeta(request), siteOrigin(request)) };
  }

  @Post('auth/change/password')
  @HttpCode(200)
  async changePassword(@Body() body: unknown, @Req() request: Request): Promise<LegacyReply> {
    return { success: true, message: await this.resets.reset(body, sessionMeta(request)) };
  }

  @Post('set/user/info')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  async setUserInfo(@CurrentViewer() viewer: Viewer, @Body() body: unknown): Promise<LegacyReply> {
    await this.accounts.updateProfile(viewer, body);
    return { success: true, message: M.profileSaved };
  }

  @Post('set/user/password')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  async setUserPassword(@CurrentViewer() viewer: Viewer, @Body() body: unknown): Promise<LegacyReply> {
    await this.accounts.updatePassword(viewer, body);
    return { success: true, message: M.passwordChanged };
  }

  @Post('user/set/avatar')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  async setAvatar(@CurrentViewer() viewer: Viewer, @Req() request: Request): Promise<LegacyReply> {
    const { image, message } = await this.avatars.upload(viewer.user.id, uploadedFile(request, 'file'));
    return { success: true, image, message };
  }
}
