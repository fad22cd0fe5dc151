// Vitest's setup file: before each test file, the server's threads start from the run's compiled copy.
import { useCompiledThreads } from './compiled-threads';

useCompiledThreads();
