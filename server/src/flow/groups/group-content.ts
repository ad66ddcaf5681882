import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** Removes what a feature keeps for a group (the flow: its posts' stored photos), in the deletion's transaction. */
export type GroupContentRemover = (manager: EntityManager, groupId: number) => Promise<void>;

/**
 * What other features keep inside a group, told of its deletion: the database deletes their rows
 * with the group (foreign keys), but files they stored beside them are theirs to remove, in the
 * same transaction. Each feature registers its remover when its module starts.
 */
@Injectable()
export class GroupContent {
  private readonly removers: GroupContentRemover[] = [];

  register(remover: GroupContentRemover): void {
    this.removers.push(remover);
  }

  async removeAll(manager: EntityManager, groupId: number): Promise<void> {
    for (const remover of this.removers) await remover(manager, groupId);
  }
}
