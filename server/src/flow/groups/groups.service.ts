import { HttpStatus, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  GROUPS_PATH,
  GROUP_MESSAGES as M,
  GROUP_RULES as R,
  rooms,
  type GroupCreatedReply,
  type GroupDeletedReply,
  type GroupFields,
  type GroupList,
  type GroupListQuery,
  type GroupMemberList,
  type GroupMemberSearchResult,
  type GroupReply,
  type GroupView,
} from '@seyirlik/shared-contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { DomainEvents } from '../../platform/events/domain-events';
import { AppException } from '../../platform/http/app-exception';
import { RateLimitService } from '../../platform/rate-limit/rate-limit.service';
import { RealtimeService } from '../../platform/realtime/realtime.service';
import './group-events';
import { GroupAccess } from './group-access';
import { GroupContent } from './group-content';
import { GroupImages, type GroupImageFile } from './group-images';
import { freeSlug, slugBase } from './group-slug';
import { GroupsRepository, type GroupImageSlot, type LockedGroup } from './groups.repository';

/** A group's cover and poster as a request sends them (either may be missing). */
export interface GroupImageFiles {
  cover: GroupImageFile | null;
  poster: GroupImageFile | null;
}

/** Slots an edit empties ("remove the cover"). */
export interface GroupImageRemovals {
  cover: boolean;
  poster: boolean;
}

const SLOTS: readonly GroupImageSlot[] = ['cover', 'poster'];
/** Tries at a free address when another group took the chosen one meanwhile. */
const SLUG_ATTEMPTS = 5;

const notFound = () => new AppException(HttpStatus.NOT_FOUND, M.groupNotFound);

function isSlugRace(error: unknown): boolean {
  const { code, constraint } = error as { code?: string; constraint?: string };
  return code === '23505' && constraint === 'flow_group_slug_key';
}

/**
 * Groups (see GROUP_VISIBILITIES for who sees and joins what): members make them, their owners edit
 * them, add and remove members and delete them; members of the site join and leave open ones. Each
 * write checks the viewer's role first, commits, and then pushes the group again on its channel
 * (`group:{id}`), which only its readers may join.
 */
@Injectable()
export class GroupsService implements OnModuleInit {
  constructor(
    private readonly groups: GroupsRepository,
    private readonly access: GroupAccess,
    private readonly images: GroupImages,
    private readonly content: GroupContent,
    private readonly events: DomainEvents,
    private readonly realtime: RealtimeService,
    private readonly rateLimit: RateLimitService,
    private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    this.images.onProcessed((groupId) => this.pushChanged(groupId));
  }

  async list(viewerId: number | null, query: GroupListQuery): Promise<GroupList> {
    const { groups, hasMore } = await this.groups.list(viewerId, { page: query.page, search: query.q, mine: query.mine });
    return { groups, page: query.page, hasMore };
  }

  /** The group's page; a hidden group is not found by anyone outside it. */
  async view(viewerId: number | null, where: { id: number } | { slug: string }): Promise<GroupView> {
    const group = await this.groups.view(where, viewerId);
    if (!group || (group.private && group.role === null)) throw notFound();
    return group;
  }

  /** Makes a group with its owner as first member; answers it with its link. */
  async create(ownerId: number, fields: GroupFields, files: GroupImageFiles): Promise<GroupCreatedReply> {
    await this.rateLimit.enforce('group-create', R.createRateLimit, String(ownerId));
    for (const slot of SLOTS) await this.images.check(files[slot]);
    const base = slugBase(fields.name);
    for (let attempt = 1; ; attempt++) {
      const slug = freeSlug(base, await this.groups.slugsLike(base));
      try {
        const id = await this.dataSource.transaction(async (manager) => {
          const groupId = await this.groups.insert(manager, ownerId, slug, fields);
          for (const slot of SLOTS) {
            const file = files[slot];
            if (file) await this.images.store(manager, { id: groupId, ownerId, pendingUploadId: null }, slot, file);
          }
          await this.events.publish(manager, 'group.created', { groupId, ownerId });
          return groupId;
        });
        const group = await this.view(ownerId, { id });
        return { group, link: group.link, message: M.created };
      } catch (error) {
        if (!isSlugRace(error) || attempt >= SLUG_ATTEMPTS) throw error;
      }
    }
  }

