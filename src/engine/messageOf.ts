/** The one-line message of anything thrown: an Error's message, else the value as text (a thrown string). */
export const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/**
 * Whether what was thrown is a cancellation: an AbortError, as a DOMException (an AbortSignal's, the pool's) or as
 * the plain Error a worker's cancellation arrives as over comlink. A DOMException is an Error in browsers and Node.
 */
export const isAbortError = (e: unknown): boolean => e instanceof Error && e.name === 'AbortError';
