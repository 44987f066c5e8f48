/**
 * SVG → PNG in headless Debian Chromium (the browser the e2e suite drives, with its flags): one page, one
 * screenshot per chart.
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../../e2e/browser';
import { CHART_HEIGHT, CHART_WIDTH } from './charts';

export async function renderPngs(charts: { path: string; svg: string }[]): Promise<void> {
  const browser = await chromium.launch({ executablePath: findChromium(), headless: true, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: CHART_WIDTH, height: CHART_HEIGHT }, deviceScaleFactor: 1 });
    for (const { path, svg } of charts) {
      await page.setContent(`<!doctype html><html><body style="margin:0;background:#fff">${svg}</body></html>`);
      await page.screenshot({ path, type: 'png', clip: { x: 0, y: 0, width: CHART_WIDTH, height: CHART_HEIGHT } });
    }
  } finally {
    await browser.close();
  }
}
