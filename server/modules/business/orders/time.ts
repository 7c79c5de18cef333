/** A list's time filter: startTime/endTime (ms), or a date range search's "start,end". */
export function timeRange(q: { startTime?: number; endTime?: number; createdAt?: string }): [number | null, number | null] {
  let from = q.startTime ?? null;
  let to = q.endTime ?? null;
  if (q.createdAt) {
    const [a, b] = q.createdAt.split(',').map((s) => Number(s));
    if (Number.isFinite(a)) from = a!;
    if (Number.isFinite(b)) to = b!;
  }
  return [from, to];
}
