// Whether `npm install` left package-lock.json as committed (argument: the copy taken before).
// Entries of optional packages for other platforms (@swc/core-darwin-*, ...) are not compared:
// npm writes them when the registry it reaches has them and leaves them out when it has not,
// and they never change what is installed here.
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';

const foreign = (entry) =>
  entry.optional === true &&
  ((Array.isArray(entry.os) && !entry.os.includes(process.platform)) || (Array.isArray(entry.cpu) && !entry.cpu.includes(process.arch)));

function comparable(file) {
  const lock = JSON.parse(readFileSync(file, 'utf8'));
  const packages = Object.fromEntries(Object.entries(lock.packages ?? {}).filter(([, entry]) => !foreign(entry)));
  return { ...lock, packages };
}

const [before, after] = [process.argv[2], 'package-lock.json'].map(comparable);
process.exit(isDeepStrictEqual(before, after) ? 0 : 1);
