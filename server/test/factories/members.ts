import { randomBytes } from 'node:crypto';
import request from 'supertest';

export interface MemberInput {
  username: string;
  emailAddress: string;
  password: string;
}

/** A member's registration data, unique per call. */
export function buildMember(overrides: Partial<MemberInput> = {}): MemberInput {
  const suffix = randomBytes(3).toString('hex');
  return {
    username: `uye_${suffix}`,
    emailAddress: `uye_${suffix}@example.com`,
    password: `gizli-${suffix}-parola`,
    ...overrides,
  };
}

let lastAddress = 0;

/**
 * A distinct client address per simulated visitor (sent as X-Forwarded-For to a server that
 * trusts its proxy), so per-IP rate limits treat test visitors as the different people they are.
 */
export function nextClientAddress(): string {
  lastAddress += 1;
  return `10.${(process.pid >> 8) & 255}.${(lastAddress >> 8) & 255}.${lastAddress & 255}`;
}

/** A supertest agent (it keeps cookies) for one visitor with an address of its own. */
export function visitorAgent(baseUrl: string) {
  return request.agent(baseUrl).set('X-Forwarded-For', nextClientAddress());
}

/** Registers through the legacy form and answers a logged-in agent (it keeps the session cookie). */
export async function registerMember(baseUrl: string, overrides: Partial<MemberInput> = {}) {
  const member = buildMember(overrides);
  const agent = visitorAgent(baseUrl);
  const response = await agent
    .post('/auth/register')
    .type('form')
    .send({ ...member, passwordAgain: member.password });
  if (response.status !== 200 || !response.body.success) {
    throw new Error(`registration failed: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return { member, agent };
}