  /** The owner's edit: the fields, new images (processed by a job), and images removed. */
  async update(viewerId: number, groupId: number, fields: GroupFields, files: GroupImageFiles, removals: GroupImageRemovals): Promise<GroupReply> {
    await this.rateLimit.enforce('group-update', R.updateRateLimit, String(viewerId));
    for (const slot of SLOTS) await this.images.check(files[slot]);
    const narrowed = await this.dataSource.transaction(async (manager) => {
      const group = await this.lockAsOwner(manager, viewerId, groupId);
      await this.groups.update(manager, groupId, fields);
      for (const slot of SLOTS) {
        const held = { fileId: slot === 'cover' ? group.coverFileId : group.posterFileId, uploadId: slot === 'cover' ? group.coverUploadId : group.posterUploadId };
        const file = files[slot];
        if (file) await this.images.store(manager, { id: groupId, ownerId: group.ownerId, pendingUploadId: held.uploadId }, slot, file);
        else if (removals[slot]) await this.images.clear(manager, groupId, slot, held);
      }
      const wasOpen = !group.private && !group.privacy;
      return wasOpen && (fields.private || fields.privacy);
    });
    // Readers who are not members may no longer read it: their sockets leave its channel.
    if (narrowed) await this.realtime.keepOnlyMembers(rooms.group(groupId), new Set(await this.groups.memberIds(groupId)));
    await this.pushChanged(groupId);
    return { group: await this.view(viewerId, { id: groupId }), message: M.updated };
  }

  /** The owner deletes the group with its posts, members and images; its pages go to the list. */
  async delete(viewerId: number, groupId: number): Promise<GroupDeletedReply> {
    await this.dataSource.transaction(async (manager) => {
      const group = await this.lockAsOwner(manager, viewerId, groupId);
      await this.content.removeAll(manager, groupId);
      for (const slot of SLOTS) {
        await this.images.clear(manager, groupId, slot, {
          fileId: slot === 'cover' ? group.coverFileId : group.posterFileId,
          uploadId: slot === 'cover' ? group.coverUploadId : group.posterUploadId,
        });
      }
      await this.groups.delete(manager, groupId);
    });
    this.realtime.toRoom(rooms.group(groupId), 'group.deleted', { id: groupId });
    return { message: M.deleted, go: GROUPS_PATH };
  }

  /** A member of the site joins an open group. */
  async join(viewerId: number, groupId: number): Promise<GroupReply> {
    const role = await this.access.role(viewerId, groupId);
    if (role === 'missing') throw notFound();
    if (role === 'outside') throw new AppException(HttpStatus.FORBIDDEN, M.joinClosed);
    if (role !== 'reader') throw new AppException(HttpStatus.CONFLICT, M.alreadyMember);
    const added = await this.dataSource.transaction((manager) => this.groups.addMember(manager, groupId, viewerId));
    if (!added) throw new AppException(HttpStatus.CONFLICT, M.alreadyMember);
    await this.pushChanged(groupId);
    return { group: await this.view(viewerId, { id: groupId }), message: M.joined };
  }

