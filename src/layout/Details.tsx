import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

/** Label / value pairs as a definition list: two columns on wide screens, one on phones. */
export const Details = ({ items }: { items: Array<[string, ReactNode]> }) => (
  <Box
    component="dl"
    sx={{
      display: 'grid',
      gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
      columnGap: 3,
      rowGap: { xs: 0.5, sm: 1 },
      m: 0,
    }}
  >
    {items.map(([label, value]) => (
      <Box key={label} sx={{ display: 'contents' }}>
        <Typography component="dt" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
          {label}
        </Typography>
        <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
          {value}
        </Typography>
      </Box>
    ))}
  </Box>
);
