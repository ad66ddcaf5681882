import { Body, Controller, Get, HttpCode, Param, Patch, Post, Put, Req, Res, UseGuards } from '@nestjs/common';
import {
  ACCOUNT_MESSAGES as M,
  forgotPasswordSchema,
  loginSchema,
  passwordUpdateSchema,
  profileInfoSchema,
  registerSchema,
  resetPasswordSchema,
  socialLinksSchema,
  type MyAccount,
  type PublicProfile,
  type SessionInfo,
  type SessionUser,
} from '@seyirlik/shared-contracts';
import type { HttpReply, HttpRequest } from '../platform/http/http-types';
import { parseInput } from '../platform/http/app-exception';
import { AccountsService, toMyAccount, toSessionUser } from './accounts.service';
import { AvatarService } from './avatar.service';
import { BotCheckService } from './bot-check.service';
import { PasswordResetService } from './password-reset.service';
import { siteOrigin, uploadedFile } from './request-helpers';
import type { Viewer } from './sessions.service';
import { clearSessionCookie, CurrentViewer, MemberGuard, OptionalViewer, sessionMeta } from './viewer';
import { AccountCookies } from './account-cookies';
import { PublicRead } from '../platform/http/read-cache/public-read';

/** The JSON API of accounts, for our client. */
@Controller('api')
export class AccountsController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly resets: PasswordResetService,
    private readonly avatars: AvatarService,
    private readonly botCheck: BotCheckService,
    private readonly cookies: AccountCookies,
  ) {}

  /** A visitor's answer is everyone's (no cookie is set, the site key is the configuration's); a member's is their own. */
  @Get('auth/session')
  @PublicRead({ visitorsOnly: true })
  session(@OptionalViewer() viewer: Viewer | null): SessionInfo {
    return { user: viewer ? toSessionUser(viewer.user) : null, recaptchaSiteKey: this.botCheck.siteKey };
  }

  @Post('auth/login')
  @HttpCode(200)
  async login(@Body() body: unknown, @Req() request: HttpRequest, @Res({ passthrough: true }) response: HttpReply): Promise<{ user: SessionUser; message: string }> {
    const { user, token, maxAgeMs } = await this.accounts.login(parseInput(loginSchema, body), sessionMeta(request));
    this.cookies.set(request, response, token, maxAgeMs);
    return { user: toSessionUser(user), message: M.loginSucceeded };
  }

  @Post('auth/register')
  @HttpCode(200)
  async register(@Body() body: unknown, @Req() request: HttpRequest, @Res({ passthrough: true }) response: HttpReply): Promise<{ user: SessionUser; message: string }> {
    const { user, token, maxAgeMs } = await this.accounts.register(parseInput(registerSchema, body), sessionMeta(request));
    this.cookies.set(request, response, token, maxAgeMs);
    return { user: toSessionUser(user), message: M.registerSucceeded };
  }

  /**
   * Logs out. Whoever asks is logged out afterwards, so it also succeeds for a session that already
   * ended (expired, or logged out in another tab): the page that still shows the member then
   * forgets them instead of keeping a member the server no longer knows.
   */
  @Post('auth/logout')
  @HttpCode(200)
  async logout(@OptionalViewer() viewer: Viewer | null, @Res({ passthrough: true }) response: HttpReply): Promise<{ message: string }> {
    if (viewer) await this.accounts.logout(viewer);
    clearSessionCookie(response);
    return { message: M.loggedOut };
  }

  @Post('auth/forgot-password')
  @HttpCode(200)
  async forgotPassword(@Body() body: unknown, @Req() request: HttpRequest): Promise<{ message: string }> {
    return { message: await this.resets.request(parseInput(forgotPasswordSchema, body), sessionMeta(request), siteOrigin(request)) };
  }

  @Post('auth/reset-password')
  @HttpCode(200)
  async resetPassword(@Body() body: unknown, @Req() request: HttpRequest): Promise<{ message: string }> {
    return { message: await this.resets.reset(parseInput(resetPasswordSchema, body), sessionMeta(request)) };
  }

  @Get('users/:username')
  profile(@Param('username') username: string): Promise<PublicProfile> {
    return this.accounts.publicProfile(username);
  }

  @Get('me')
  @UseGuards(MemberGuard)
  me(@CurrentViewer() viewer: Viewer): MyAccount {
    return toMyAccount(viewer.user);
  }

  @Patch('me/profile')
  @UseGuards(MemberGuard)
  async updateProfile(@CurrentViewer() viewer: Viewer, @Body() body: unknown): Promise<{ account: MyAccount; message: string }> {
    return { account: toMyAccount(await this.accounts.updateProfile(viewer, parseInput(profileInfoSchema, body))), message: M.profileSaved };
  }

  @Post('me/password')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  async updatePassword(@CurrentViewer() viewer: Viewer, @Body() body: unknown): Promise<{ message: string }> {
    await this.accounts.updatePassword(viewer, parseInput(passwordUpdateSchema, body));
    return { message: M.passwordChanged };
  }

  @Put('me/social')
  @UseGuards(MemberGuard)
  async updateSocial(@CurrentViewer() viewer: Viewer, @Body() body: unknown): Promise<{ account: MyAccount; message: string }> {
    return { account: toMyAccount(await this.accounts.updateSocial(viewer, parseInput(socialLinksSchema, body))), message: M.socialSaved };
  }

  @Post('me/avatar')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  async uploadAvatar(@CurrentViewer() viewer: Viewer, @Req() request: HttpRequest): Promise<{ image: string | null; account: MyAccount; message: string }> {
    const { image, user, message } = await this.avatars.upload(viewer.user.id, uploadedFile(request, 'file'));
    return { image, account: toMyAccount(user), message };
  }
}
