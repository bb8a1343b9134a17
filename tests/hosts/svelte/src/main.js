import { mount } from 'svelte';
import 'ai-agent-widgets';
import App from './App.svelte';

mount(App, { target: document.getElementById('app') });
