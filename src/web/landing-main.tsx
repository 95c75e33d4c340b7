import { SHELL_NAMESPACES } from '@shared/shell-catalogues';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LandingApp } from './app/landing-app';
import { getLanguage } from './lib/language';
import { loadText } from './lib/text';
import './styles.css';

// The entry of `/` (landing.html). Its texts start loading in parallel right away, and the
// first render waits for them so the page appears in one piece in the visitor's language.
const root = createRoot(document.getElementById('root')!);
// A transition lets React render the page in slices and yield to the browser in between,
// instead of one long task that blocks input on a slow phone.
const render = () =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <LandingApp />
      </StrictMode>,
    ),
  );
// A failed catalogue still renders: the page's Suspense and error boundary take it from there.
loadText(getLanguage(), [...SHELL_NAMESPACES, 'landing']).then(render, render);
