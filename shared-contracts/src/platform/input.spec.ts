import { z } from 'zod';
import * as catalogImport from '../catalog/import-schema';
import * as contracts from '../index';
import { cleanTypedText, decimalNumber, idSchema, rawLengthFor, wholeNumber } from './input';

type AnySchema = z.core.$ZodType;

/**
 * Where a schema lets a field cost more than its size: a string not refused on its raw length
 * before any other check (its first check a `max_length` that aborts), a list without a length
 * limit, a coerced number (`z.coerce` calls `Number()` on whatever arrives), a record of any size.
 */
function unboundedFields(schema: AnySchema, path: string, seen = new Set<AnySchema>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const checks = ((def as { checks?: z.core.$ZodCheck[] }).checks ?? []).map((check) => check._zod.def as { check: string; abort?: boolean });
  const walk = (child: unknown, where: string) => unboundedFields(child as AnySchema, where, seen);
  switch (def.type) {
    case 'string': {
      const first = checks[0];
      return first && (first.check === 'max_length' || first.check === 'length_equals') && first.abort ? [] : [`${path}: string not bounded first`];
    }
    case 'number':
      return (def as { coerce?: boolean }).coerce ? [`${path}: z.coerce.number`] : [];
    case 'array':
      return [
        ...(checks.some((check) => check.check === 'max_length' || check.check === 'length_equals') ? [] : [`${path}: list without a length limit`]),
        ...walk(def.element, `${path}[]`),
      ];
    case 'object':
      return [
        ...Object.entries(def.shape as Record<string, unknown>).flatMap(([key, child]) => walk(child, `${path}.${key}`)),
        ...(def.catchall ? walk(def.catchall, `${path}.*`) : []),
      ];
    case 'record':
      return [`${path}: record of any size`];
    case 'union':
      return (def.options as unknown[]).flatMap((option, index) => walk(option, `${path}|${index}`));
    case 'intersection':
      return [...walk(def.left, path), ...walk(def.right, path)];
    case 'tuple':
      return (def.items as unknown[]).flatMap((item, index) => walk(item, `${path}[${index}]`));
    case 'pipe':
      return [...walk(def.in, path), ...walk(def.out, path)];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return walk(def.innerType, path);
    case 'lazy':
      return walk((def.getter as () => unknown)(), path);
    default:
      return [];
  }
}

/**
 * Not request input: the catalog import reads an operator's file with the CLI (its own limits are
 * tested with it), and the legacy envelope describes replies.
 */
const NOT_REQUEST_INPUT = new Set([...Object.keys(catalogImport), 'legacyEnvelopeSchema']);

const requestSchemas = Object.entries(contracts).filter(
  ([name, value]) => !NOT_REQUEST_INPUT.has(name) && value instanceof z.ZodType,
) as Array<[string, AnySchema]>;

describe('request field schemas', () => {
  it('finds the schemas to check', () => {
    expect(requestSchemas.map(([name]) => name)).toEqual(
      expect.arrayContaining(['commentTextSchema', 'chatTextSchema', 'loginSchema', 'legacyReportSchema', 'sendChatBodySchema']),
    );
  });

  it.each(requestSchemas)('%s bounds every field on its raw size before any other work', (name, schema) => {
    expect(unboundedFields(schema, name)).toEqual([]);
  });

  it('the check itself finds an unbounded string, list, coercion and record', () => {
    const careless = z.object({
      text: z.string().transform((value) => value.trim()),
      late: z.string().trim().max(5),
      notAborting: z.string().max(5),
      ids: z.array(z.number()),
      page: z.coerce.number(),
      extra: z.record(z.string(), z.string()),
    });
    expect(unboundedFields(careless, 'careless')).toEqual([
      'careless.text: string not bounded first',
      'careless.late: string not bounded first',
      'careless.notAborting: string not bounded first',
      'careless.ids: list without a length limit',
      'careless.page: z.coerce.number',
      'careless.extra: record of any size',
    ]);
  });
});

describe('a text refused on its raw length', () => {
  it('runs no later check on a text over the bound, however slow it would be', () => {
    let looked = false;
    const sut = contracts.boundedString('gerekli', 'uzun', 10).refine(() => (looked = true));
    expect(sut.safeParse('ş'.repeat(11)).error?.issues.map((issue) => issue.message)).toEqual(['uzun']);
    expect(looked).toBe(false);
  });

  it('takes a 500-character comment of the slowest characters within a few milliseconds', () => {
    const worst = ['ş', 'a\u0301\u0302', '👨‍👩‍👧‍👦', '🇹🇷', ':slightly_smiling_face:', '<a '];
    for (const unit of worst) {
      const text = unit.repeat(Math.ceil(rawLengthFor(500) / unit.length)).slice(0, rawLengthFor(500));
      const started = performance.now();
      contracts.commentTextSchema.safeParse(text);
      contracts.chatTextSchema.safeParse(text);
      expect(performance.now() - started).toBeLessThan(250);
    }
  });

  it('refuses 66,000 × ş (the text that froze a process) with the length message', () => {
    const result = contracts.commentTextSchema.safeParse('ş'.repeat(66_000));
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([contracts.COMMENT_MESSAGES.textTooLong]);
  });

  it('cleans comments and chat alike: controls, bidirectional overrides and U+FFFD dropped, line breaks kept', () => {
    const typed = ' a\uFFFDb\u0007\u202Ec\r\nd ';
    expect(cleanTypedText(typed)).toBe('abc\nd');
    expect(contracts.commentTextSchema.parse(typed)).toBe('abc\nd');
    expect(contracts.chatTextSchema.parse(typed)).toBe('abc\nd');
  });
});

describe('ids and numbers', () => {
  const sut = idSchema('geçersiz');

  it.each([
    [5, 5],
    ['5', 5],
    ['0005', 5],
    ['2147483647', 2_147_483_647],
  ])('takes %p as %p', (input, id) => {
    expect(sut.parse(input)).toBe(id);
  });

  it.each([['0x10'], [' 5 '], ['5 '], ['+5'], ['-5'], ['1e3'], ['5.0'], [true], [[[1]]], [[1]], [{ toString: 1 }], [null], [''], [0], [5.5], [2_147_483_648], [Number.NaN], [Infinity]])(
    'refuses %p with its message',
    (input) => {
      expect(sut.safeParse(input).error?.issues.map((issue) => issue.message)).toEqual(['geçersiz']);
    },
  );

  it('refuses a 50,000-deep list without throwing', () => {
    let deep: unknown[] = [];
    const root = deep;
    for (let depth = 0; depth < 50_000; depth++) {
      const inner: unknown[] = [];
      deep.push(inner);
      deep = inner;
    }
    expect(sut.safeParse(root).success).toBe(false);
    expect(wholeNumber('x', { min: 0, max: 10 }).safeParse(root).success).toBe(false);
  });

  it('reads decimals from forms, not other forms', () => {
    const seconds = decimalNumber('geçersiz', { min: 0, max: 100 });
    expect(seconds.parse('12.5')).toBe(12.5);
    expect(seconds.parse(12)).toBe(12);
    expect(seconds.safeParse('0x10').success).toBe(false);
    expect(seconds.safeParse('1e2').success).toBe(false);
    expect(seconds.safeParse(' 12').success).toBe(false);
  });
});
