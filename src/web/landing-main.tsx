import { LandingApp } from './app/landing-app';
import { renderApp } from './app/render-app';
import './styles.css';

// The entry of `/` (landing.html): its first render waits for its texts too, so the page
// appears in one piece in the visitor's language.
// (Its namespaces written out, as shared/page-texts.ts lists them: importing the list would
// add every page's entry to the landing page's JavaScript; app/page-texts.test.ts keeps them equal.)
renderApp(<LandingApp />, ['landing']);
