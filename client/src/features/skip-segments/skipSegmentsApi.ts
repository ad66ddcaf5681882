import type { MarkSkipSegmentBody, SkipSegmentList, SkipSegmentView, SkipSegmentVote, VoteSkipSegmentBody } from '@seyirlik/shared-contracts';
import { api } from '../../lib/api';

export function fetchSkipSegments(sourceId: number): Promise<SkipSegmentList> {
  return api.get<SkipSegmentList>(`/api/sources/${sourceId}/skip-segments`);
}

export function markSkipSegment(sourceId: number, body: MarkSkipSegmentBody): Promise<SkipSegmentView> {
  return api.post<SkipSegmentView>(`/api/sources/${sourceId}/skip-segments`, body);
}

export function voteSkipSegment(segmentId: number, vote: SkipSegmentVote): Promise<SkipSegmentView> {
  return api.post<SkipSegmentView>(`/api/skip-segments/${segmentId}/votes`, { vote } satisfies VoteSkipSegmentBody);
}
