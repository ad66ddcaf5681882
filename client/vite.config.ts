import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';

/** The NestJS server in development: it answers the JSON API, the legacy POST API and Socket.IO. */
const server = 'http://127.0.0.1:3000';

/** plyr's icon sprite, served with the site instead of from plyr's CDN (its package does not export the file). */
const plyrIcons = join(dirname(createRequire(import.meta.url).resolve('plyr')), 'plyr.svg');

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
    stylesheetsAfterShell(),
  ],
  resolve: { alias: [{ find: /^plyr-icons\.svg/, replacement: plyrIcons }] },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
  },
  server: { proxy },
  preview: { proxy },
});
