/**
 * `work`'s value, or `late` when it has not settled within `ms` — for a wait that must not hang
 * (a probe, a reply, a shutdown) on something that may never answer. The timer is cleared either
 * way; `work` itself is not stopped. A rejection of `work` within the time passes through.
 */
export async function within<T, L>(ms: number, work: Promise<T>, late: L): Promise<T | L> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([work, new Promise<L>((resolve) => (timer = setTimeout(resolve, ms, late)))]);
  } finally {
    clearTimeout(timer);
  }
}
