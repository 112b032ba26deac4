// Channels of case creation, service-partner validation and case activity (issue: cases & events).
export const caseInvokes = {};
export const caseEvents = {};
