import { useQuery } from '@tanstack/react-query';
import { fetchHomeRows } from './homeApi';

/** The home page's rows, read on each visit (the latest episodes' pages start from them). */
export function useHomeRows() {
  return useQuery({ queryKey: ['home', 'rows'], queryFn: fetchHomeRows, gcTime: 0 });
}
