/** A designer format shows a time when it names hours, minutes or seconds. */
export function hasTime(format: string | null | undefined): boolean {
  return !!format && /H|h|m|s/.test(format);
}
