import { Controller, Module, Post, UseGuards } from '@nestjs/common';
import { APP_FILTER, NestFactory } from '@nestjs/core';
import { MESSAGES } from '@seyirlik/shared-contracts';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { PinoLogger } from 'nestjs-pino';
import request from 'supertest';
import { HttpErrorFilter } from './http-error.filter';
import { originCheck } from './origin-check';

/** A guard that refuses: Nest answers it with a plain 403. */
const refuse = { canActivate: () => false };

@Controller()
class GuardedController {
  @Post(['api/guarded', 'guarded'])
  @UseGuards(refuse)
  guarded(): { ok: true } {
    return { ok: true };
  }

  @Post('open')
  open(): { ok: true } {
    return { ok: true };
  }
}

@Module({
  controllers: [GuardedController],
  providers: [{ provide: APP_FILTER, useClass: HttpErrorFilter }, { provide: PinoLogger, useValue: { error: () => undefined } }],
})
class GuardedModule {}

describe('HttpErrorFilter on a 403', () => {
  let sut: NestFastifyApplication;

  beforeAll(async () => {
    sut = await NestFactory.create<NestFastifyApplication>(GuardedModule, new FastifyAdapter(), { logger: false });
    sut.getHttpAdapter().getInstance().addHook('onRequest', originCheck(null));
    await sut.init();
    await sut.getHttpAdapter().getInstance().ready();
  });

  afterAll(() => sut.close());

  it('answers a guard’s refusal with the general forbidden text on the legacy API', async () => {
    const response = await request(sut.getHttpServer()).post('/guarded');

    expect(response.status).toBe(403);
    expect(response.body).toEqual({ success: false, error: true, message: MESSAGES.forbidden });
  });

  it('answers it with the general forbidden text on the JSON API', async () => {
    const response = await request(sut.getHttpServer()).post('/api/guarded');

    expect(response.status).toBe(403);
    expect(response.body).toEqual({ statusCode: 403, message: MESSAGES.forbidden });
  });

  it('keeps the cross-site text for a request another site sent', async () => {
    const response = await request(sut.getHttpServer()).post('/open').set('Origin', 'https://elsewhere.example').set('Host', 'seyirlik.example');

    expect(response.status).toBe(403);
    expect(response.body).toEqual({ success: false, error: true, message: MESSAGES.forbiddenOrigin });
  });
});
