import type { MyAccount } from '@seyirlik/shared-contracts';
import { api } from '../../lib/api';

interface AccountSaved {
  account: MyAccount;
  message: string;
}

export const fetchMyAccount = () => api.get<MyAccount>('/api/me');

export const saveProfileInfo = (body: {
  profileName: string;
  emailAddress: string;
  about: string;
  country: string;
}) => api.patch<AccountSaved>('/api/me/profile', body);

export const changePassword = (body: {
  currentPassword: string;
  newPassword: string;
  newPasswordAgain: string;
}) => api.post<{ message: string }>('/api/me/password', body);

export const saveSocialLinks = (body: { facebook: string; twitter: string; instagram: string }) =>
  api.put<AccountSaved>('/api/me/social', body);

export const uploadAvatar = (file: File, onProgress: (percent: number) => void) =>
  api.upload<AccountSaved & { image: string | null }>('/api/me/avatar', file, onProgress);
