import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';

export default defineConfig({
  plugins: [
    vue({
      // The widgets are custom elements, not Vue components: Vue leaves them to the browser.
      template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('ai-') } },
    }),
  ],
});
