import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The site uses the widgets through their tags, like any partner, with the site's one React.
import '../widgets/index';
import { App } from './App';
import { Router } from './router';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Router>
      <App />
    </Router>
  </StrictMode>,
);
