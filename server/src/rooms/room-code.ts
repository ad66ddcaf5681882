import { randomInt } from 'node:crypto';
import { HttpStatus } from '@nestjs/common';
import { ROOM_MESSAGES, roomCodeSchema } from '@seyirlik/shared-contracts';
import { AppException } from '../platform/http/app-exception';

const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const CODE_LENGTH = 12;

/** A fresh room code: 12 characters drawn uniformly from [A-Za-z0-9] by the CSPRNG (about 71 bits). */
export function generateRoomCode(): string {
  let code = '';
  for (let index = 0; index < CODE_LENGTH; index += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** A room code from a path, a query or a legacy field; a malformed one names no room (404). */
export function parseRoomCode(value: unknown): string {
  const parsed = roomCodeSchema.safeParse(value);
  if (!parsed.success) throw new AppException(HttpStatus.NOT_FOUND, ROOM_MESSAGES.roomCodeInvalid);
  return parsed.data;
}
