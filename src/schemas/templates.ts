// Request schemas for the templates area (spec section 2); filled in by the templates issue.
export {};
