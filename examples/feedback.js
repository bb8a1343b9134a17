const log = document.getElementById('log');
for (const type of ['ai-feedback-submit', 'ai-feedback-success', 'ai-feedback-error']) {
  document.addEventListener(type, (event) => {
    const { detail, target } = /** @type {CustomEvent} */ (event);
    if (log) log.textContent += `${type} on #${/** @type {Element} */ (target).id} ${JSON.stringify(detail)}\n`;
  });
}
