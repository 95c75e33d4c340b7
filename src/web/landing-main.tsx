import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LandingApp } from './app/landing-app';
import { getLanguage } from './lib/language';
import { loadText } from './lib/text';
import './styles.css';

// The entry of `/` (landing.html). Its texts start loading in parallel right away, and the
// first render waits for them so the page appears in one piece in the visitor's language.
const root = createRoot(document.getElementById('root')!);
const render = () =>
  root.render(
    <StrictMode>
      <LandingApp />
    </StrictMode>,
  );
// A failed catalogue still renders: the page's Suspense and error boundary take it from there.
loadText(getLanguage(), ['common', 'landing', 'cookies']).then(render, render);
