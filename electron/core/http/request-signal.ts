/**
 * One signal for one request: the caller's cancellation plus our timeout. The timeout is an inactivity
 * timeout: `touch()` (called when upload bytes move) restarts it, so a large upload on a slow line is not
 * cut off while a stalled one is. `timedOut()` and `cancelled()` tell the causes apart afterwards, because
 * a timeout is "maybe processed" while a cancellation is the user's choice.
 */
export interface RequestSignal {
  signal: AbortSignal;
  touch(): void;
  timedOut(): boolean;
  cancelled(): boolean;
  dispose(): void;
}

export function requestSignal(timeoutMs: number, caller?: AbortSignal): RequestSignal {
  const controller = new AbortController();
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new DOMException(`no progress for ${timeoutMs} ms`, 'TimeoutError'));
    }, timeoutMs);
  };
  const onCallerAbort = () => {
    clearTimeout(timer);
    controller.abort(caller?.reason);
  };
  if (caller?.aborted) onCallerAbort();
  else {
    caller?.addEventListener('abort', onCallerAbort, { once: true });
    arm();
  }
  return {
    signal: controller.signal,
    touch: () => {
      if (!controller.signal.aborted) arm();
    },
    timedOut: () => timedOut && !(caller?.aborted ?? false),
    cancelled: () => caller?.aborted ?? false,
    dispose: () => {
      clearTimeout(timer);
      caller?.removeEventListener('abort', onCallerAbort);
    },
  };
}
