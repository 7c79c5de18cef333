/**
 * Hook points the guard calls for query parameters whose back-end call does not exist yet.
 *
 * majorId (spec 2.2): marks a system message read (majorType System) and hides its toast.
 * The message module's read call has not been built; when it lands, call it here, e.g.
 * `await readMessage(majorId, 'System'); notifications.hide(majorId)`.
 */
export async function onMajorIdNavigation(majorId: string): Promise<void> {
  void majorId;
}
