// The early start of a visit's first page (src/app/earlyStart.ts), inlined in the built index.html:
// as the page is parsed, it reads the page's data from the API and preloads the route's scripts and
// stylesheets, while the app's own scripts are still on their way.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin, ResolvedConfig, Rollup } from 'vite';
import { EARLY_ROUTE_FILES, type EarlyModules } from '../src/app/earlyStart';

/** The module inlined, and the route files' folder, in the client's folder (Vite's root). */
const EARLY_START_SOURCE = join('src', 'app', 'earlyStart.ts');
const ROUTES_DIRECTORY = join('src', 'routes');

/** The name the inlined module gets inside its script (a local of that script, not a global). */
const MODULE_NAME = 'earlyStart';

/** The app's entry script in index.html: the early start runs just before it is reached. */
const ENTRY_SCRIPT = /<script type="module"[^>]*><\/script>/;

/** A path with forward slashes, as Vite writes module ids on every system. */
const forwardSlashes = (path: string) => path.replace(/\\/g, '/');

/**
 * The chunk of Rollup's output that draws the page of `routeFile` (TanStack Router's plugin splits
 * each route's component into a chunk of its own, named after the route file and `tsr-split`).
 */
function componentChunk(chunks: readonly Rollup.OutputChunk[], routesDirectory: string, routeFile: string): Rollup.OutputChunk {
  const facade = `${forwardSlashes(routesDirectory)}/${routeFile}?tsr-split=component`;
  const chunk = chunks.find((candidate) => candidate.facadeModuleId !== null && forwardSlashes(candidate.facadeModuleId) === facade);
  if (!chunk) throw new Error(`early start: no chunk draws src/routes/${routeFile} (has the router's code splitting changed?)`);
  return chunk;
}

/** `chunk` and every chunk it imports statically, once each, the chunk first. */
function staticClosure(chunk: Rollup.OutputChunk, byFileName: ReadonlyMap<string, Rollup.OutputChunk>): Rollup.OutputChunk[] {
  const closure: Rollup.OutputChunk[] = [];
  const visit = (current: Rollup.OutputChunk) => {
    if (closure.includes(current)) return;
    closure.push(current);
    for (const imported of current.imports) {
      const next = byFileName.get(imported);
      if (next) visit(next);
    }
  };
  visit(chunk);
  return closure;
}

/** The stylesheets Vite attached to `chunk` (its CSS imports). */
const stylesheetsOf = (chunk: Rollup.OutputChunk): string[] => [...(chunk.viteMetadata?.importedCss ?? [])];

/**
 * For each early page's route file (in `routesDirectory`), the scripts and stylesheets that draw it
 * beyond what index.html loads already (the entry, the chunks it imports and their stylesheets), as
 * URLs under `base`.
 */
export function earlyModules(bundle: Rollup.OutputBundle, { routeFiles, routesDirectory, base }: { routeFiles: readonly string[]; routesDirectory: string; base: string }): EarlyModules {
  const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
  const byFileName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entries = chunks.filter((chunk) => chunk.isEntry);
  const loadedByPage = new Set(entries.flatMap((entry) => staticClosure(entry, byFileName)).flatMap((chunk) => [chunk.fileName, ...stylesheetsOf(chunk)]));
  const modules: Record<string, string[]> = {};
  for (const routeFile of routeFiles) {
    const files = staticClosure(componentChunk(chunks, routesDirectory, routeFile), byFileName).flatMap((chunk) => [chunk.fileName, ...stylesheetsOf(chunk)]);
    modules[routeFile] = [...new Set(files)].filter((file) => !loadedByPage.has(file)).map((file) => `${base}${file}`);
  }
  return modules;
}

/** The inline script: the module `sourceFile` (src/app/earlyStart.ts) as a function scope, started with `modules`. */
export async function earlyStartScript(sourceFile: string, modules: EarlyModules): Promise<string> {
  const source = await readFile(sourceFile, 'utf8');
  if (/^\s*import\s/m.test(source)) throw new Error(`${sourceFile} must import nothing: it is inlined in index.html as it is`);
  // Vite's own esbuild, loaded as the page is built: this file's other parts run in tests, which do not load Vite (an ES module).
  const { transformWithEsbuild } = await import('vite');
  const { code } = await transformWithEsbuild(source, sourceFile, { loader: 'ts', format: 'iife', globalName: MODULE_NAME, minify: true });
  // "</script" inside the JSON would end the script early; file names never hold "<", but be sure.
  const startArgument = JSON.stringify(modules).replace(/</g, '\\u003c');
  return `(()=>{${code.trim()}${MODULE_NAME}.startEarly(${startArgument})})()`;
}

/** The Vite plugin: writes the early start into the built index.html, just before the app's entry script. */
export function earlyStart(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'seyirlik:early-start',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: {
      order: 'post',
      handler: async (html, { bundle }) => {
        if (!bundle) return html;
        if (!ENTRY_SCRIPT.test(html)) throw new Error('early start: index.html has no entry script to start before');
        const modules = earlyModules(bundle, { routeFiles: EARLY_ROUTE_FILES, routesDirectory: join(config.root, ROUTES_DIRECTORY), base: config.base });
        const script = await earlyStartScript(join(config.root, EARLY_START_SOURCE), modules);
        return html.replace(ENTRY_SCRIPT, (entry) => `<script>${script}</script>\n    ${entry}`);
      },
    },
  };
}
