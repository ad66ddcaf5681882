import type { HomeRows, LatestEpisodesPage } from '@seyirlik/shared-contracts';
import { api } from '../../lib/api';

/** The home page's rows: the first page of latest episodes, the channels and the newest films. */
export function fetchHomeRows(): Promise<HomeRows> {
  return api.get<HomeRows>('/api/home');
}

/** A further page of the latest episodes, from 1. */
export function fetchLatestEpisodes(page: number): Promise<LatestEpisodesPage> {
  return api.get<LatestEpisodesPage>(`/api/episodes/latest?page=${page}`);
}
