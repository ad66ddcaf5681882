/**
 * @jest-environment node
 */
import type { Rollup } from 'vite';
import { earlyModules } from './early-start';

const ROUTES = '/app/client/src/routes';

/** A chunk of Rollup's output with what the early start reads of it. */
function chunk(fileName: string, { facade = null, imports = [], css = [], entry = false }: { facade?: string | null; imports?: string[]; css?: string[]; entry?: boolean } = {}) {
  return { type: 'chunk', fileName, facadeModuleId: facade, isEntry: entry, imports, viteMetadata: { importedCss: new Set(css), importedAssets: new Set() } } as unknown as Rollup.OutputChunk;
}

/** A build: the entry with its vendor chunks, a title route split into its page and its "not found" view. */
function bundleOf(...chunks: Rollup.OutputChunk[]): Rollup.OutputBundle {
  return Object.fromEntries(chunks.map((output) => [output.fileName, output]));
}

const BUNDLE = bundleOf(
  chunk('assets/index-1.js', { entry: true, imports: ['assets/react-2.js', 'assets/router-3.js'], css: ['assets/index-4.css'] }),
  chunk('assets/react-2.js'),
  chunk('assets/router-3.js', { imports: ['assets/react-2.js'] }),
  chunk('assets/dizi._slug-5.js', {
    facade: `${ROUTES}/dizi.$slug.tsx?tsr-split=component`,
    imports: ['assets/react-2.js', 'assets/index-1.js', 'assets/TitlePage-6.js', 'assets/Tabs-8.js'],
  }),
  chunk('assets/TitlePage-6.js', { imports: ['assets/index-1.js', 'assets/Tabs-8.js'], css: ['assets/TitlePage-7.css', 'assets/index-4.css'] }),
  chunk('assets/Tabs-8.js', { imports: ['assets/react-2.js'], css: ['assets/Tabs-9.css'] }),
  chunk('assets/dizi._slug-10.js', { facade: `${ROUTES}/dizi.$slug.tsx?tsr-split=notFoundComponent`, imports: ['assets/NotFound-11.js'] }),
  chunk('assets/NotFound-11.js'),
);

describe('early start modules', () => {
  it("lists the scripts and stylesheets drawing a route's page that index.html does not load already, each once", () => {
    expect(earlyModules(BUNDLE, { routeFiles: ['dizi.$slug.tsx'], routesDirectory: ROUTES, base: '/' })).toEqual({
      'dizi.$slug.tsx': ['/assets/dizi._slug-5.js', '/assets/TitlePage-6.js', '/assets/TitlePage-7.css', '/assets/Tabs-8.js', '/assets/Tabs-9.css'],
    });
  });

  it('writes the URLs under the base the site is served from', () => {
    expect(earlyModules(BUNDLE, { routeFiles: ['dizi.$slug.tsx'], routesDirectory: ROUTES, base: '/seyirlik/' })['dizi.$slug.tsx']![0]).toBe(
      '/seyirlik/assets/dizi._slug-5.js',
    );
  });

  it('reads route folders written with backslashes (Windows) as Vite writes module ids', () => {
    expect(earlyModules(BUNDLE, { routeFiles: ['dizi.$slug.tsx'], routesDirectory: '\\app\\client\\src\\routes', base: '/' })['dizi.$slug.tsx']).toHaveLength(5);
  });

  it('fails the build when a route file has no page chunk, rather than starting nothing', () => {
    expect(() => earlyModules(BUNDLE, { routeFiles: ['anime.$slug.tsx'], routesDirectory: ROUTES, base: '/' })).toThrow(
      'early start: no chunk draws src/routes/anime.$slug.tsx',
    );
  });
});
