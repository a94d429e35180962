/**
 * GitHub requests go through Bottleneck, the scheduler under Octokit's retry and throttling
 * plugins. At each step of scheduling a request (registering it, checking capacity, freeing it)
 * Bottleneck yields to the event loop with `setTimeout(resolve, 0)`, about ten times per request.
 * Node clamps such a timer to 1 ms and fires it on a later turn of the loop, so every request
 * waited 10–15 ms before it was sent, and requests made together queued behind each other's
 * yields: four reads issued at once reached a local server over about 45 ms.
 *
 * The yield is what Bottleneck needs (its steps take turns with the rest of the program);
 * `setImmediate` yields the same way, without the clamp. Waits of a real length (the spacing
 * between writes, a `retry-after`) do not pass through here and keep their timers.
 *
 * Bottleneck's last release is 2.19.5 (2019); the method replaced is its local datastore's
 * `yieldLoop(t = 0)`. Where that method is not found, nothing is changed: requests are then only
 * slower, never wrong.
 */
import Bottleneck from 'bottleneck/light.js';

type YieldLoop = (this: { Promise: PromiseConstructor }, delayMs?: number) => Promise<void>;

let applied = false;

/** Makes Bottleneck's zero-length yields take one turn of the event loop. Idempotent. */
export function yieldWithoutTimerClamp(): boolean {
  if (applied) return true;
  const limiter = new Bottleneck();
  const store: unknown = (limiter as unknown as { _store?: unknown })._store;
  const prototype: unknown = store === undefined ? undefined : Object.getPrototypeOf(store);
  if (!isDatastore(prototype)) return false;
  const timed = prototype.yieldLoop;
  prototype.yieldLoop = function (delayMs = 0) {
    if (delayMs > 0) return timed.call(this, delayMs);
    return new this.Promise<void>((resolve) => {
      setImmediate(resolve);
    });
  };
  applied = true;
  return true;
}

function isDatastore(value: unknown): value is { yieldLoop: YieldLoop } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { yieldLoop?: unknown }).yieldLoop === 'function'
  );
}
