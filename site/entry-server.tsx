import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from './App';
import { prerenderedFiles } from './prerender/files';
import { Router } from './router';

/** The same tree main.tsx hydrates, rendered for one path. */
export function render(path: string): string {
  return renderToString(
    <StrictMode>
      <Router path={path}>
        <App />
      </Router>
    </StrictMode>,
  );
}

/** What the build writes for the site (see site/prerender/plugin.ts), from the client build's index.html. */
export const files = (template: string) => prerenderedFiles(template, render);
