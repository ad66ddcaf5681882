import {
  TIMED_COMMENT_RULES,
  commentRooms,
  type CommentReportReason,
  type TimedComment,
  type TimedHeatStrip,
  type TimedRoomReplays,
} from '@seyirlik/shared-contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { deleteComment, reportComment } from '../comments/commentsApi';
import { useRealtimeEvent } from '../realtime/useRealtimeRoom';
import { useSharedRealtimeRoom } from '../realtime/useSharedRealtimeRoom';
import { useSessionUser } from '../session/session';
import { fetchHeatStrip, fetchRoomReplays, fetchTimedWindow, pinTimedComment, type TimedSource } from './timedCommentsApi';
import { heatBucketOf, mergeEntries, reachedBy, windowIndexOf } from './timedLane';

const COMMENTS: TimedSource = { kind: 'comments' };
const sourceKey = (source: TimedSource) => (source.kind === 'comments' ? 'comments' : `room:${source.code}`);

/**
 * The timed comments of an episode's player at `playhead` (null: no playhead, nothing is read):
 * the windows around the playhead are read as it moves (its own and the next, ahead of time), new
 * timed comments arrive live on the episode's timeline channel, and after every (re)join the read
 * windows are read again. Only what the playhead has reached is `shown`. A member may switch the
 * lane to the chat of a room that watched the episode (`replays`).
 */
export function useTimedComments({ episodeId, durationSeconds, playhead }: { episodeId: number; durationSeconds: number; playhead: number | null }) {
  const member = useSessionUser();
  const [source, setSource] = useState<TimedSource>(COMMENTS);
  const [entries, setEntries] = useState<TimedComment[]>([]);
  const [heat, setHeat] = useState<TimedHeatStrip | null>(null);
  const [replays, setReplays] = useState<TimedRoomReplays['rooms']>([]);
  const [overVideo, setOverVideo] = useState(false);
  /** The windows read or being read for the current source. */
  const loaded = useRef(new Set<number>());
  const current = useRef({ episodeId, key: sourceKey(source) });
  current.current = { episodeId, key: sourceKey(source) };

  // Another episode or another source starts from nothing.
  useEffect(() => {
    loaded.current = new Set();
    setEntries([]);
  }, [episodeId, source]);
  useEffect(() => setSource(COMMENTS), [episodeId]);

  const readWindow = useCallback(
    async (index: number) => {
      const asked = { episodeId, key: sourceKey(source) };
      const stillAsked = () => current.current.episodeId === asked.episodeId && current.current.key === asked.key;
      let from = index * TIMED_COMMENT_RULES.windowSeconds;
      const to = from + TIMED_COMMENT_RULES.windowSeconds;
      let after: number | null = null;
      for (;;) {
        const page = await fetchTimedWindow(episodeId, source, from, to, after);
        if (!stillAsked()) return;
        setEntries((list) => mergeEntries(list, page.comments));
        const last = page.comments.at(-1);
        if (!page.hasMore || !last) return;
        [from, after] = [last.positionSeconds, last.id];
      }
    },
    [episodeId, source],
  );

  const windowIndex = playhead === null ? null : windowIndexOf(playhead);
  useEffect(() => {
    if (windowIndex === null) return;
    // The playhead's window, and the next one read ahead of time (held, never shown early).
    for (const index of [windowIndex, windowIndex + 1]) {
      if (loaded.current.has(index)) continue;
      loaded.current.add(index);
      // A failed read is tried again when the playhead next enters the window.
      readWindow(index).catch(() => loaded.current.delete(index));
    }
  }, [windowIndex, readWindow]);

  // Once per episode, when a player with a playhead is there; pushes keep it current.
  const hasPlayhead = playhead !== null;
  useEffect(() => {
    if (!hasPlayhead) return;
    let stale = false;
    fetchHeatStrip(episodeId).then(
      (strip) => !stale && setHeat(strip),
      () => undefined,
    );
    return () => {
      stale = true;
    };
  }, [episodeId, hasPlayhead]);

  useEffect(() => {
    setReplays([]);
    if (!member) return;
    let stale = false;
    fetchRoomReplays(episodeId).then(
      (answer) => !stale && setReplays(answer.rooms),
      () => undefined,
    );
    return () => {
      stale = true;
    };
  }, [episodeId, member]);

  // After each (re)join, what was pushed while away is in the windows read again: at once, and
  // once more when the server's cached answers all postdate the join (TIMED_COMMENT_RULES.rereadAfterJoinMs).
  const reread = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(reread.current), [episodeId, source]);
  const catchUp = () => {
    const readHeld = () => [...loaded.current].forEach((index) => void readWindow(index).catch(() => undefined));
    readHeld();
    clearTimeout(reread.current);
    reread.current = setTimeout(readHeld, TIMED_COMMENT_RULES.rereadAfterJoinMs);
  };
  useSharedRealtimeRoom(!hasPlayhead ? null : commentRooms.timeline(episodeId), catchUp);
  const onComments = source.kind === 'comments';
  useRealtimeEvent('timedComment.created', (pushed) => {
    if (pushed.episodeId !== episodeId) return;
    setHeat(
      (strip) =>
        strip && {
          ...strip,
          buckets: strip.buckets.map((n, at) => (at === heatBucketOf(pushed.comment.positionSeconds, strip.durationSeconds) ? n + 1 : n)),
        },
    );
    if (onComments) setEntries((list) => mergeEntries(list, [pushed.comment]));
  });
  useRealtimeEvent('comment.deleted', ({ id }) => {
    if (onComments) setEntries((list) => list.filter((entry) => entry.id !== id));
  });

  /** Pins `text` to the second the playhead is at; it shows at once. */
  const pin = async (text: string, clientKey: string) => {
    if (playhead === null) return;
    const comment = await pinTimedComment(episodeId, {
      text,
      positionSeconds: Math.min(playhead, durationSeconds),
      clientKey,
    });
    if (current.current.key === 'comments') setEntries((list) => mergeEntries(list, [comment]));
  };

  const remove = async (comment: TimedComment) => {
    await deleteComment(comment.id);
    setEntries((list) => list.filter((entry) => entry.id !== comment.id));
  };

  const report = (comment: TimedComment, body: { reason: CommentReportReason; description: string }) => reportComment(comment.id, body);

  return {
    source,
    setSource,
    replays,
    /** The entries playback has reached, by second. */
    shown: reachedBy(entries, playhead),
    playhead,
    heat,
    overVideo,
    setOverVideo,
    pin,
    remove,
    report,
  };
}

export type TimedCommentsView = ReturnType<typeof useTimedComments>;
