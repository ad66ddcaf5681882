import type { SessionInfo } from '@seyirlik/shared-contracts';
import { api } from '../../lib/api';

export const fetchSession = () => api.get<SessionInfo>('/api/auth/session');

export const logout = () => api.post<{ message: string }>('/api/auth/logout');
