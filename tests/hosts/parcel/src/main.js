// Parcel 2 with its defaults, which do not read package.json `exports`: each widget from its own subpath.
import { defineVoiceDemo } from 'ai-agent-widgets/voice-demo';
import { defineFeedback } from 'ai-agent-widgets/feedback';
import { defineDemoRequest } from 'ai-agent-widgets/demo-request';

defineVoiceDemo();
defineFeedback();
defineDemoRequest();

const feedback = document.getElementById('feedback');
let sent = 0;
feedback.addEventListener('ai-feedback-success', () => {
  document.getElementById('sent').textContent = `Feedback sent: ${++sent}`;
});
document.getElementById('contact').addEventListener('click', () => void feedback.open());
document.getElementById('demo').brandName = 'Acme';

// Every other subpath the package has (written by the test from its `exports`): bundled, never run.
if (window.location.hash === '#every-subpath') void import('./every-subpath.js');
