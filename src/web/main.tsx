import { App } from './app/app';
import { renderApp } from './app/render-app';
import './styles.css';

// Every page but the landing page; its pages load their own catalogues with their chunks.
renderApp(<App />);
