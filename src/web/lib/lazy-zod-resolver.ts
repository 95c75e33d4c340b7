import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * react-hook-form's zod resolver for a shared contract's schema, with zod (≈ 26 KB gzip) and
 * the schema loaded when the form is first used rather than with the page (ADR 039). The form
 * renders and takes input at once; `preload` (on the form's first focus) starts the download,
 * and the first validation (submit, by default) waits for it if it has not finished.
 *
 *   const signIn = lazyZodResolver(() => import('@shared/contracts/auth-forms').then((m) => m.signInFormSchema));
 *   useForm({ resolver: signIn.resolver, … });  <form onFocus={signIn.preload} …>
 *
 * Create it once per schema, at module level, so every render shares the loaded resolver.
 */
export function lazyZodResolver<Schema extends z.ZodType<FieldValues, FieldValues>>(load: () => Promise<Schema>) {
  type Loaded = Resolver<z.input<Schema>, unknown, z.output<Schema>>;
  let loading: Promise<Loaded> | undefined;
  const loaded = () =>
    (loading ??= Promise.all([import('@hookform/resolvers/zod'), load()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as unknown as Loaded,
      (error: unknown) => {
        // A failed download (offline for a moment) is tried again on the next use.
        loading = undefined;
        throw error;
      },
    ));
  const resolver: Loaded = async (values, context, options) => (await loaded())(values, context, options);
  return {
    resolver,
    preload: () => {
      loaded().catch(() => undefined);
    },
  };
}
