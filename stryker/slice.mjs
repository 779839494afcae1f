// One config run on a slice (the e2e config costs a build and its test files per mutant):
// MUTATE names the files, or line ranges of them, to mutate (Stryker's `file:FROM-TO`), comma-
// separated; MUTATE_TESTS the test files to run (the e2e config). Unset: the config's own lists.
const list = (value, fallback) => {
  const items = (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return items.length ? items : fallback;
};

export const mutateSlice = (files) => list(process.env.MUTATE, files);
export const testSlice = (files) => list(process.env.MUTATE_TESTS, files);
