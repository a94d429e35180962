/**
 * What a run is for and who started it. The trigger decides both, the Action's inputs and the CLI's
 * flags can force the mode, and policy rules can be scoped to them; so they live below all three.
 */

/** What a run is for; policy rules can be scoped to some of them (`runModes`). */
export const RUN_MODES = ['invoke', 'review', 'triage', 'maintenance'] as const;
export type RunMode = (typeof RUN_MODES)[number];

/** Who started the run: a maintainer's command, or an automatic event (push, schedule, PR). */
export const RUN_TRUSTS = ['maintainer', 'automatic'] as const;
export type RunTrust = (typeof RUN_TRUSTS)[number];
