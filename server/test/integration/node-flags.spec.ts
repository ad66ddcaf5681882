import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');
const { flags } = JSON.parse(read('server/node-flags.json')) as { flags: string[] };

/** Every place a server or worker process is started for real, with the line that starts it. */
function launchLines(): Array<[string, string]> {
  const rootScripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
  const serverScripts = (JSON.parse(read('server/package.json')) as { scripts: Record<string, string> }).scripts;
  const dockerCmd = read('Dockerfile')
    .split('\n')
    .find((line) => line.startsWith('CMD '));
  const composeCommands = read('docker-compose.yml')
    .split('\n')
    .filter((line) => /command: \["node"/.test(line));
  return [
    ['npm start', rootScripts.start!],
    ['npm run start:worker', rootScripts['start:worker']!],
    ['server: npm start', serverScripts.start!],
    ['Dockerfile CMD', dockerCmd ?? ''],
    ...composeCommands.map((line): [string, string] => ['docker-compose.yml command', line]),
  ];
}

describe('The V8 flags of server/node-flags.json', () => {
  it('are given wherever a server or worker process is started', () => {
    const lines = launchLines();
    expect(lines.length).toBeGreaterThanOrEqual(5);
    for (const [where, line] of lines) {
      expect(line).toMatch(/dist\/(main|worker)\.js/);
      for (const flag of flags) expect({ where, hasFlag: line.includes(flag) }).toEqual({ where, hasFlag: true });
    }
  });

  it('are each one this Node takes (an unknown V8 flag stops node before it starts)', () => {
    for (const flag of flags) {
      expect({ flag, ran: execFileSync(process.execPath, [flag, '-e', "process.stdout.write('ran')"], { encoding: 'utf8' }) }).toEqual({ flag, ran: 'ran' });
    }
    expect(flags).toContain('--no-memory-reducer');
  });

  it('give the young generation 16 MB from the start on this Node', () => {
    const sizeOf = (nodeFlags: string[]): number =>
      Number(
        execFileSync(
          process.execPath,
          [...nodeFlags, '-e', "process.stdout.write(String(require('node:v8').getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size))"],
          { encoding: 'utf8' },
        ),
      );

    expect(sizeOf(flags)).toBeGreaterThanOrEqual(16 * 1024 * 1024);
    expect(sizeOf([])).toBeLessThan(16 * 1024 * 1024);
  });
});
