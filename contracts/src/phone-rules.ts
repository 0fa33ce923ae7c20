/** One-time codes and phone sign-in: zod-free rules and limits (issue 39). */
export {};
