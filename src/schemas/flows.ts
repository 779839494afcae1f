// Request schemas for the flows area (spec section 2); filled in by the flows issue.
export {};
