/**
 * A code an import may take without overwriting another row's: the wanted one, else the wanted
 * one (cut to 44 characters, so the suffix fits a 50-character column) with _2, _3 … — the first
 * that `taken` does not hold. Callers read `taken` as the codes starting with `codeStem(wanted)`.
 */
export function firstFreeCode(wanted: string, taken: ReadonlySet<string>): string {
  if (!taken.has(wanted)) return wanted;
  const stem = codeStem(wanted);
  for (let n = 2; ; n += 1) if (!taken.has(`${stem}_${n}`)) return `${stem}_${n}`;
}

export const codeStem = (wanted: string) => wanted.slice(0, 44);
