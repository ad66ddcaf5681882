import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/home/HomePage';
import { preloadHomePage } from '../features/home/homeRoute';

export const Route = createFileRoute('/')({
  loader: ({ context }) => preloadHomePage(context.queryClient),
  component: HomePage,
});
