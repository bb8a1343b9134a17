import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
// The site's design language (colours, type, buttons, focus), then the desk's own layout.
import '../ui/styles.css';
import './desk.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
