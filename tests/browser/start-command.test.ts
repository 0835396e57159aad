/** The quick-start command itself: `npm start` serves the built site with compression and security headers. */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UI_TIMEOUT } from '../timeouts';

const root = path.resolve(import.meta.dirname, '../..');

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('npm start', () => {
  it('serves the site on PORT, and stops with the server on a SIGTERM sent to npm alone, as a process manager sends it', async () => {
    const port = await freePort();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'start-data-'));
    const child = spawn('npm', ['start'], { cwd: root, env: { ...process.env, PORT: String(port), DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      // npm start builds first when the build is stale: up to a build's time more than a server's start.
      await expect.poll(() => output, { timeout: 2 * UI_TIMEOUT }).toContain(`Serving the site at http://127.0.0.1:${port}/`);
      const response = await fetch(`http://127.0.0.1:${port}/`, { headers: { 'accept-encoding': 'br' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe('br');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await response.text()).toContain('<h1');
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(await health.json()).toEqual({ status: true });

      const serverPid = (JSON.parse(output.split('\n').find((line) => line.includes('Serving the site at'))!) as { pid: number }).pid;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited, "npm exits with the server's own code").toBe(0);
      expect(output).toContain('SIGTERM received: closing the server');
      expect(isRunning(serverPid), 'the server stopped with npm').toBe(false);
    } finally {
      // Whatever is left of the group, should the test fail before npm stopped.
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
