/**
 * Debian Chromium driven by playwright-core for the browser specs (never a downloaded browser).
 * Every request made by pages, dedicated workers and service workers is recorded, so a spec can assert
 * that nothing left localhost.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, type ConsoleMessage, chromium, type Page } from 'playwright-core';

const CHROMIUM_MISSING = 'Chromium not found: install it with  apt-get install -y chromium  (or set CHROME_PATH)';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** $CHROME_PATH, else Debian's or Google's usual paths; throws the one-line install hint if none exists. */
export function findChromium(): string {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  const found = CANDIDATES.find((p) => existsSync(p));
  if (!found) throw new Error(CHROMIUM_MISSING);
  return found;
}

/** Headless flags that keep Chromium off the network on its own account (machine facts: the network is closed). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // This Chromium's headless mode is the whole browser, whose toolbar preloads the omnibox's WebUI popups
  // (chrome://omnibox-popup.top-chrome, two renderers' worth): about 1.1 s of CPU in the first seconds of every
  // launch, taken from the page under test on a 2-core machine. A user's browser did that when it started, not when
  // they opened the lab. (Chromium merges this list with playwright's own --disable-features.)
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];

interface RecordedRequest {
  url: string;
  /** 'service-worker' for service workers' requests, else 'page' (pages and their dedicated workers). */
  from: string;
}

export interface LabBrowser {
  context: BrowserContext;
  /** Every request seen so far, in order, de-duplicated by URL. */
  requests: RecordedRequest[];
  /** console.error / uncaught errors from pages and their workers. */
  errors: string[];
  newPage(): Promise<Page>;
  /** Requests whose host is not localhost / 127.0.0.1 / ::1 (data:, blob: and about: URLs are local). */
  externalRequests(): RecordedRequest[];
  close(): Promise<void>;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

function isLocal(url: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.protocol === 'data:' || u.protocol === 'blob:' || u.protocol === 'about:') return true;
  return LOCAL_HOSTS.has(u.hostname);
}

export async function launchBrowser(
  options: {
    viewport?: { width: number; height: number };
    /** Flags added to CHROMIUM_ARGS, e.g. `--enable-unsafe-webgpu` (a SwiftShader WebGPU adapter, headless). */
    extraArgs?: string[];
  } = {},
): Promise<LabBrowser> {
  const executablePath = findChromium();
  const userDataDir = mkdtempSync(join(tmpdir(), 'pwl-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    headless: true,
    args: [...CHROMIUM_ARGS, ...(options.extraArgs ?? [])],
    viewport: options.viewport ?? { width: 1280, height: 900 },
    deviceScaleFactor: 1,
  });

  const requests: RecordedRequest[] = [];
  const seen = new Set<string>();
  const record = (url: string, from: string) => {
    if (seen.has(url)) return;
    seen.add(url);
    requests.push({ url, from });
  };
  const errors: string[] = [];
  const onConsole = (where: string) => (msg: ConsoleMessage) => {
    if (msg.type() === 'error') errors.push(`${where}: ${msg.text()}`);
  };

  // Context-level events cover every page, popup, dedicated worker (their module imports and fetches
  // included: checked against Chromium 156) and service worker of the context; page-level ones are a
  // second net. Page console events include the dedicated workers' console.
  context.on('request', (req) => record(req.url(), req.serviceWorker() ? 'service-worker' : 'page'));
  context.on('serviceworker', (sw) => record(sw.url(), 'service-worker'));
  // A request the Content-Security-Policy refuses is an error, wherever it came from: a worker's refused fetch
  // logs nothing to any console, it only fails (the lab's policy: vite/headers.ts).
  context.on('requestfailed', (req) => {
    if (req.failure()?.errorText === 'csp') errors.push(`refused by the Content-Security-Policy: ${req.url().slice(0, 120)}`);
  });
  const watchPage = (page: Page) => {
    page.on('request', (req) => record(req.url(), 'page'));
    page.on('console', onConsole('console'));
    page.on('pageerror', (err) => errors.push(`uncaught ${err.name}: ${err.message}`));
    page.on('worker', (worker) => record(worker.url(), 'page'));
  };
  context.pages().forEach(watchPage);
  context.on('page', watchPage);

  return {
    context,
    requests,
    errors,
    async newPage() {
      const existing = context.pages().find((p) => p.url() === 'about:blank');
      return existing ?? context.newPage();
    },
    externalRequests() {
      return requests.filter((r) => !isLocal(r.url));
    },
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Throws, listing them, if any recorded request left localhost. */
export function assertNoExternalRequests(browser: LabBrowser): void {
  const external = browser.externalRequests();
  if (external.length > 0) {
    throw new Error(`Requests left localhost:\n${external.map((r) => `  [${r.from}] ${r.url}`).join('\n')}`);
  }
}

/**
 * Waits until `expression` is truthy in the page, polling it every `polling` ms. In place of Playwright's
 * waitForFunction, which evaluates its predicate with `eval` in the page: the lab's Content-Security-Policy
 * (vite/headers.ts) refuses that, as it should, while DevTools' own evaluation is not subject to it. Puppeteer's
 * waitForFunction does the same in Firefox, so its spec polls with this too (any page that evaluates a string).
 */
export async function waitForPage(
  page: { evaluate(expression: string): Promise<unknown> },
  expression: string,
  { timeout = 30_000, polling = 100 }: { timeout?: number; polling?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (await page.evaluate(expression)) return;
    if (Date.now() > deadline) throw new Error(`waitForPage: timed out after ${timeout} ms waiting for ${expression}`);
    await new Promise((resolve) => setTimeout(resolve, polling));
  }
}
