/** The help area's messages for islands (declared here, embedded by the page), and the keys of feedback states. */

export const STATE_KEY = { submitted: 'help.stateSubmitted', inProgress: 'help.stateInProgress', replied: 'help.stateReplied' } as const;
