/**
 * The pictures section of the bench: 100 photographs (2400×1600 JPEGs of about 1.5 MB, made by
 * scripts/images/synthetic-photograph.ts and kept in .bench/photographs/) encoded by the build's picture
 * catalog in a child process, from an empty cache (cold) and again (warm), with wall time and peak memory.
 */
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { syntheticPhotograph } from '../images/synthetic-photograph.ts';
import { runScript, type ChildRun } from './child-run.ts';

export const pictureBudgets = { photographs: 100, coldSeconds: 120, warmSeconds: 5 };

export interface PicturesResult {
  photographs: number;
  megabytes: number;
  cold: ChildRun;
  warm: ChildRun;
}

/**
 * The photographs: ten scenes made from arithmetic, each seen ten ways (mirrored, turned, relit, recoloured),
 * which costs a tenth of making a hundred scenes and gives the encoder a hundred different pictures.
 */
async function photographs(dir: string): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const have = (await readdir(dir)).filter((n) => n.endsWith('.jpg'));
  if (have.length >= pictureBudgets.photographs) return have.slice(0, pictureBudgets.photographs).map((n) => path.join(dir, n));
  const files: string[] = [];
  for (let scene = 0; scene < 10; scene++) {
    const photo = await syntheticPhotograph({ seed: scene + 1, grain: 20 + scene * 2 });
    for (let take = 0; take < 10; take++) {
      let image = sharp(photo);
      if (take % 2) image = image.flop();
      if (take % 3 === 1) image = image.flip();
      image = image.modulate({ brightness: 0.85 + take * 0.03, hue: take * 30, saturation: 0.8 + take * 0.04 });
      const file = path.join(dir, `photo-${scene}-${take}.jpg`);
      await writeFile(file, await image.jpeg({ quality: 92 }).toBuffer());
      files.push(file);
    }
  }
  return files;
}

export async function runPicturesBench(root: string, log: (line: string) => void): Promise<PicturesResult> {
  log(`\nPictures: making ${pictureBudgets.photographs} photographs (kept in .bench/photographs/ for the next run)…`);
  const files = await photographs(path.join(root, '.bench', 'photographs'));
  const size = (await Promise.all(files.map((f) => stat(f)))).reduce((sum, s) => sum + s.size, 0);
  const work = path.join(root, '.bench', 'pictures-run');
  await rm(work, { recursive: true, force: true });
  const args = [work, ...files];
  const cold = await runScript(root, 'scripts/bench/encode-pictures.ts', args);
  const warm = await runScript(root, 'scripts/bench/encode-pictures.ts', args);
  await rm(work, { recursive: true, force: true });
  return { photographs: files.length, megabytes: size / 1024 / 1024, cold, warm };
}

export function reportPictures(result: PicturesResult, log: (line: string) => void, miss: (what: string) => void): void {
  const line = (what: string, run: ChildRun, budget: number) => {
    const ok = run.seconds <= budget;
    if (!ok) miss(`pictures ${what}`);
    log(`  ${what.padEnd(5)} ${run.seconds.toFixed(1).padStart(6)} s  peak ${run.peakRssMb.toFixed(0).padStart(5)} MB  [${ok ? 'ok  ' : 'OVER'} budget ${budget} s]`);
  };
  log(`Pictures: ${result.photographs} photographs (${result.megabytes.toFixed(0)} MB of JPEG, 2400×1600) into AVIF, WebP and JPEG at 6 widths, 2 at a time:`);
  line('cold', result.cold, pictureBudgets.coldSeconds);
  line('warm', result.warm, pictureBudgets.warmSeconds);
}