  /** A member leaves; the owner cannot (they delete the group instead). */
  async leave(viewerId: number, groupId: number): Promise<GroupReply> {
    const role = await this.access.role(viewerId, groupId);
    if (role === 'missing') throw notFound();
    if (role === 'owner') throw new AppException(HttpStatus.BAD_REQUEST, M.ownerCannotLeave);
    if (role !== 'member') throw new AppException(HttpStatus.CONFLICT, M.notMember);
    const removed = await this.dataSource.transaction((manager) => this.groups.removeMember(manager, groupId, viewerId));
    if (!removed) throw new AppException(HttpStatus.CONFLICT, M.notMember);
    await this.afterRemoval(groupId, viewerId);
    // Not `view`: a member who just left a hidden group is still answered what they left.
    const group = await this.groups.view({ id: groupId }, viewerId);
    if (!group) throw notFound();
    return { group, message: M.left };
  }

  /** The owner adds a member of the site by username. */
  async addMember(viewerId: number, groupId: number, username: string): Promise<GroupReply> {
    await this.assertOwner(viewerId, groupId);
    await this.rateLimit.enforce('group-add-member', R.addMemberRateLimit, String(viewerId));
    const userId = await this.groups.memberIdByUsername(username);
    if (userId === null) throw new AppException(HttpStatus.NOT_FOUND, M.userNotFound);
    const added = await this.dataSource.transaction((manager) => this.groups.addMember(manager, groupId, userId));
    if (!added) throw new AppException(HttpStatus.CONFLICT, M.memberAlreadyIn);
    await this.pushChanged(groupId);
    return { group: await this.view(viewerId, { id: groupId }), message: M.memberAdded };
  }

  /** The owner removes a member (never themselves). */
  async removeMember(viewerId: number, groupId: number, userId: number): Promise<GroupReply> {
    await this.assertOwner(viewerId, groupId);
    if (userId === viewerId) throw new AppException(HttpStatus.BAD_REQUEST, M.cannotRemoveOwner);
    const removed = await this.dataSource.transaction((manager) => this.groups.removeMember(manager, groupId, userId));
    if (!removed) throw new AppException(HttpStatus.NOT_FOUND, M.memberNotIn);
    await this.afterRemoval(groupId, userId);
    return { group: await this.view(viewerId, { id: groupId }), message: M.memberRemoved };
  }

  /** A page of the group's members, for those who may read the group. */
  async members(viewerId: number | null, groupId: number, page: number): Promise<GroupMemberList> {
    await this.access.assertReadsGroup(viewerId, groupId);
    const { members, hasMore } = await this.groups.members(groupId, page);
    return { members, page, hasMore };
  }

  /** The owner's member search (§5): members of the site matching the text, each marked when already in the group. */
  async searchMembers(viewerId: number, groupId: number, query: string): Promise<GroupMemberSearchResult> {
    await this.assertOwner(viewerId, groupId);
    return { members: await this.groups.searchMembers(groupId, query) };
  }

  /** Refuses anyone but the owner: 404 to whom the group is hidden, 403 to the others. */
  async assertOwner(viewerId: number, groupId: number, manager?: EntityManager): Promise<void> {
    const role = await this.access.role(viewerId, groupId, manager);
    if (role === 'missing') throw notFound();
    if (role !== 'owner') throw new AppException(HttpStatus.FORBIDDEN, M.ownerOnly);
  }

  private async lockAsOwner(manager: EntityManager, viewerId: number, groupId: number): Promise<LockedGroup> {
    const group = await this.groups.lock(manager, groupId);
    if (!group) throw notFound();
    await this.assertOwner(viewerId, groupId, manager);
    return group;
  }

  /** A member left or was removed: unless the group is open, their sockets leave its channel; everyone sees the new count. */
  private async afterRemoval(groupId: number, userId: number): Promise<void> {
    const role = await this.access.role(null, groupId);
    if (role !== 'reader') this.realtime.removeFromRoom(rooms.user(userId), rooms.group(groupId));
    await this.pushChanged(groupId);
  }

  /** The group as a visitor would see it, to its channel: each page keeps its own role. */
  private async pushChanged(groupId: number): Promise<void> {
    const group = await this.groups.view({ id: groupId }, null);
    if (group) this.realtime.toRoom(rooms.group(groupId), 'group.changed', group);
  }
}
