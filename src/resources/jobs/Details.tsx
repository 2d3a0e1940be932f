import type { ReactNode } from 'react';
import { Card, CardContent, Typography } from '@mui/material';

export { Details } from '../../layout/Details';

/** A card of the job profile with its heading. */
export const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card sx={{ width: '100%' }}>
    <CardContent>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </CardContent>
  </Card>
);
