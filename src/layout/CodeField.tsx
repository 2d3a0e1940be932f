import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A record's code ("JOB-000072", a reference, a key prefix): never broken over two lines, in
 * tabular figures so that a column of codes lines up. Every code column and field uses it.
 */
export const CodeText = ({ children }: { children: ReactNode }) => (
  <Box
    component="span"
    sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', wordBreak: 'keep-all' }}
  >
    {children}
  </Box>
);
