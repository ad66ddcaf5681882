// The base stylesheet comes first so that feature stylesheets, imported by the router's modules, override it.
import './styles/base.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { Provider as StoreProvider } from 'jotai';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { dropEarlyReads } from './app/earlyStart';
import { appQueryClient } from './app/queryClient';
import { appStore } from './app/store';
import { router } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = container;

/** Draws the app over the HTML shell that index.html shows until then. */
function renderApp() {
  const app = createRoot(root);
  // Drawn as a transition, in slices: the browser keeps painting the shell (its hero image) and
  // answering input between them instead of waiting for the whole first page in one long task.
  startTransition(() =>
    app.render(
      <StrictMode>
        <StoreProvider store={appStore}>
          <QueryClientProvider client={appQueryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </StoreProvider>
      </StrictMode>,
    ),
  );
}

// The first page is drawn once its route has loaded (code and data): until then the shell stays, so
// no empty frame or second skeleton comes between the shell and the page. A failed load is drawn too,
// as the route's error page. Its loaders have taken the reads index.html started for it by then.
void router
  .load()
  .catch(console.error)
  .then(() => {
    dropEarlyReads();
    renderApp();
  });
