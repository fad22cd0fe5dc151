// The limits' surface: the per-user limiters the app builds once, and the clean-up of ended windows.
export { registerUserLimits, type LimitDeps, type UserLimiter, type UserLimiters, type UserLimits } from './limits';
export { deleteEndedWindows } from './repository';
