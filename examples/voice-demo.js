import { createScriptedClient } from './scripted-client.js';

const voice = document.getElementById('voice');
const log = document.getElementById('log');
const simulate = /** @type {HTMLInputElement} */ (document.getElementById('simulate'));

for (const type of ['ai-voice-demo-start', 'ai-voice-demo-end', 'ai-voice-demo-error']) {
  voice?.addEventListener(type, (event) => {
    const detail = /** @type {CustomEvent} */ (event).detail;
    if (log) log.textContent += `${type} ${JSON.stringify(detail)}\n`;
  });
}

simulate.addEventListener('change', async () => {
  await customElements.whenDefined('ai-voice-demo');
  Object.assign(/** @type {object} */ (voice), {
    client: simulate.checked ? createScriptedClient({ autoplay: true }) : undefined,
  });
});
