/**
 * Reads server-sent events from a streaming response until one named `event` whose data
 * `accept`s arrives (any, by default); fails after `timeoutMs` with what was read.
 */
export async function nextEvent(
  res: Response,
  event: string,
  accept: (data: Record<string, unknown>) => boolean = () => true,
  timeoutMs = 5000,
): Promise<Record<string, unknown>> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { value, done } = await Promise.race([reader.read(), new Promise<{ value: undefined; done: true }>((r) => setTimeout(() => r({ value: undefined, done: true }), deadline - Date.now()))]);
    if (done) break;
    text += decoder.decode(value, { stream: true });
    for (const match of text.matchAll(new RegExp(`event: ${event}\\ndata: (.*)\\n\\n`, 'g'))) {
      const data = JSON.parse(match[1]!) as Record<string, unknown>;
      if (accept(data)) {
        void reader.cancel();
        return data;
      }
    }
  }
  void reader.cancel();
  throw new Error(`no ${event} event; got ${JSON.stringify(text)}`);
}
