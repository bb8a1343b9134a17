const lead = document.getElementById('lead');
document.getElementById('demo')?.addEventListener('ai-demo-request-submit', (event) => {
  const { agentId, name, phone } = /** @type {CustomEvent<{agentId: string, name: string, phone: string}>} */ (event)
    .detail;
  if (lead) lead.textContent = `Agent: ${agentId}\nName: ${name}\nPhone: ${phone}`;
});
