/**
 * @jest-environment node
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { isPrecompressible, MIN_PRECOMPRESSED_BYTES, precompressFiles } from './precompress-assets';

/** Text that looks like a minified bundle: repetitive enough to compress, varied enough to be real work. */
function bundleText(bytes: number): Buffer {
  let text = '';
  for (let i = 0; text.length < bytes; i += 1) text += `export const item${i}=()=>({id:${i},label:"öğe ${i}"});\n`;
  return Buffer.from(text.slice(0, bytes));
}

describe('precompressed assets', () => {
  describe('isPrecompressible', () => {
    it.each([
      ['assets/index-AbC123.js', 'the main bundle'],
      ['assets/TitlePage-Zx9.mjs', 'a module'],
      ['assets/index-DK_60fzM.css', 'a stylesheet'],
      ['assets/plyr-Bk-OlDKi.svg', 'an SVG sprite'],
      ['assets/messages-1a2b.json', 'JSON'],
      ['assets/Inter-4f5e.ttf', 'an uncompressed font'],
      ['assets/INDEX-UPPER.JS', 'an upper-case extension'],
    ])('compresses %s (%s)', (fileName) => {
      expect(isPrecompressible(fileName, 4096)).toBe(true);
    });

    it.each([
      ['assets/Inter-4f5e.woff2', 'a woff2 font, compressed already'],
      ['assets/Inter-4f5e.woff', 'a woff font, compressed already'],
      ['assets/poster-1a2b.png', 'a PNG'],
      ['assets/poster-1a2b.jpg', 'a JPEG'],
      ['assets/poster-1a2b.webp', 'a WebP'],
      ['assets/index-AbC123.js.br', 'a brotli copy'],
      ['assets/index-AbC123.js.gz', 'a gzip copy'],
      ['index.html', 'the page shell, which the server may change per request'],
      ['robots.txt', 'a file at the root, not hashed'],
      ['favicon.svg', 'an SVG at the root, not hashed'],
    ])('leaves %s alone (%s)', (fileName) => {
      expect(isPrecompressible(fileName, 4096)).toBe(false);
    });

    it('compresses assets from 1 KB on, not the smaller ones', () => {
      expect(MIN_PRECOMPRESSED_BYTES).toBe(1024);
      expect(isPrecompressible('assets/chunk-a1.js', 1024)).toBe(true);
      expect(isPrecompressible('assets/chunk-a1.js', 1023)).toBe(false);
    });
  });

  describe('precompressFiles', () => {
    let outDir: string;

    beforeEach(() => {
      outDir = mkdtempSync(join(tmpdir(), 'seyirlik-precompress-'));
      mkdirSync(join(outDir, 'assets'));
    });

    afterEach(() => rmSync(outDir, { recursive: true, force: true }));

    /** Writes an output file and returns it as the build reports it. */
    const emit = (fileName: string, content: Buffer) => {
      writeFileSync(join(outDir, fileName), content);
      return { fileName, bytes: content.length };
    };

    it('writes a brotli and a gzip copy of each selected asset that decompress to the original, and nothing for the others', async () => {
      const script = bundleText(300_000);
      const stylesheet = bundleText(5_000);
      const files = [
        emit('assets/index-AbC123.js', script),
        emit('assets/index-DK_60fzM.css', stylesheet),
        emit('assets/tiny-Q1.js', bundleText(600)),
        emit('assets/Inter-4f5e.woff2', randomBytes(4096)),
        emit('index.html', bundleText(4096)),
      ];

      const sut = await precompressFiles(outDir, files);

      expect(sut.map((asset) => asset.fileName)).toEqual(['assets/index-AbC123.js', 'assets/index-DK_60fzM.css']);
      for (const [fileName, original] of [
        ['assets/index-AbC123.js', script],
        ['assets/index-DK_60fzM.css', stylesheet],
      ] as const) {
        const brotli = readFileSync(join(outDir, `${fileName}.br`));
        const gzipped = readFileSync(join(outDir, `${fileName}.gz`));
        expect(brotliDecompressSync(brotli).equals(original)).toBe(true);
        expect(gunzipSync(gzipped).equals(original)).toBe(true);
        expect(sut.find((asset) => asset.fileName === fileName)).toEqual({
          fileName,
          bytes: original.length,
          brotliBytes: brotli.length,
          gzipBytes: gzipped.length,
        });
      }
      for (const fileName of ['assets/tiny-Q1.js', 'assets/Inter-4f5e.woff2', 'index.html']) {
        expect(existsSync(join(outDir, `${fileName}.br`))).toBe(false);
        expect(existsSync(join(outDir, `${fileName}.gz`))).toBe(false);
      }
    });

    it('compresses at the highest settings: brotli quality 11, gzip level 9', async () => {
      const script = bundleText(300_000);
      await precompressFiles(outDir, [emit('assets/index-AbC123.js', script)]);

      const brotli = readFileSync(join(outDir, 'assets/index-AbC123.js.br'));
      const gzipped = readFileSync(join(outDir, 'assets/index-AbC123.js.gz'));
      expect(brotli.equals(brotliCompressSync(script, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))).toBe(true);
      expect(gzipped.equals(gzipSync(script, { level: 9 }))).toBe(true);
      expect(gzipped.length).toBeLessThan(gzipSync(script, { level: 1 }).length);
    });

    it('does nothing when no file qualifies', async () => {
      const sut = await precompressFiles(outDir, [emit('index.html', bundleText(4096))]);

      expect(sut).toEqual([]);
    });
  });
});
