import { BrowserRouter } from 'react-router';
import '../lib/i18n';
import { AppErrorBoundary } from './app-error-boundary';
import { AppRoutes } from './router';

export function App() {
  return (
    <AppErrorBoundary>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppErrorBoundary>
  );
}
