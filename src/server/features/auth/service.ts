// The auth feature's face to the others: the sign-in limits (privacy counts a failed identity
// check like a failed sign-in). Other features join a sign-in through `app.auth.signIns`
// (sign-in-hooks.ts), registered at startup, so auth imports none of them.
export { createLoginLimits } from './login-limits.js';
