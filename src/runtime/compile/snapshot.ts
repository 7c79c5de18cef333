/**
 * Snapshots of compiled models: key-sorted, undefined dropped, two-space JSON with a final
 * newline, so a diff between two snapshots shows only what changed.
 */
export function normaliseForSnapshot(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : normaliseForSnapshot(v)));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = normaliseForSnapshot(v);
    }
    return out;
  }
  return value;
}

export function stableStringify(value: unknown): string {
  return `${JSON.stringify(normaliseForSnapshot(value), null, 2)}\n`;
}
