import type { PublicProfile } from '@seyirlik/shared-contracts';
import { TEXT } from '../../app/messages';

type Network = keyof PublicProfile['social'];

const PROFILE_ADDRESSES: Record<Network, string> = {
  facebook: 'https://facebook.com/',
  twitter: 'https://x.com/',
  instagram: 'https://instagram.com/',
};

const NETWORKS: readonly Network[] = ['facebook', 'twitter', 'instagram'];

/** The member's social profiles that are filled in, as links. */
export function socialLinksOf(profile: PublicProfile) {
  return NETWORKS.flatMap((network) => {
    const handle = profile.social[network];
    if (!handle) return [];
    const href = PROFILE_ADDRESSES[network] + encodeURIComponent(handle);
    return [{ network, label: TEXT.social[network], handle, href }];
  });
}
