import type { FlowPost } from '../flow/api';
import type { GroupView } from './api';

/**
 * Pushed to a group's channel (`group:{id}`, readable by whoever may read the group's posts) after
 * the change committed. The posts' events are the flow's, with the same payloads (`mine` false).
 */
export interface GroupServerEvents {
  'flow.postCreated': (post: FlowPost) => void;
  'flow.postChanged': (post: FlowPost) => void;
  'flow.postDeleted': (payload: { id: number }) => void;
  /** The group's fields, images or member count changed (as a visitor would see it: `role` null). */
  'group.changed': (group: GroupView) => void;
  /** The group was deleted: its pages go to the groups list. */
  'group.deleted': (payload: { id: number }) => void;
}
