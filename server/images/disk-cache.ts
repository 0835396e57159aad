/**
 * Encoded pictures on disk, bounded by bytes: when a write takes the folder past its cap, the least recently
 * used files go until it is at 90 % of it. Each process keeps its own index (workers share the folder; a file
 * another worker removed is a miss, never an error).
 */
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

export class DiskCache {
  private readonly index = new Map<string, { size: number; used: number }>();
  private total = 0;
  /** Orders uses (a clock's milliseconds tie). */
  private uses = 0;
  private ready: Promise<void> | undefined;

  constructor(
    private readonly dir: string,
    private readonly maxBytes: number,
  ) {}

  private load(): Promise<void> {
    this.ready ??= (async () => {
      await mkdir(this.dir, { recursive: true });
      const found: Array<{ name: string; size: number; atime: number }> = [];
      for (const name of await readdir(this.dir)) {
        if (name.endsWith('.tmp')) continue;
        const info = await stat(path.join(this.dir, name)).catch(() => undefined);
        if (info?.isFile()) found.push({ name, size: info.size, atime: info.atimeMs });
      }
      // Files kept from an earlier run count as used before any of this run, oldest access first.
      for (const file of found.sort((a, b) => a.atime - b.atime)) this.remember(file.name, file.size);
    })();
    return this.ready;
  }

  private remember(name: string, size: number) {
    this.total -= this.index.get(name)?.size ?? 0;
    this.index.set(name, { size, used: ++this.uses });
    this.total += size;
  }

  async get(name: string): Promise<Buffer | undefined> {
    await this.load();
    const data = await readFile(path.join(this.dir, name)).catch(() => undefined);
    if (data) this.remember(name, data.length);
    else if (this.index.has(name)) {
      this.total -= this.index.get(name)!.size;
      this.index.delete(name);
    }
    return data;
  }

  async set(name: string, data: Buffer): Promise<void> {
    await this.load();
    // Written under a temporary name and renamed, so a reader never sees half a file.
    const temporary = path.join(this.dir, `${name}.${process.pid}.tmp`);
    await writeFile(temporary, data);
    await rename(temporary, path.join(this.dir, name));
    this.remember(name, data.length);
    if (this.total > this.maxBytes) await this.evict();
  }

  private async evict() {
    const oldestFirst = [...this.index.entries()].sort((a, b) => a[1].used - b[1].used);
    for (const [name, { size }] of oldestFirst) {
      if (this.total <= this.maxBytes * 0.9) break;
      this.index.delete(name);
      this.total -= size;
      await rm(path.join(this.dir, name), { force: true });
    }
  }

  get bytes(): number {
    return this.total;
  }
}
