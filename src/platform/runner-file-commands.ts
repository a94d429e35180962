/**
 * The runner's workflow file commands: the variables naming the files a step writes to set the
 * environment, `PATH`, outputs and state of later steps, and the job summary. The Action itself
 * writes through them (`@actions/core`); nothing it starts may reach them.
 */
export const FILE_COMMAND_VARIABLES = [
  'GITHUB_ENV',
  'GITHUB_OUTPUT',
  'GITHUB_PATH',
  'GITHUB_STATE',
  'GITHUB_STEP_SUMMARY',
] as const;
export type FileCommandVariable = (typeof FILE_COMMAND_VARIABLES)[number];
