import { App } from './app/app';
import { renderApp } from './app/render-app';
import { catalogueLoaders } from './lib/all-catalogues';
import { registerCatalogues } from './lib/text';
import './styles.css';

// The app's pages load their own catalogues with their chunks.
registerCatalogues(catalogueLoaders);
renderApp(<App />);
