import { skipSegmentChannel, type SkipSegmentList } from '@seyirlik/shared-contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useRealtimeEvent, useRealtimeRoom } from '../realtime/useRealtimeRoom';
import { useSessionUser } from '../session/session';
import { fetchSkipSegments } from './skipSegmentsApi';

const skipSegmentsKey = (sourceId: number | null) => ['skip-segments', sourceId] as const;

/**
 * A source's markings as the viewer sees them (null: no source with a playhead, or not read yet),
 * read again when the episode's channel says one changed and after every (re)join of it.
 */
export function useSkipSegments(sourceId: number | null, episodeId: number): { list: SkipSegmentList | null; refresh: () => void } {
  const memberId = useSessionUser()?.id ?? null;
  const queryClient = useQueryClient();
  const query = useQuery({
    // Each viewer sees other markings: a login or logout reads them again.
    queryKey: [...skipSegmentsKey(sourceId), memberId],
    queryFn: () => fetchSkipSegments(sourceId!),
    enabled: sourceId !== null,
    gcTime: 0,
  });
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: skipSegmentsKey(sourceId) }), [queryClient, sourceId]);
  useRealtimeRoom(sourceId === null ? null : skipSegmentChannel(episodeId), refresh);
  useRealtimeEvent('skipSegment.changed', (payload) => {
    if (payload.sourceId === sourceId) refresh();
  });
  return { list: sourceId === null ? null : (query.data ?? null), refresh };
}
