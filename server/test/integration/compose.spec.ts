import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');

describe('docker-compose.yml', () => {
  it('is a valid compose file (docker-compose config -q)', () => {
    const result = spawnSync('docker-compose', ['config', '-q'], { cwd: ROOT, encoding: 'utf8' });
    if (result.error) {
      throw new Error(`docker-compose is not installed (${result.error.message}); .ci/run installs Debian's docker-compose package.`);
    }
    expect(result.stderr.trim()).toBe('');
    expect(result.status).toBe(0);
  });

  it('runs PostgreSQL, Redis, two server replicas, a worker and a load balancer', () => {
    const result = spawnSync('docker-compose', ['config', '--services'], { cwd: ROOT, encoding: 'utf8' });
    const services = result.stdout.trim().split('\n').sort();

    expect(services).toEqual(['lb', 'postgres', 'redis', 'server-1', 'server-2', 'worker']);
  });

  it('checks each server replica by /readyz (a Redis outage keeps it in), and starts the load balancer once they are ready', () => {
    const resolved = spawnSync('docker-compose', ['config'], { cwd: ROOT, encoding: 'utf8' }).stdout;
    const service = (name: string) => resolved.match(new RegExp(`^  ${name}:\\n((?: {4}.*\\n)*)`, 'm'))?.[1] ?? '';

    for (const replica of ['server-1', 'server-2']) {
      expect(service(replica)).toMatch(/healthcheck:[\s\S]*http:\/\/127\.0\.0\.1:3000\/readyz/);
    }
    expect(service('lb')).toMatch(/depends_on:\s+server-1:\s+condition: service_healthy\s+server-2:\s+condition: service_healthy/);
  });

  it('pins sticky sessions in the load balancer so Socket.IO polling stays on one replica', () => {
    const nginx = readFileSync(join(ROOT, 'deploy', 'nginx.conf'), 'utf8');

    expect(nginx).toMatch(/upstream\s+seyirlik\s*\{[^}]*\bip_hash;[^}]*server-1:3000[^}]*server-2:3000/s);
    expect(nginx).toMatch(/proxy_set_header\s+Upgrade\s+\$http_upgrade/);
  });
});
