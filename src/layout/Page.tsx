import type { ReactNode } from 'react';
import { Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

/** A page of cards: its title in the app bar, the cards stacked below, at most `maxWidth` wide. */
export const Page = ({
  title,
  maxWidth,
  children,
}: {
  title: string;
  maxWidth?: number;
  children: ReactNode;
}) => (
  <Stack spacing={2} sx={{ mt: 2, mb: 2, maxWidth }}>
    <Title title={title} />
    {children}
  </Stack>
);

/** The page's heading inside its first card, an h2 under the app bar's title (the page's h1). */
export const PageHeading = ({ title }: { title: string }) => {
  const translate = useTranslate();
  return (
    <Typography variant="h5" component="h2" gutterBottom>
      {translate(title)}
    </Typography>
  );
};
