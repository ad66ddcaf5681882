import { ROOM_RULES, type RoomMember } from '@seyirlik/shared-contracts';
import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { useFailureToast } from '../session/useFailureToast';
import { fetchInviteCandidates } from './roomsApi';

/**
 * The members the invite checklist offers for what was typed: the suggestions (members the creator
 * follows or talked to) at once and below ROOM_RULES.inviteSearchMinLength characters, the search's
 * matches once the query is long enough and stopped changing for ROOM_RULES.inviteSearchDebounceMs.
 */
export function useInviteCandidates(query: string): { members: readonly RoomMember[]; loading: boolean } {
  const settled = useDebouncedValue(query.trim(), ROOM_RULES.inviteSearchDebounceMs);
  const search = settled.length >= ROOM_RULES.inviteSearchMinLength ? settled : '';
  const [members, setMembers] = useState<readonly RoomMember[]>([]);
  const [loading, setLoading] = useState(true);
  const showFailure = useFailureToast();

  useEffect(() => {
    let current = true;
    setLoading(true);
    fetchInviteCandidates(search)
      .then(
        (candidates) => current && setMembers(candidates.members),
        (error: unknown) => current && showFailure(error),
      )
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [search, showFailure]);

  return { members, loading };
}
