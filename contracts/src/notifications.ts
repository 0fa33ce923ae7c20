/** Shoppers' notification choices and the phone channels: request and answer schemas (issue 39). */
export {};
