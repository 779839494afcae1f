// Request schemas for the crm area (spec section 2); filled in by the crm issue.
export {};
