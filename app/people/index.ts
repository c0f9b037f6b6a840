export { UserCard, UserHoverCard, UserRef, wrapInUserCard } from './UserHoverCard';
export { fetchUser, useUser } from './user-cache';
export { avatarUrl, userDisplayName, userIdOf, type UserValue } from './user-display';
