// Builds shared-contracts twice: CommonJS for the server and Jest, ES modules for Vite.
// Each output folder gets a package.json marker so Node reads its files with the right module type.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'shared-contracts');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

rmSync(join(packageDir, 'dist'), { recursive: true, force: true });
for (const [config, folder, type] of [
  ['tsconfig.json', 'cjs', 'commonjs'],
  ['tsconfig.esm.json', 'esm', 'module'],
]) {
  execFileSync(process.execPath, [tsc, '-p', join(packageDir, config)], { stdio: 'inherit' });
  mkdirSync(join(packageDir, 'dist', folder), { recursive: true });
  writeFileSync(join(packageDir, 'dist', folder, 'package.json'), JSON.stringify({ type }) + '\n');
}
