import { StreamSequences1763800000000 } from './1763800000000-stream-sequences';
import { Accounts1763900000000 } from './1763900000000-accounts';
import { Catalog1764000000000 } from './1764000000000-catalog';
import { MemberState1764100000000 } from './1764100000000-member-state';

/** Every migration, oldest first. A new migration is added here and nowhere else. */
export const migrations = [StreamSequences1763800000000, Accounts1763900000000, Catalog1764000000000, MemberState1764100000000];
