/** COD confirmation: request and answer schemas (issue 39). */
export {};
