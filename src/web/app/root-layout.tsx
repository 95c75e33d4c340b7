import { Suspense } from 'react';
import { Outlet } from 'react-router';

export function RootLayout() {
  return (
    <Suspense fallback={<div className="min-h-dvh" aria-busy="true" />}>
      <Outlet />
    </Suspense>
  );
}
