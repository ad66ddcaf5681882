import { HttpStatus } from '@nestjs/common';
import { MESSAGES, REALTIME_MESSAGES } from '@seyirlik/shared-contracts';
import type { PinoLogger } from 'nestjs-pino';
import { z } from 'zod';
import { AppException } from '../http/app-exception';
import type { RealtimeSocket } from './realtime.types';
import { runSocketCommand, type SocketCommand } from './socket-command';

const socketOf = (userId: number | null, joined: string[] = []) => ({ data: { userId, sessionId: null }, rooms: new Set(joined) }) as unknown as RealtimeSocket;

describe('runSocketCommand', () => {
  const errors: unknown[] = [];
  const logger = { error: (entry: unknown) => errors.push(entry) } as unknown as PinoLogger;
  const ran: Array<{ code: string; userId: number }> = [];
  const sut = (overrides: Partial<SocketCommand<z.ZodType<{ code: string }>, true, { ok: true }>> = {}) => ({
    event: 'test.command',
    schema: z.object({ code: z.string({ error: 'Kod geçersiz.' }) }),
    member: true as const,
    channel: ({ code }: { code: string }) => `room:${code}`,
    run: async ({ code }: { code: string }, { userId }: { userId: number }) => {
      ran.push({ code, userId });
      return { ok: true as const };
    },
    ...overrides,
  });

  beforeEach(() => {
    errors.splice(0);
    ran.splice(0);
  });

  it('runs a member’s command in a channel its socket joined', async () => {
    expect(await runSocketCommand(socketOf(4, ['room:abc']), { code: 'abc' }, sut(), logger)).toEqual({ ok: true });
    expect(ran).toEqual([{ code: 'abc', userId: 4 }]);
  });

  it('refuses a visitor, a socket outside the channel and a malformed payload in Turkish, running nothing', async () => {
    expect(await runSocketCommand(socketOf(null, ['room:abc']), { code: 'abc' }, sut(), logger)).toEqual({ ok: false, message: MESSAGES.loginRequired });
    expect(await runSocketCommand(socketOf(4, ['room:xyz']), { code: 'abc' }, sut(), logger)).toEqual({ ok: false, message: REALTIME_MESSAGES.roomRefused });
    expect(await runSocketCommand(socketOf(4, ['room:abc']), { code: 5 }, sut(), logger)).toEqual({ ok: false, message: 'Kod geçersiz.' });
    expect(ran).toEqual([]);
  });

  it('answers a service’s refusal with its message, and an unexpected error with the general text, logged', async () => {
    const refusing = sut({ run: async () => Promise.reject(new AppException(HttpStatus.FORBIDDEN, 'Yetkiniz yok.')) });
    const failing = sut({ run: async () => Promise.reject(new Error('boom')) });

    expect(await runSocketCommand(socketOf(4, ['room:abc']), { code: 'abc' }, refusing, logger)).toEqual({ ok: false, message: 'Yetkiniz yok.' });
    expect(errors).toEqual([]);
    expect(await runSocketCommand(socketOf(4, ['room:abc']), { code: 'abc' }, failing, logger)).toEqual({ ok: false, message: MESSAGES.serverError });
    expect(errors).toHaveLength(1);
  });

  it('answers nothing for a silent command, refused or failed', async () => {
    const silent = sut({ silent: true, run: async () => Promise.reject(new Error('boom')) });

    expect(await runSocketCommand(socketOf(null), { code: 'abc' }, silent, logger)).toBeUndefined();
    expect(await runSocketCommand(socketOf(4, ['room:abc']), { code: 'abc' }, silent, logger)).toBeUndefined();
  });
});
