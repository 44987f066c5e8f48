/**
 * For the Node tests of the worker bridges: a stand-in for a Web Worker that exposes `api` with comlink over a
 * MessageChannel in this thread, so calls, callbacks, cancels and structured cloning go through comlink as in the
 * browser; only the thread is not a real one. `terminated` records a terminate; an `error` event dispatched on it
 * plays a crash. (The e2e specs run the real workers.)
 */
import * as Comlink from 'comlink';

type Port = InstanceType<typeof MessageChannel>['port1'];

const g = globalThis as Record<string, unknown>;
// The bridges read an ErrorEvent's message, as the browser gives it.
g.ErrorEvent ??= class ErrorEvent extends Event {
  readonly message: string;
  constructor(type: string, init: { message?: string } = {}) {
    super(type);
    this.message = init.message ?? '';
  }
};

/** Plays a crash: the worker's `error` event with `message`. */
export const crash = (worker: EventTarget, message: string) =>
  worker.dispatchEvent(new (g.ErrorEvent as new (type: string, init: { message: string }) => Event)('error', { message }));

export class StandInWorker extends EventTarget {
  private readonly port: Port;
  private readonly inner: Port;
  terminated = false;

  constructor(api: object) {
    super();
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.inner = port2;
    port1.addEventListener('message', (e) => this.dispatchEvent(new MessageEvent('message', { data: (e as MessageEvent).data })));
    port1.start();
    Comlink.expose(api, port2);
  }

  postMessage(data: unknown, transfer: unknown[] = []): void {
    this.port.postMessage(data, transfer as Parameters<Port['postMessage']>[1]);
  }

  terminate(): void {
    this.terminated = true;
    this.port.close();
    this.inner.close();
  }
}
