/** The one-line message of anything thrown: an Error's message, else the value as text (a thrown string). */
export const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));
