import { bootstrapApplication } from '@angular/platform-browser';
// Registers the three tags (and types them on HTMLElementTagNameMap).
import 'ai-agent-widgets';
import { App } from './app';

bootstrapApplication(App).catch((error: unknown) => console.error(error));
