import { SHELL_NAMESPACES } from '@shared/shell-catalogues';
import { startTransition, StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { getLanguage } from '../lib/language';
import { loadText } from '../lib/text';

/**
 * How the app starts (main.tsx): the catalogues first, then the first
 * render. The page furniture's catalogues (`SHELL_NAMESPACES`) and the entry's own ones start
 * loading at once (the document preloads them, so this is a moment). Rendered before they
 * had arrived, the skip link read its texts as missing; when they came in during the sliced
 * render, React threw that render away and did it again in one blocking task (ADR 051).
 * A failed catalogue still renders: the boundaries take it from there.
 */
export function renderApp(app: ReactNode, namespaces: readonly string[] = []) {
  const root = createRoot(document.getElementById('root')!);
  // A transition lets React render the first frame in slices and yield to the browser in
  // between, instead of one long task that blocks input on a slow phone.
  const render = () => startTransition(() => root.render(<StrictMode>{app}</StrictMode>));
  loadText(getLanguage(), [...SHELL_NAMESPACES, ...namespaces]).then(render, render);
}
