import { REQUEST_MESSAGES as M, REQUEST_RULES, type ContentRequestList, type ContentRequestView, type RequestSearchResult } from '@seyirlik/shared-contracts';
import { useInfiniteQuery, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useToast } from '../toast/toasts';
import { fetchRequest, fetchRequests, searchRequests } from './requestsApi';

/** Every request query in the cache, per viewer. */
const REQUESTS_KEY = ['requests'] as const;
const LIST_KEY = [...REQUESTS_KEY, 'list'] as const;
const SEARCH_KEY = [...REQUESTS_KEY, 'search'] as const;
const VIEW_KEY = [...REQUESTS_KEY, 'view'] as const;

/** The requests list, a page more per `fetchNextPage`. */
export function useRequestList(userId: number | null) {
  return useInfiniteQuery({
    queryKey: [...LIST_KEY, userId],
    queryFn: ({ pageParam }) => fetchRequests(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
}

/** The search of `q`, asked only from REQUEST_RULES.searchMinLength characters. */
export function useRequestSearch(q: string, userId: number | null) {
  return useQuery({
    queryKey: [...SEARCH_KEY, userId, q],
    queryFn: () => searchRequests(q),
    enabled: [...q].length >= REQUEST_RULES.searchMinLength,
  });
}

export function useRequest(id: number, userId: number | null) {
  return useQuery({ queryKey: [...VIEW_KEY, id, userId], queryFn: () => fetchRequest(id) });
}

/** Puts a request as the server answered it into every cached list, search and page that shows it. */
export function useRequestCache() {
  const queryClient = useQueryClient();
  const replace = useCallback(
    (request: ContentRequestView) => {
      const swap = (row: ContentRequestView) => (row.id === request.id ? request : row);
      queryClient.setQueriesData<InfiniteData<ContentRequestList>>({ queryKey: LIST_KEY }, (held) =>
        held ? { ...held, pages: held.pages.map((page) => ({ ...page, requests: page.requests.map(swap) })) } : held,
      );
      queryClient.setQueriesData<RequestSearchResult>({ queryKey: SEARCH_KEY }, (held) => (held ? { ...held, requests: held.requests.map(swap) } : held));
      queryClient.setQueriesData<ContentRequestView>({ queryKey: VIEW_KEY }, (held) => (held ? swap(held) : held));
    },
    [queryClient],
  );
  const added = useCallback(() => queryClient.invalidateQueries({ queryKey: REQUESTS_KEY }), [queryClient]);
  return useMemo(() => ({ replace, added }), [replace, added]);
}

/**
 * A visitor who tries to request or vote (seed §6, §9): told so, then sent to the login page
 * after REQUEST_RULES.loginRedirectMs, coming back to `from` once logged in.
 */
export function useLoginRedirect(from: string) {
  const navigate = useNavigate();
  const toast = useToast();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return useCallback(() => {
    toast.info(M.loginToRequest);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => void navigate({ to: '/giris-yap', search: { redirect: from } }), REQUEST_RULES.loginRedirectMs);
  }, [from, navigate, toast]);
}
