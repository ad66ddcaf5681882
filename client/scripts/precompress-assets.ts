// Brotli and gzip copies of the built client's hashed assets, made once at build time so the server
// (and nginx's gzip_static in the scaled shape) sends them without compressing on each request:
// next to client/dist/assets/index-AbC123.js come index-AbC123.js.br and index-AbC123.js.gz.
import { readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig, Rollup } from 'vite';

/** Where Vite writes the hashed assets, relative to the output folder. */
export const HASHED_ASSETS_FOLDER = 'assets/';

/**
 * Text-like formats, and fonts stored uncompressed. Formats that are compressed already (woff2,
 * woff, png, jpg, webp, avif, gif, mp4…) would only grow, so they are not listed.
 */
export const COMPRESSIBLE_EXTENSIONS: ReadonlySet<string> = new Set([
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.webmanifest',
  '.map',
  '.txt',
  '.xml',
  '.ttf',
  '.otf',
]);

/** Below this, a compressed copy saves less than the extra header lines cost. */
export const MIN_PRECOMPRESSED_BYTES = 1024;

const brotliCompressAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** One asset and the sizes of its copies, in bytes. */
export interface PrecompressedAsset {
  fileName: string;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

/**
 * Whether the output file `fileName` (relative to the output folder, with forward slashes) gets
 * compressed copies: a hashed asset of a compressible format of at least MIN_PRECOMPRESSED_BYTES.
 * index.html and the output folder's other root files are never among them: the server may change
 * the page per request.
 */
export function isPrecompressible(fileName: string, bytes: number): boolean {
  return (
    fileName.startsWith(HASHED_ASSETS_FOLDER) &&
    COMPRESSIBLE_EXTENSIONS.has(extname(fileName).toLowerCase()) &&
    bytes >= MIN_PRECOMPRESSED_BYTES
  );
}

/** Writes `<file>.br` (brotli at its highest quality) and `<file>.gz` (gzip level 9) beside `file`. */
export async function writeCompressedCopies(outDir: string, fileName: string): Promise<PrecompressedAsset> {
  const file = join(outDir, fileName);
  const content = await readFile(file);
  const [brotli, gzipped] = await Promise.all([
    brotliCompressAsync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${file}.br`, brotli), writeFile(`${file}.gz`, gzipped)]);
  return { fileName, bytes: content.length, brotliBytes: brotli.length, gzipBytes: gzipped.length };
}

/**
 * Compresses the given output files (those isPrecompressible accepts), a few at a time: brotli's
 * highest quality is slow, and zlib's thread pool runs as many as the machine has cores.
 */
export async function precompressFiles(outDir: string, files: readonly { fileName: string; bytes: number }[]): Promise<PrecompressedAsset[]> {
  const queue = files.filter(({ fileName, bytes }) => isPrecompressible(fileName, bytes)).map(({ fileName }) => fileName);
  const done: PrecompressedAsset[] = [];
  const worker = async () => {
    for (let fileName = queue.shift(); fileName !== undefined; fileName = queue.shift()) {
      done.push(await writeCompressedCopies(outDir, fileName));
    }
  };
  await Promise.all(Array.from({ length: Math.min(availableParallelism(), queue.length) }, worker));
  return done.sort((a, b) => a.fileName.localeCompare(b.fileName));
}

/** Size in bytes of one file of Rollup's output. */
function outputBytes(output: Rollup.OutputChunk | Rollup.OutputAsset): number {
  if (output.type === 'chunk') return Buffer.byteLength(output.code);
  return typeof output.source === 'string' ? Buffer.byteLength(output.source) : output.source.byteLength;
}

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** The Vite plugin: once `vite build` has written its files, compresses the hashed ones. */
export function precompressAssets(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'seyirlik:precompress-assets',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? config.build.outDir;
      const files = Object.values(bundle).map((output) => ({ fileName: output.fileName, bytes: outputBytes(output) }));
      const assets = await precompressFiles(outDir, files);
      const total = (size: (asset: PrecompressedAsset) => number) => kilobytes(assets.reduce((sum, asset) => sum + size(asset), 0));
      config.logger.info(
        `precompressed ${assets.length} hashed assets: ${total((asset) => asset.bytes)} → brotli ${total((asset) => asset.brotliBytes)}, gzip ${total((asset) => asset.gzipBytes)}`,
      );
    },
  };
}
