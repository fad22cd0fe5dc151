import * as z from 'zod/mini';
import { FILE_KINDS } from '../file-kinds';

/** What a stored upload may be downloaded as (GET /api/files/{key}?type=...). */
const DOWNLOAD_TYPES = FILE_KINDS;

export const fileQuery = z.object({
  type: z.enum(DOWNLOAD_TYPES, { error: `must be one of ${DOWNLOAD_TYPES.join(', ')}` }),
});
