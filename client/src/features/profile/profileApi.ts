import type { PublicProfile } from '@seyirlik/shared-contracts';
import { notFound } from '@tanstack/react-router';
import { ApiError, api } from '../../lib/api';

/** The profile of /profile/{username}; an unknown member is the route's "not found". */
export async function loadPublicProfile(username: string): Promise<PublicProfile> {
  try {
    return await api.get<PublicProfile>(`/api/users/${encodeURIComponent(username)}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound();
    throw error;
  }
}
