import { commentRooms } from '../comments/api';

/**
 * A watch page's markings arrive on the episode's `content:` channel, the one its comments use:
 * every viewer of the episode's page may hold it.
 */
export const skipSegmentChannel = commentRooms.episode;

/** Pushed to skipSegmentChannel after a marking or a vote committed. */
export interface SkipSegmentServerEvents {
  /** A marking of `sourceId` was made or voted on: a viewer of that source reads its markings again (each viewer sees them differently). */
  'skipSegment.changed': (payload: { sourceId: number; segmentId: number }) => void;
}
