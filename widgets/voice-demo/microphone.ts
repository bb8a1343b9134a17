/**
 * Opens the microphone once and lets it go, so a blocked, busy or missing microphone fails with
 * the browser's own error name before the provider is called; the voice client then opens it
 * for the call without asking again.
 */
export async function openMicrophone(): Promise<void> {
  if (!navigator.mediaDevices?.getUserMedia)
    throw new DOMException('This browser offers no microphone to the page.', 'NotFoundError');
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  for (const track of stream.getTracks()) track.stop();
}
