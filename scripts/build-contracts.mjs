// Builds shared-contracts twice: CommonJS for the server and Jest, ES modules for Vite.
// Each output folder gets a package.json marker so Node reads its files with the right module type.
// The build goes to a fresh folder beside dist and replaces each output folder with one rename, so a
// process reading the contracts while they are rebuilt sees the old files or the new ones, never none.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'shared-contracts');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const dist = join(packageDir, 'dist');
const staging = join(packageDir, `.dist-build-${process.pid}`);

rmSync(staging, { recursive: true, force: true });
try {
  for (const [config, folder, type] of [
    ['tsconfig.json', 'cjs', 'commonjs'],
    ['tsconfig.esm.json', 'esm', 'module'],
  ]) {
    const out = join(staging, folder);
    execFileSync(process.execPath, [tsc, '-p', join(packageDir, config), '--outDir', out], { stdio: 'inherit' });
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'package.json'), JSON.stringify({ type }) + '\n');
  }
  mkdirSync(dist, { recursive: true });
  for (const folder of ['cjs', 'esm']) {
    const target = join(dist, folder);
    const old = join(staging, `${folder}.old`);
    if (existsSync(target)) renameSync(target, old);
    renameSync(join(staging, folder), target);
  }
} finally {
  rmSync(staging, { recursive: true, force: true });
}
