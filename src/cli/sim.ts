import { main } from './main';

// A reader that stops early (`npm run sim -- … | head -3`) closes the pipe: the run goes on with stdout muted and
// still writes its --json file and exit code, instead of dying on an unhandled EPIPE with a stack trace.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code !== 'EPIPE') throw e;
});

main(process.argv.slice(2), {
  out: (line) => {
    if (!process.stdout.destroyed) process.stdout.write(`${line}\n`);
  },
  err: (line) => process.stderr.write(`${line}\n`),
}).then((code) => {
  process.exitCode = code;
});
