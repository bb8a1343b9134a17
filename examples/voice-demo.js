const voice = document.getElementById('voice');
const log = document.getElementById('log');
const simulate = /** @type {HTMLInputElement} */ (document.getElementById('simulate'));

for (const type of ['ai-voice-demo-start', 'ai-voice-demo-end', 'ai-voice-demo-error']) {
  voice?.addEventListener(type, (event) => {
    const detail = /** @type {CustomEvent} */ (event).detail;
    if (log) log.textContent += `${type} ${JSON.stringify(detail)}\n`;
  });
}

// The element's own `simulate` attribute: a scripted preview that says goodbye and hangs up by itself, no network.
simulate.addEventListener('change', () => voice?.toggleAttribute('simulate', simulate.checked));

export {};
