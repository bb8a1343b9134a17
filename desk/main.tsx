import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { Router } from './router';
// The shared design (colours, type, buttons), then only what the desk draws differently.
import '../ui/tokens.css';
import './desk.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Router>
      <App />
    </Router>
  </StrictMode>,
);
