/**
 * The document title of a screen, most specific part first: "Gifts · My Regalo · Regalo"
 * (WCAG 2.4.2). React 19 hoists <title> into <head> and puts it before the static one of
 * head.html, so the screen that is showing names the tab; unmounting it restores the rest.
 * One string child: React warns about (and mangles) a title with several text children.
 */
export function PageTitle({ parts }: { parts: readonly string[] }) {
  return <title>{pageTitle(parts)}</title>;
}

export function pageTitle(parts: readonly string[]): string {
  return [...parts.filter(Boolean), 'Regalo'].join(' · ');
}
