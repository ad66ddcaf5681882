import { ROOM_CODE_PATTERN } from './rules';
import { roomCodeSchema } from './schemas';

describe("a room's code", () => {
  it.each(['Ab3dEf7hJk9m', 'abcdefghijkl', '123456789012', 'Ab3dEf7hJk9', 'Ab3dEf7hJk9mn', 'Ab3dEf7hJk9-', 'Ab3dEf7hJk9ı', ' b3dEf7hJk9m', ''])(
    'is told by ROOM_CODE_PATTERN alone as roomCodeSchema tells it: %p',
    (code) => {
      expect(ROOM_CODE_PATTERN.test(code)).toBe(roomCodeSchema.safeParse(code).success);
    },
  );
});
