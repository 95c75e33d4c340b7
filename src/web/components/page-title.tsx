import { useLayoutEffect } from 'react';

/**
 * The document title of a screen, most specific part first: "Gifts · My Regalo · Regalo"
 * (WCAG 2.4.2).
 */
export function PageTitle({ parts }: { parts: readonly string[] }) {
  return <DocumentTitle title={pageTitle(parts)} />;
}

/**
 * Names the tab while it is mounted by changing the document's one <title> (head.html's);
 * unmounting it puts the previous title back. Not a React 19 <title> element: React hoists
 * it into <head> next to the static one, and a document with two <title> elements is not
 * valid HTML (the Nu HTML Checker's error).
 */
export function DocumentTitle({ title }: { title: string }) {
  useLayoutEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
  return null;
}

export function pageTitle(parts: readonly string[]): string {
  return [...parts.filter(Boolean), 'Regalo'].join(' · ');
}
