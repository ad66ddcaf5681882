import { SEND_KEY_MESSAGES, sendKeySchema } from './send-key';

describe('sendKeySchema', () => {
  it.each([['a UUID', '0b7e2f5c-3c4e-4d2a-9a51-6f1b2c3d4e5f'], ['8 characters', 'abcd_-12'], ['64 characters', 'A'.repeat(64)]])('takes %s', (_case, key) => {
    expect(sendKeySchema.parse(key)).toBe(key);
  });

  it.each([[undefined], [null], ['']])('reads %p as no key, as legacy clients send', (value) => {
    expect(sendKeySchema.parse(value)).toBeUndefined();
  });

  it.each([['7 characters', 'abcdefg'], ['65 characters', 'A'.repeat(65)], ['a space', 'abcd efgh'], ['a Turkish letter', 'anahtarş'], ['a number', 12345678], ['an array', ['abcdefgh']]])(
    'refuses %s in Turkish',
    (_case, value) => {
      const parsed = sendKeySchema.safeParse(value);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(SEND_KEY_MESSAGES.invalid);
    },
  );
});
