// The email test page's surface: nothing, no other module calls it. Its plugin is registered by ../plugins.ts.
export {};
