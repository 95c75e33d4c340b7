/**
 * The app's icon for the documents the server renders itself (shop window, gift page, legal
 * pages, poster), as the web app's head.html names it. Without it browsers ask for
 * `/favicon.ico`, which web-app.ts answers too, for those that ask regardless.
 */
export const PAGE_ICON_LINKS = '<link rel="icon" href="/favicon.svg" type="image/svg+xml">\n<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png">';
