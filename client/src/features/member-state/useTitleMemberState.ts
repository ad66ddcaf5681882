import type { ContinueWatchingEntry, TitleDetail, TitleMemberState } from '@seyirlik/shared-contracts';
import { useCallback, useEffect, useState } from 'react';
import { useFailureToast } from '../session/useFailureToast';
import { useSession } from '../session/session';
import {
  fetchTitleContinue,
  fetchTitleMemberState,
  setEpisodeWatched,
  toggleTitleMark,
  type TitleMark,
} from './api';

/** What a visitor has: nothing marked, nothing to resume. */
const VISITOR_STATE: TitleMemberState = { following: false, favorite: false, notify: false, watchedEpisodeIds: [] };

interface Loaded {
  /** Whose state this is; a login or logout on the page loads it again. */
  userId: number | null;
  state: TitleMemberState;
  resume: ContinueWatchingEntry | null;
}

export interface TitleMemberView {
  /** False until the person's state is known; the controls wait for it. */
  ready: boolean;
  state: TitleMemberState;
  /** The saved position the title page offers to resume, or null. */
  resume: ContinueWatchingEntry | null;
  toggleMark: (mark: TitleMark) => Promise<void>;
  setWatched: (episodeId: number, watched: boolean) => Promise<void>;
}

/** What the member state needs of a title: its address, and its seasons' episodes (a watched answer is a season's). */
export type MemberStateTitle = Pick<TitleDetail, 'kind' | 'slug' | 'seasons'>;

/** The ids of the season holding `episodeId`. */
function seasonOf(title: MemberStateTitle, episodeId: number): number[] {
  const season = title.seasons.find((candidate) => candidate.episodes.some((episode) => episode.id === episodeId));
  return season ? season.episodes.map((episode) => episode.id) : [episodeId];
}

/**
 * The person's follow, favourite, "Haber ver" and watched markers on a title page (and a watch
 * page), and its continue-watching entry. A visitor's controls stay usable: their calls answer 401, which opens
 * the login modal (lib/api). Failures show the server's message as an error toast.
 */
export function useTitleMemberState(title: MemberStateTitle): TitleMemberView {
  const session = useSession();
  const userId = session.user?.id ?? null;
  const showFailure = useFailureToast();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const { kind, slug } = title;

  useEffect(() => {
    if (!session.loaded) return undefined;
    if (userId === null) {
      setLoaded({ userId, state: VISITOR_STATE, resume: null });
      return undefined;
    }
    let current = true;
    Promise.all([fetchTitleMemberState({ kind, slug }), fetchTitleContinue({ kind, slug })]).then(
      ([state, resume]) => current && setLoaded({ userId, state, resume }),
      // Seed §8: a failed load says nothing; the controls still work and their answers set the state.
      () => current && setLoaded({ userId, state: VISITOR_STATE, resume: null }),
    );
    return () => {
      current = false;
    };
  }, [session.loaded, userId, kind, slug]);

  const toggleMark = useCallback(
    async (mark: TitleMark) => {
      try {
        const state = await toggleTitleMark({ kind, slug }, mark);
        setLoaded((previous) => previous && { ...previous, state });
      } catch (error) {
        showFailure(error);
      }
    },
    [kind, slug, showFailure],
  );

  const setWatched = useCallback(
    async (episodeId: number, watched: boolean) => {
      try {
        const { seasonEpisodeIds } = await setEpisodeWatched(episodeId, watched);
        // The answer is the season's truth: every box of that season takes it, not only this one.
        const season = new Set(seasonOf(title, episodeId));
        setLoaded(
          (previous) =>
            previous && {
              ...previous,
              state: {
                ...previous.state,
                watchedEpisodeIds: [...previous.state.watchedEpisodeIds.filter((id) => !season.has(id)), ...seasonEpisodeIds],
              },
            },
        );
      } catch (error) {
        showFailure(error);
      }
    },
    [title, showFailure],
  );

  const ready = session.loaded && loaded !== null && loaded.userId === userId;
  return {
    ready,
    state: ready ? loaded.state : VISITOR_STATE,
    resume: ready ? loaded.resume : null,
    toggleMark,
    setWatched,
  };
}
