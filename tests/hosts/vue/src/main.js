import { createApp } from 'vue';
import 'ai-agent-widgets';
import App from './App.vue';

createApp(App).mount('#app');
