/**
 * The page's main-thread tasks with their CPU time, from a Chromium trace (the DevTools protocol's Tracing
 * domain, category `toplevel`): each task's wall duration and the time its thread actually ran.
 *
 * Why CPU time: on a 2-core machine the simulation worker, the browser process and anything else running compete
 * with the page's main thread, so a task's wall duration stretches with load (a 45 ms task was seen lasting
 * 134 ms beside a computing worker). The thread time of a task is what the page's own code costs, whatever else
 * the machine does; wall figures are reported beside it, and `npm run bench` times what a user waits for.
 */
import type { BrowserContext, Page } from 'playwright-core';

export interface MainThreadTask {
  /** Start, in ms since the trace's clock origin. */
  startMs: number;
  wallMs: number;
  cpuMs: number;
}

interface TraceEvent {
  ph: string;
  name: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** The renderer main thread's top-level tasks while `during` runs on `page`. */
export async function traceMainThread(context: BrowserContext, page: Page, during: () => Promise<void>): Promise<MainThreadTask[]> {
  const cdp = await context.newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['toplevel', '__metadata'] }, transferMode: 'ReportEvents' });
  try {
    await during();
  } finally {
    await cdp.send('Tracing.end');
    await complete;
    await cdp.detach();
  }
  const mainThreads = new Set(
    events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  return events
    .filter(
      (e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && mainThreads.has(`${e.pid}:${e.tid}`) && e.dur !== undefined && e.tdur !== undefined,
    )
    .map((e) => ({ startMs: e.ts / 1000, wallMs: e.dur! / 1000, cpuMs: e.tdur! / 1000 }));
}
