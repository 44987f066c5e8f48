/**
 * The one way into zod for the whole project (page, workers, CLI): zod 4 probes for `new Function` to compile its
 * parsers, and under the page's Content-Security-Policy (no 'unsafe-eval') that probe is refused, which Firefox logs
 * as a console error (issue 41, item 9). Jitless, zod interprets its schemas: the same results, no probe. Every
 * module imports `z` from here, so the setting is made before any schema exists.
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };
