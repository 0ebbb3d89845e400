/** The toast after a sign-in cancelled a scheduled deletion; without zod, for the first page load. */
export const DELETION_CANCELLED_MESSAGE = 'Your account deletion was cancelled';
