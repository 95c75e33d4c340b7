import { SHELL_NAMESPACES } from '@shared/shell-catalogues';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { getLanguage } from './lib/language';
import { loadText } from './lib/text';
import './styles.css';

const root = createRoot(document.getElementById('root')!);
// Rendered in a transition, like the landing page (landing-main.tsx): React renders the first
// frame in slices and yields to the browser in between instead of one long task.
const render = () =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
// The page furniture's catalogues first (the document preloads them, so this is a moment).
// Rendered before they had arrived, the skip link read its texts as missing; when they came in
// the middle of the sliced render, React threw that render away and did it again in one
// blocking task (ADR 051). A failed catalogue still renders: the boundaries take it from there.
loadText(getLanguage(), SHELL_NAMESPACES).then(render, render);
