import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
// The site uses the widgets through their tags, like any partner, with the site's one React.
import '../widgets/index';
import { App } from './App';
import { Router } from './router';
import './styles.css';
import 'virtual:demo-request-reserve.css';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <Router>
      <App />
    </Router>
  </StrictMode>
);
// Built pages arrive prerendered (site/prerender/); the dev server sends an empty root.
if (container.hasChildNodes()) hydrateRoot(container, app);
else createRoot(container).render(app);
