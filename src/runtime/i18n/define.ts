/**
 * One area's messages in the three languages. zh-CN is the source; the type demands that
 * zh-TW and en carry exactly its keys, so a missing translation is a compile error.
 */
export function defineMessages<const K extends string>(messages: {
  'zh-CN': Record<K, string>;
  'zh-TW': Record<NoInfer<K>, string>;
  en: Record<NoInfer<K>, string>;
}) {
  return messages;
}
