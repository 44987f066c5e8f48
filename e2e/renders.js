// A minimal React DevTools hook, installed before the page's scripts: per commit, how many function components
// rendered in it (a fiber object not in the previous commit's tree, with React's PerformedWork flag), the way
// React DevTools tells a render from a bail-out. Read by e2e/lab-results.e2e.ts.
(() => {
  let previous = new WeakSet();
  window.__renders = [];
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject(renderer) {
      const id = this.renderers.size + 1;
      this.renderers.set(id, renderer);
      return id;
    },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      const seen = new WeakSet();
      let rendered = 0;
      const stack = [root.current];
      while (stack.length > 0) {
        const fiber = stack.pop();
        seen.add(fiber);
        // PerformedWork = 1: the component's function ran in this render.
        if (typeof fiber.type === 'function' && !previous.has(fiber) && (fiber.flags & 1) === 1) rendered++;
        if (fiber.child) stack.push(fiber.child);
        if (fiber.sibling) stack.push(fiber.sibling);
      }
      previous = seen;
      const playing = document.querySelector('[data-testid="playback"]')?.getAttribute('data-playing') ?? null;
      window.__renders.push({ rendered, playing });
    },
  };
})();
