/** One-time codes and phone sign-in: request and answer schemas (issue 39). */
export {};
