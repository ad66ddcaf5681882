import { ACCOUNT_MESSAGES as M } from './messages';
import { loginSchema, registerSchema, resetPasswordSchema, socialLinksSchema } from './schemas';

const token = 'x'.repeat(43);
const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('account schemas', () => {
  it('accept a reset with or without the repeated password, but not a different one', () => {
    expect(resetPasswordSchema.safeParse({ password: 'yepyeni-parola', token }).success).toBe(true);
    expect(resetPasswordSchema.safeParse({ password: 'yepyeni-parola', passwordAgain: 'yepyeni-parola', token }).success).toBe(true);
    expect(firstMessage(resetPasswordSchema.safeParse({ password: 'yepyeni-parola', passwordAgain: 'baska', token }))).toBe(
      M.passwordsDoNotMatch,
    );
  });

  it('read remember as the legacy 1/0 or a boolean', () => {
    const parse = (remember: unknown) => loginSchema.parse({ username: 'ayse', password: 'x', remember }).remember;
    expect([parse('1'), parse('0'), parse(true), parse(undefined)]).toEqual([true, false, true, false]);
  });

  it('trim the username and keep its case', () => {
    const input = registerSchema.parse({ username: '  Ayse_K ', emailAddress: 'a@example.com', password: 'gizli-parola', passwordAgain: 'gizli-parola' });
    expect(input.username).toBe('Ayse_K');
  });

  it('take social handles out of profile addresses', () => {
    expect(socialLinksSchema.parse({ facebook: 'https://www.facebook.com/ayse.k/', twitter: '@ayse', instagram: 'ayse_k' })).toEqual({
      facebook: 'ayse.k',
      twitter: 'ayse',
      instagram: 'ayse_k',
    });
  });
});
