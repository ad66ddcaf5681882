import { flowPostIdSchema } from '../flow/schemas';
import { MAX_ID } from '../platform/limits';
import { flowPostLink, readFlowPostId } from './rules';

describe("a post's address", () => {
  it.each(['1', '42', '007', String(MAX_ID), String(MAX_ID + 1), '0', '-1', '+1', '1.5', '1e3', '0x10', ' 1', '1 ', '', 'abc', '12345678901234567'])(
    'reads %p as flowPostIdSchema reads a post id',
    (segment) => {
      const parsed = flowPostIdSchema.safeParse(segment);

      expect(readFlowPostId(segment)).toBe(parsed.success ? parsed.data : null);
    },
  );

  it('reads back the id flowPostLink wrote', () => {
    expect(readFlowPostId(flowPostLink(1234).slice('/gonderi/'.length))).toBe(1234);
  });
});
