/**
 * Lighthouse 12 (its default mobile preset) against the production server, in Debian's Chromium.
 * Each route is measured twice: as shipped, and with every .js request blocked — the static-HTML limit
 * the shipped page is compared with.
 */
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsBytes: number;
}

const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

export async function startChrome(): Promise<LaunchedChrome> {
  return launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags });
}

/** Lighthouse's own trace recording fails now and then (NO_NAVSTART: "Please run Lighthouse again"); so do that. */
const ATTEMPTS = 3;

export async function runLighthouse(chrome: LaunchedChrome, url: string, withJs: boolean): Promise<LighthouseScores> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(chrome, url, withJs);
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      console.error(`${error instanceof Error ? error.message : String(error)} Trying again (${attempt + 1} of ${ATTEMPTS}).`);
    }
  }
}

async function runOnce(chrome: LaunchedChrome, url: string, withJs: boolean): Promise<LighthouseScores> {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    ...(withJs ? {} : { blockedUrlPatterns: ['*.js'] }),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}.`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${runtimeError.code} ${runtimeError.message}`);
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const scripts = (audits['network-requests']?.details as { items?: Array<{ resourceType?: string; transferSize?: number }> } | undefined)?.items ?? [];
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    jsBytes: scripts.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
  };
}
