// Request schemas for the auth area (spec section 2); filled in by the auth issue.
export {};
