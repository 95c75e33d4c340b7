/**
 * Where the browser reads who is signed in (Better Auth's session endpoint). Without zod:
 * the landing page's session store reads it, and the server names it in the signed-in
 * pages' documents (`<link rel="preload">`, ADR 047), which only helps at this exact address.
 */
export const SESSION_PATH = '/api/auth/get-session';
