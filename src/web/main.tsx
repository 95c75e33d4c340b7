import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './styles.css';

// Rendered in a transition, like the landing page (landing-main.tsx): React renders the first
// frame in slices and yields to the browser in between instead of one long task.
startTransition(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
