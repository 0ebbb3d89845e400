// The auth feature's face to the others: the sign-in limits (privacy counts a failed identity
// check like a failed sign-in) and the sign-in hooks other features register with (`app.auth.signIns`).
export { createLoginLimits, type LoginLimits } from './login-limits.js';
export type { MeAddition, SignInHooks } from './sign-in-hooks.js';
