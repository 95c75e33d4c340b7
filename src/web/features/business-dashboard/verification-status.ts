/** What the verification card shows; `approved` is the specification's "verified". */
export type VerificationView = 'pending' | 'verified' | 'rejected' | 'unknown';

export function verificationView(status: string | null | undefined): VerificationView {
  switch (status) {
    case 'pending':
      return 'pending';
    case 'approved':
      return 'verified';
    case 'rejected':
      return 'rejected';
    default:
      return 'unknown';
  }
}

export function verificationBadge(view: VerificationView): 'success' | 'warning' | 'destructive' | 'neutral' {
  switch (view) {
    case 'verified':
      return 'success';
    case 'pending':
      return 'warning';
    case 'rejected':
      return 'destructive';
    default:
      return 'neutral';
  }
}
