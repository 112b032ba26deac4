import { afterAll } from 'vitest';
import { removeTempDirsOfFile } from '../../electron/core/util/test-support/temp-dir';

// Every test file: folders tempDir() made outside a test (beforeAll, module scope) go after its last test.
afterAll(removeTempDirsOfFile);
