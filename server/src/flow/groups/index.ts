/**
 * What other features use of groups: the module, the access rule of group posts (who reads and
 * posts in a group, as SQL for statements that embed it), and the registry of what a group's
 * deletion must remove beside its rows.
 */
export { GroupsModule } from './groups.module';
export { GroupAccess, groupRoleSql, postsIn, readRefusal, readsPosts, type GroupRole, type PostStanding } from './group-access';
export { GroupContent } from './group-content';
export type { GroupCreatedEvent } from './group-events';
