import { ACCOUNT_MESSAGES } from '../accounts/messages';
import { CONTACT_MESSAGES as M } from './messages';
import { contactMessageSchema } from './contact';
import { annualSavingPercent, formatPrice, planAmount, pricingConfigSchema } from './pricing';
import { FAQ_ENTRIES } from './faq';

const firstMessage = (input: unknown) => {
  const parsed = contactMessageSchema.safeParse(input);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('contactMessageSchema', () => {
  const contact = { name: ' Ayşe ', email: 'ayse@example.com', subject: 'Konu\nikinci satır', message: ' Merhaba,\r\nnasılsınız? ' };

  it('keeps the texts as typed, trimmed, the subject on one line and the message with its line breaks', () => {
    expect(contactMessageSchema.parse(contact)).toEqual({ name: 'Ayşe', email: 'ayse@example.com', subject: 'Konu ikinci satır', message: 'Merhaba,\nnasılsınız?' });
  });

  it('keeps markup as text', () => {
    expect(contactMessageSchema.parse({ ...contact, message: '<script>x</script>' }).message).toBe('<script>x</script>');
  });

  it.each(['name', 'email', 'subject', 'message'])("answers the seed's text when %s is missing or blank", (field) => {
    expect(firstMessage({ ...contact, [field]: undefined })).toBe('Lütfen tüm alanları doldurunuz.');
    expect(firstMessage({ ...contact, [field]: ' \u200B ' })).toBe(field === 'email' ? ACCOUNT_MESSAGES.emailInvalid : M.allFields);
  });

  it('refuses a malformed e-mail address and over-long texts', () => {
    expect(firstMessage({ ...contact, email: 'ayse@' })).toBe(M.emailInvalid);
    expect(firstMessage({ ...contact, name: 'a'.repeat(81) })).toBe(M.nameTooLong);
    expect(firstMessage({ ...contact, message: 'a'.repeat(1_000_000) })).toBe(M.messageTooLong);
  });
});

describe('pricing', () => {
  const plan = { id: 'standart', name: 'Standart', description: 'Reklamsız.', monthly: 50, annual: 480 };

  it('fills the defaults of a plan and of the list', () => {
    expect(pricingConfigSchema.parse({ plans: [plan] })).toEqual({ currency: 'TRY', plans: [{ ...plan, features: [], highlighted: false }] });
  });

  it.each([
    ['no plans', { plans: [] }],
    ['a negative amount', { plans: [{ ...plan, monthly: -1 }] }],
    ['three decimals', { plans: [{ ...plan, annual: 1.005 }] }],
    ['an unknown field', { plans: [{ ...plan, price: 3 }] }],
    ['an unknown currency', { currency: 'GBP', plans: [plan] }],
    ['two plans with one id', { plans: [plan, plan] }],
  ])('refuses %s', (_case, config) => {
    expect(pricingConfigSchema.safeParse(config).success).toBe(false);
  });

  it('gives the amount of the period shown and the annual saving', () => {
    const parsed = pricingConfigSchema.parse({ plans: [plan] }).plans[0]!;

    expect([planAmount(parsed, 'monthly'), planAmount(parsed, 'annual')]).toEqual([50, 480]);
    expect(annualSavingPercent(parsed)).toBe(20);
    expect(annualSavingPercent({ ...parsed, monthly: 0, annual: 0 })).toBe(0);
  });

  it('formats prices in Turkish', () => {
    expect(formatPrice(49.9, 'TRY').replace(/\s/g, ' ')).toBe('₺49,90');
    expect(formatPrice(479, 'TRY')).toBe('₺479');
  });
});

describe('FAQ_ENTRIES', () => {
  it('has unique ids and a question and answer each', () => {
    expect(new Set(FAQ_ENTRIES.map((entry) => entry.id)).size).toBe(FAQ_ENTRIES.length);
    FAQ_ENTRIES.forEach((entry) => expect(entry.question.endsWith('?') && entry.answer.length > 20).toBe(true));
  });
});
