export { freePort, startServer, type RunningServer } from '#server/testing/running-server';
