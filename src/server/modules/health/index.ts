// The health checks' surface: nothing, no other module calls them. Their plugin is registered by ../plugins.ts.
export {};
