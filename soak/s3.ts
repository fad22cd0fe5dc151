import { startS3Server } from '#server/testing/s3-server';

/** The soak run's bucket: the tests' s3rver, stopped and started again on the same port with the same objects. */
export const startS3 = () => startS3Server('dispatch-soak');
