// Writes src/routeTree.gen.ts without a full build, so `tsc` can typecheck a fresh checkout.
// Resolving the Vite config runs the router plugin's generator, exactly as `vite build` does.
import { fileURLToPath } from 'node:url';
import { resolveConfig } from 'vite';

await resolveConfig(
  { configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)) },
  'build',
);
