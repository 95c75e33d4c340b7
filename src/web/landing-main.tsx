import { LandingApp } from './app/landing-app';
import { PAGE_NAMESPACES } from '@shared/page-texts';
import { renderApp } from './app/render-app';
import './styles.css';

// The entry of `/` (landing.html): its first render waits for its texts too, so the page
// appears in one piece in the visitor's language.
renderApp(<LandingApp />, PAGE_NAMESPACES['landing.html']);
