import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions, type Rollup } from 'vite';
import { earlyStart } from './scripts/early-start';
import { precompressAssets } from './scripts/precompress-assets';
import { pureContracts } from './scripts/pure-contracts';

/** The NestJS server in development: it answers the JSON API, the legacy POST API and Socket.IO. */
const server = 'http://127.0.0.1:3000';

/** plyr's icon sprite, served with the site instead of from plyr's CDN (its package does not export the file). */
const plyrIcons = join(dirname(createRequire(import.meta.url).resolve('plyr')), 'plyr.svg');

/**
 * Third-party packages grouped into chunks of their own: a release that changes only the site's
 * code leaves these files (and their hashes) as they were, so returning visitors keep them cached.
 * Every page loads react and router; socket-io comes once the page has rendered and connects
 * (features/realtime/socket.ts loads it on first use), and zod with the first form or schema a page
 * uses (scripts/pure-contracts.ts keeps it out of the first bundle). Packages loaded on demand (plyr,
 * hls.js, react-hook-form) already get chunks of their own from their dynamic imports;
 * @tanstack/react-query stays with the site's code because part of it (mutations) is loaded only by
 * the pages that write.
 */
const VENDOR_CHUNKS: Record<string, readonly string[]> = {
  react: ['react', 'react-dom', 'scheduler', 'use-sync-external-store', 'jotai'],
  router: ['@tanstack/react-router', '@tanstack/router-core', '@tanstack/history', '@tanstack/store', '@tanstack/react-store'],
  zod: ['zod'],
  'socket-io': ['socket.io-client', 'engine.io-client', 'socket.io-parser', 'engine.io-parser', '@socket.io/component-emitter'],
};

/** The package of a module id (Vite's ids use forward slashes on every system). */
const PACKAGE_OF_MODULE = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//;

/** The vendor chunk a module belongs to, by the package it comes from; undefined leaves it to Rollup. */
function vendorChunk(moduleId: string): string | undefined {
  const packageName = PACKAGE_OF_MODULE.exec(moduleId)?.[1];
  if (!packageName) return undefined;
  return Object.keys(VENDOR_CHUNKS).find((chunk) => VENDOR_CHUNKS[chunk]!.includes(packageName));
}

/**
 * zod's sources carry prose comments that mention its `@__PURE__` annotations; Rollup takes them for
 * misplaced annotations and drops those comments (the real annotations beside them are kept), so
 * the warning tells nothing about the bundle.
 */
function isZodProseComment(warning: Rollup.RollupLog): boolean {
  return warning.code === 'INVALID_ANNOTATION' && /\/node_modules\/zod\//.test(warning.id ?? '');
}

/**
 * Moves the built stylesheet links from <head> to the end of <body>. Chromium then paints the HTML
 * shell (index.html, styled inline) while the stylesheet is still on its way, instead of holding the
 * first paint for it; the app's scripts still wait for it, so React never draws unstyled.
 */
function stylesheetsAfterShell(): Plugin {
  const stylesheet = /\s*<link rel="stylesheet"[^>]*>/g;
  return {
    name: 'seyirlik:stylesheets-after-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => {
        const links = html.match(stylesheet) ?? [];
        if (links.length === 0) return html;
        return html.replace(stylesheet, '').replace('</body>', `${links.map((link) => `  ${link.trim()}\n`).join('')}  </body>`);
      },
    },
  };
}

const proxy: Record<string, ProxyOptions> = {
  '/api': { target: server },
  '/livez': { target: server },
  '/readyz': { target: server },
  '/healthz': { target: server },
  '/socket.io': { target: server, ws: true },
  // The legacy API (seed §7) is POST on paths that are also page routes (/akis/{page}),
  // so every POST goes to the server and every other request stays with Vite.
  '/': {
    target: server,
    bypass: (request) => (request.method === 'POST' ? undefined : request.url),
  },
};

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: fileURLToPath(new URL('./src/routes', import.meta.url)),
      generatedRouteTree: fileURLToPath(new URL('./src/routeTree.gen.ts', import.meta.url)),
      quoteStyle: 'single',
    }),
    react(),
    pureContracts(),
    stylesheetsAfterShell(),
    earlyStart(),
    precompressAssets(),
  ],
  resolve: { alias: [{ find: /^plyr-icons\.svg/, replacement: plyrIcons }] },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    rollupOptions: {
      output: { manualChunks: vendorChunk },
      onwarn(warning, warn) {
        if (!isZodProseComment(warning)) warn(warning);
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
