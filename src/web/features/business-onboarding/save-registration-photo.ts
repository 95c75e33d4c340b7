export type PhotoOutcome = 'none' | 'saved' | 'failed';

/**
 * The business exists only once the registration succeeds, so the wizard's photo is sent
 * afterwards. A failed photo never undoes the registration: the caller warns and moves on.
 */
export async function saveRegistrationPhoto(
  photo: File | null,
  upload: (file: File) => Promise<unknown>,
): Promise<PhotoOutcome> {
  if (!photo) return 'none';
  try {
    await upload(photo);
    return 'saved';
  } catch {
    return 'failed';
  }
}
